import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { ADMIN_TOKEN_STORAGE_KEY, ADMIN_USER_STORAGE_KEY, DEFAULT_ITEM_TERMS, ITEM_TERMS_URL } from '@capstan/shared';
import { ADMIN_SESSION_EXPIRED_EVENT } from '@/lib/auth-storage';
import { http, HttpResponse } from 'msw';
import { adminStatsHandler, buildAdminStats } from '@/testing/mocks/admin-stats';
import { featuredHandlers } from '@/testing/mocks/featured';
import { meHandler } from '@/testing/mocks/me';
import { server } from '@/testing/mocks/server';
import { pendingReviewsHandler } from '@/testing/mocks/admin-reviews';
import { renderApp } from '@/testing/test-utils';
import { translationGapsHandler } from '@/features/admin-catalogue/testing/translation-gaps-api';
import { findModalDialog } from '@/testing/find-dialog';

// Signed in as an owner, who may do everything; other roles have tests of their own.
beforeEach(() => {
  server.use(meHandler());
});
// The sidebar asks how many reviews wait for a decision on every admin screen.
beforeEach(() => server.use(pendingReviewsHandler()));

function signIn() {
  // The layout reads the stats (sidebar badge); the product screens and Inquiries read their lists.
  server.use(
    adminStatsHandler(),
    // The products screen's "what is left to translate".
    translationGapsHandler(),
    // The Featured screen shows the landing page's order from its three lists.
    ...featuredHandlers(),
    ...['/api/products', '/api/spareparts', '/api/services', '/api/inquiries', '/api/inquiries/assignees'].map((url) =>
      http.get(url, () => HttpResponse.json([])),
    ),
    // The Featured screen's counters.
    http.get('/api/catalogue/summary', () => {
      const none = { total: 0, featured: 0 };
      return HttpResponse.json({ products: none, machines: none, spareParts: none, services: none });
    }),
    // The item forms say what each kind's default availability and warranty is (decision 051).
    http.get(ITEM_TERMS_URL, () => HttpResponse.json({ ...DEFAULT_ITEM_TERMS, updatedAt: '2026-11-24T00:00:00.000Z' })),
    // The edit routes load item 'abc'; the test only cares that the screen resolves.
    http.get('/api/:collection/abc', () => HttpResponse.json({ message: 'Not found' }, { status: 404 })),
  );
  localStorage.setItem(ADMIN_TOKEN_STORAGE_KEY, 'token-abc');
  localStorage.setItem(
    ADMIN_USER_STORAGE_KEY,
    JSON.stringify({ id: 'u1', email: 'admin@example.com', username: 'ravi' }),
  );
}

