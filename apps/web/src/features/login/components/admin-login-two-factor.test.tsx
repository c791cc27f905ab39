import { useState } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { Toaster } from '@/components/ui/toaster';
import { createQueryClient } from '@/lib/query-client';
import { server } from '@/testing/mocks/server';
import { AdminLoginDialog } from './admin-login-dialog';
import { findModalDialog } from '@/testing/find-dialog';

const USER = { id: 'u1', email: 'admin@kovai.in', username: 'admin' };
const CHALLENGE = 'challenge-token-0123456789abcdef';

function Harness() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Admin Access
      </button>
      <AdminLoginDialog open={open} onOpenChange={setOpen} />
    </>
  );
}

async function signInWithPassword() {
  const router = createMemoryRouter(
    [
      { path: '/', element: <Harness /> },
      { path: '/admin/dashboard', element: <h1>Dashboard</h1> },
    ],
    { initialEntries: ['/'] },
  );
  render(
    <QueryClientProvider client={createQueryClient()}>
      <RouterProvider router={router} />
      <Toaster />
    </QueryClientProvider>,
  );
  const user = userEvent.setup({ delay: null });
  await user.click(screen.getByRole('button', { name: 'Admin Access' }));
  const dialog = await findModalDialog('Admin Login');
  await user.type(within(dialog).getByLabelText('Email'), USER.email);
  await user.type(within(dialog).getByLabelText('Password'), 'correct horse battery');
  await user.click(within(dialog).getByRole('button', { name: 'Sign In' }));
  return { user, router, dialog };
}

function challengeHandler() {
  return http.post('/api/auth/login', () =>
    HttpResponse.json({ twoFactorRequired: true, challenge: CHALLENGE, message: 'Enter the code' }),
  );
}

describe('AdminLoginDialog second step', () => {
  it('asks for the code after a correct password and signs in with it', async () => {
    const calls: unknown[] = [];
    server.use(
      challengeHandler(),
      http.post('/api/auth/login/totp', async ({ request }) => {
        calls.push(await request.json());
        return HttpResponse.json({
          token: 'tok-2fa',
          user: USER,
          message: 'Login successful',
          expiresAt: '2030-01-01',
        });
      }),
    );
    const { user, router, dialog } = await signInWithPassword();
    const codeField = await within(dialog).findByLabelText('Authentication code');
    expect(localStorage.getItem('adminToken')).toBeNull();
    await user.type(codeField, '123 456');
    await user.click(within(dialog).getByRole('button', { name: 'Verify' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/dashboard'));
    expect(calls).toEqual([{ challenge: CHALLENGE, code: '123456' }]);
    expect(localStorage.getItem('adminToken')).toBe('tok-2fa');
    expect(await screen.findByText('Login successful! Welcome back.')).toBeInTheDocument();
  });

  it("shows the server's message for a wrong code and stays on the code step", async () => {
    server.use(
      challengeHandler(),
      http.post('/api/auth/login/totp', () =>
        HttpResponse.json({ message: 'Invalid or expired code.' }, { status: 401 }),
      ),
    );
    const { user, dialog } = await signInWithPassword();
    await user.type(await within(dialog).findByLabelText('Authentication code'), '000000');
    await user.click(within(dialog).getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('Invalid or expired code.')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Authentication code')).toBeInTheDocument();
    expect(localStorage.getItem('adminToken')).toBeNull();
  });

  it('refuses a malformed code without calling the server, and accepts a recovery code instead', async () => {
    const calls: unknown[] = [];
    server.use(
      challengeHandler(),
      http.post('/api/auth/login/totp', async ({ request }) => {
        calls.push(await request.json());
        return HttpResponse.json({ token: 'tok-rc', user: USER, message: 'Login successful', expiresAt: '2030-01-01' });
      }),
    );
    const { user, dialog } = await signInWithPassword();
    await user.type(await within(dialog).findByLabelText('Authentication code'), '12ab');
    await user.click(within(dialog).getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('Enter the 6-digit code from your authenticator app')).toBeInTheDocument();
    expect(calls).toEqual([]);

    await user.click(within(dialog).getByRole('button', { name: 'Use a recovery code' }));
    await user.type(within(dialog).getByLabelText('Recovery code'), 'ABCDE-23456');
    await user.click(within(dialog).getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(calls).toEqual([{ challenge: CHALLENGE, recoveryCode: 'abcde-23456' }]));
  });
});
