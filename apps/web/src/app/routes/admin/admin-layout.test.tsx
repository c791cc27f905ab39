import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ADMIN_TOKEN_STORAGE_KEY, ADMIN_USER_STORAGE_KEY } from '@capstan/shared';
import { ADMIN_SESSION_EXPIRED_EVENT } from '@/lib/auth-storage';
import { featuredHandlers } from '@/testing/mocks/featured';
import { server } from '@/testing/mocks/server';
import { renderApp } from '@/testing/test-utils';

function signIn() {
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

  it('shows the admin screen and the signed-in user when a token is stored', async () => {
    signIn();
    renderApp('/admin/dashboard');
    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard' })).toBeInTheDocument();
    expect(screen.getByText(/Logged in as:/)).toHaveTextContent('Logged in as: ravi');
  });

  it.each([
    ['/admin', 'Dashboard'],
    ['/admin/products', 'Product Management'],
    ['/admin/products/add', 'Add Machine'],
    ['/admin/products/edit/abc', 'Edit Machine'],
    ['/admin/spareparts/add', 'Add Spare Part'],
    ['/admin/spareparts/edit/abc', 'Edit Spare Part'],
    ['/admin/services/add', 'Add Service'],
    ['/admin/services/edit/abc', 'Edit Service'],
    ['/admin/featured-products', 'Featured Products'],
    ['/admin/spare-parts', 'Product Management'],
  ])('resolves %s', async (url, title) => {
    signIn();
    renderApp(url);
    expect(await screen.findByRole('heading', { level: 1, name: title })).toBeInTheDocument();
  });

  it('logs out: clears the session and goes to /', async () => {
    signIn();
    server.use(...featuredHandlers());
    const user = userEvent.setup();
    const { router } = renderApp('/admin/dashboard');

    await user.click(await screen.findByRole('button', { name: 'Logout' }));

    expect(localStorage.getItem(ADMIN_TOKEN_STORAGE_KEY)).toBeNull();
    expect(localStorage.getItem(ADMIN_USER_STORAGE_KEY)).toBeNull();
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
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