describe('admin boundary', () => {
  it('sends a visitor without a token from an admin path to /', async () => {
    server.use(...featuredHandlers());
    const { router } = renderApp('/admin/dashboard');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Kovai Precision Machines' })).toBeInTheDocument();
  });

  it('offers "Skip to content" as the first focusable element, which moves the focus to the screen', async () => {
    signIn();
    renderApp('/admin/dashboard');
    await screen.findByRole('heading', { level: 1, name: 'Dashboard' });
    const user = userEvent.setup({ delay: null });
    await user.tab();
    const skip = screen.getByRole('link', { name: 'Skip to content' });
    expect(document.activeElement).toBe(skip);
    await user.keyboard('{Enter}');
    expect(document.activeElement).toBe(screen.getByRole('main'));
    expect(screen.getByRole('main')).toContainElement(screen.getByRole('heading', { level: 1, name: 'Dashboard' }));
  });

  it('shows the admin screen and the signed-in user when a token is stored', async () => {
    signIn();
    renderApp('/admin/dashboard');
    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard' })).toBeInTheDocument();
    expect(screen.getByText(/Logged in as:/)).toHaveTextContent('Logged in as: ravi');
  });

  it.each([
    ['/admin', 'Dashboard'],
    ['/admin/products', 'Product Management'],
    ['/admin/products/add', 'Add New Machine'],
    ['/admin/products/edit/abc', 'Edit Machine'],
    ['/admin/spareparts/add', 'Add New Spare Part'],
    ['/admin/spareparts/edit/abc', 'Edit Spare Part'],
    ['/admin/services/add', 'Add New Service'],
    ['/admin/services/edit/abc', 'Edit Service'],
    ['/admin/featured-products', 'Featured Products'],
    ['/admin/spare-parts', 'Product Management'],
    ['/admin/inquiries', 'Inquiries'],
  ])('resolves %s', async (url, title) => {
    signIn();
    renderApp(url);
    expect(await screen.findByRole('heading', { level: 1, name: title })).toBeInTheDocument();
  });

  it('logs out: revokes the server session, clears the session and goes to /', async () => {
    signIn();
    const logoutAuth: (string | null)[] = [];
    server.use(
      ...featuredHandlers(),
      http.post('/api/auth/logout', ({ request }) => {
        logoutAuth.push(request.headers.get('Authorization'));
        return new HttpResponse(null, { status: 204 });
      }),
    );
    const user = userEvent.setup({ delay: null });
    const { router } = renderApp('/admin/dashboard');

    await user.click(await screen.findByRole('button', { name: 'Logout' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(logoutAuth).toEqual(['Bearer token-abc']);
    expect(localStorage.getItem(ADMIN_TOKEN_STORAGE_KEY)).toBeNull();
    expect(localStorage.getItem(ADMIN_USER_STORAGE_KEY)).toBeNull();
  });

  it('logs out locally even when the server cannot be reached', async () => {
    signIn();
    server.use(
      ...featuredHandlers(),
      http.post('/api/auth/logout', () => HttpResponse.error()),
    );
    const user = userEvent.setup({ delay: null });
    const { router } = renderApp('/admin/dashboard');

    await user.click(await screen.findByRole('button', { name: 'Logout' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(localStorage.getItem(ADMIN_TOKEN_STORAGE_KEY)).toBeNull();
  });

  it('sends a signed-in admin on a public page to the dashboard', async () => {
    signIn();
    const { router } = renderApp('/products');
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/dashboard'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard' })).toBeInTheDocument();
  });

  it('logs this tab out when another tab removes the token (storage event)', async () => {
    signIn();
    server.use(...featuredHandlers());
    const { router } = renderApp('/admin/dashboard');
    await screen.findByRole('heading', { level: 1, name: 'Dashboard' });

    act(() => {
      // Another tab's logout: the storage changes underneath and only a `storage` event says so.
      localStorage.removeItem(ADMIN_TOKEN_STORAGE_KEY);
      window.dispatchEvent(new StorageEvent('storage', { key: ADMIN_TOKEN_STORAGE_KEY, newValue: null }));
    });

    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(screen.queryByRole('button', { name: 'Logout' })).not.toBeInTheDocument();
  });

  it('on a 401 from the server: clears the session, toasts and goes to /', async () => {
    signIn();
    server.use(
      ...featuredHandlers(),
      http.get('/api/admin/stats', () => HttpResponse.json({ message: 'Unauthorized' }, { status: 401 })),
    );
    const { router } = renderApp('/admin/dashboard');

    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    // The landing page and the toast viewport are loaded on the way: allow for a cold module cache.
    expect(await screen.findByText('Session expired')).toBeInTheDocument();
    expect(screen.getByText('Please sign in again.')).toBeInTheDocument();
    expect(localStorage.getItem(ADMIN_TOKEN_STORAGE_KEY)).toBeNull();
  });

  it('says the session expired in the back-office language the staff member chose, Hindi here', async () => {
    signIn();
    server.use(meHandler('owner', 'hi'), ...featuredHandlers());
    const { router } = renderApp('/admin/dashboard');
    await screen.findByRole('heading', { level: 1, name: 'डैशबोर्ड' });

    act(() => {
      localStorage.removeItem(ADMIN_TOKEN_STORAGE_KEY);
      window.dispatchEvent(new Event(ADMIN_SESSION_EXPIRED_EVENT));
    });

    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    const title = await screen.findByText('सेशन ख़त्म हो गया');
    expect(screen.getByText('कृपया फिर से साइन इन करें।')).toBeInTheDocument();
    // The page left for is English: the toast says its words are Hindi.
    expect(title.closest('li')).toHaveAttribute('lang', 'hi');
    expect(screen.queryByText('Session expired')).not.toBeInTheDocument();
  });

  it('shows the number of new inquiries next to Inquiries, the link to the screen of that name', async () => {
    signIn();
    server.use(adminStatsHandler(buildAdminStats({ inquiries: { total: 40, new: 11, thisWeek: 2, overdue: 0 } })));
    renderApp('/admin/dashboard');

    const inquiries = await screen.findByRole('link', { name: /Inquiries/ });
    expect(inquiries).toHaveAttribute('href', '/admin/inquiries');
    await waitFor(() => expect(inquiries).toHaveTextContent('Inquiries11 new'));
    // One name: the sidebar says what the screen's heading says (the spec's "Customers" is not used).
    expect(screen.queryByRole('link', { name: /Customers/ })).not.toBeInTheDocument();
  });

  it('opens the sidebar as a drawer from the menu button', async () => {
    signIn();
    const user = userEvent.setup({ delay: null });
    renderApp('/admin/dashboard');

    await user.click(await screen.findByRole('button', { name: 'Open admin menu' }));
    const drawer = await findModalDialog();
    expect(within(drawer).getByRole('link', { name: /Inquiries/ })).toBeInTheDocument();
    await user.click(within(drawer).getByRole('link', { name: /Products/ }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('leaves the admin area when the API reports the session expired', async () => {
    signIn();
    server.use(...featuredHandlers());
    const { router } = renderApp('/admin/dashboard');
    await screen.findByRole('heading', { level: 1, name: 'Dashboard' });

    act(() => {
      localStorage.removeItem(ADMIN_TOKEN_STORAGE_KEY);
      window.dispatchEvent(new Event(ADMIN_SESSION_EXPIRED_EVENT));
    });

    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });
});
