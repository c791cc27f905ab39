import { act, render, screen } from '@testing-library/react';
import { createMemoryRouter, Link, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { withSiteSettings } from '@/testing/site-settings';

// The overlay remembers its one showing per document, so each test gets a fresh module (a new page).
async function loadOverlay() {
  vi.resetModules();
  return import('./loading-overlay');
}

describe('LoadingOverlay', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  async function renderAtArrival() {
    const { LoadingOverlay, LOADING_OVERLAY_MS } = await loadOverlay();
    const router = createMemoryRouter([
      {
        path: '/',
        element: (
          <>
            <LoadingOverlay />
            <Link to="/products">Products</Link>
          </>
        ),
      },
      { path: '/products', element: <Link to="/">Back to Home</Link> },
    ]);
    render(<RouterProvider router={router} />, { wrapper: withSiteSettings() });
    return { router, LOADING_OVERLAY_MS };
  }

  it('covers the page on arrival and is gone after 1500 ms', async () => {
    await renderAtArrival();
    expect(screen.getByTestId('loading-overlay')).toHaveClass('fixed', 'inset-0');
    // A veil over the painted page (decision 060), not a curtain: the first screen is there,
    // blurred in its own colours, with no tint or background over it; the words sit on a card.
    const overlay = screen.getByTestId('loading-overlay');
    expect(overlay.className).toMatch(/(^|\s)backdrop-blur-/);
    expect(overlay.className).not.toMatch(/(^|\s)(bg|from|via|to)-/);
    expect(screen.getByText('Loading...').parentElement).toHaveClass('rounded-xl');
    expect(screen.getByTestId('loading-overlay')).toHaveAttribute('data-arrival-overlay');

    act(() => vi.advanceTimersByTime(1499));
    expect(screen.getByTestId('loading-overlay')).toBeInTheDocument();

    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByTestId('loading-overlay')).not.toBeInTheDocument();
  });

  it('also hides itself with CSS at 1.5 s, for server-rendered HTML whose script is slow or absent', async () => {
    const { LOADING_OVERLAY_MS } = await renderAtArrival();
    const overlay = screen.getByTestId('loading-overlay');
    expect(overlay).toHaveClass('animate-overlay-out');
    // Reduced motion must not cancel it, or the overlay would stay until the script runs.
    expect(overlay.className).not.toMatch(/motion-reduce:animate-none/);

    expect(LOADING_OVERLAY_MS).toBe(1500);
    expect(overlay.style.animationDelay).toBe('1500ms');
  });

  it('shows on arrival only: not on an in-app return to the page, nor on Back to it', async () => {
    const { router } = await renderAtArrival();
    act(() => vi.advanceTimersByTime(1500));
    expect(screen.queryByTestId('loading-overlay')).not.toBeInTheDocument();

    await act(() => router.navigate('/products'));
    await act(() => router.navigate('/'));
    expect(screen.getByRole('link', { name: 'Products' })).toBeInTheDocument();
    expect(screen.queryByTestId('loading-overlay')).not.toBeInTheDocument();

    await act(() => router.navigate('/products'));
    await act(() => router.navigate(-3));
    expect(screen.getByRole('link', { name: 'Products' })).toBeInTheDocument();
    expect(screen.queryByTestId('loading-overlay')).not.toBeInTheDocument();
  });

  it('does not show when the visitor arrived on another page and came to this one in the app', async () => {
    const { LoadingOverlay } = await loadOverlay();
    const router = createMemoryRouter(
      [
        { path: '/', element: <LoadingOverlay /> },
        { path: '/products', element: <Link to="/">Back to Home</Link> },
      ],
      { initialEntries: ['/products'] },
    );
    render(<RouterProvider router={router} />, { wrapper: withSiteSettings() });
    await act(() => router.navigate('/'));
    expect(screen.queryByTestId('loading-overlay')).not.toBeInTheDocument();
  });
});
