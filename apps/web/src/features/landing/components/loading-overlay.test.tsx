import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LOADING_OVERLAY_MS, LoadingOverlay } from './loading-overlay';

describe('LoadingOverlay', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('covers the page on arrival and is gone after 1500 ms', () => {
    render(<LoadingOverlay />);
    expect(screen.getByTestId('loading-overlay')).toHaveClass('fixed', 'inset-0');

    act(() => vi.advanceTimersByTime(1499));
    expect(screen.getByTestId('loading-overlay')).toBeInTheDocument();

    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByTestId('loading-overlay')).not.toBeInTheDocument();
  });

  it('also hides itself with CSS at 1.5 s, for server-rendered HTML whose script is slow or absent', () => {
    render(<LoadingOverlay />);
    const overlay = screen.getByTestId('loading-overlay');
    expect(overlay).toHaveClass('animate-overlay-out');
    // Reduced motion must not cancel it, or the overlay would stay until the script runs.
    expect(overlay.className).not.toMatch(/motion-reduce:animate-none/);

    expect(LOADING_OVERLAY_MS).toBe(1500);
    expect(overlay.style.animationDelay).toBe('1500ms');
  });
});
