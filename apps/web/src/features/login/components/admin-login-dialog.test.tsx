import { useState } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { Toaster } from '@/components/ui/toaster';
import { createQueryClient } from '@/lib/query-client';
import { gate } from '@/testing/gate';
import { inLocale } from '@/testing/locale';
import { server } from '@/testing/mocks/server';
import { AdminLoginDialog } from './admin-login-dialog';
import { findModalDialog } from '@/testing/find-dialog';

const USER = { id: 'u1', email: 'admin@kovai.in', username: 'admin' };

function Harness({ onLoginSuccess }: { onLoginSuccess: () => void }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Admin Access
      </button>
      <AdminLoginDialog open={open} onOpenChange={setOpen} onLoginSuccess={onLoginSuccess} />
    </>
  );
}

function renderDialog() {
  const onLoginSuccess = vi.fn();
  const router = createMemoryRouter(
    [
      { path: '/', element: <Harness onLoginSuccess={onLoginSuccess} /> },
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
  return { router, onLoginSuccess, user: userEvent.setup({ delay: null }) };
}

async function openDialog() {
  const setup = renderDialog();
  await setup.user.click(screen.getByRole('button', { name: 'Admin Access' }));
  // The dialog's code is loaded on first open.
  await findModalDialog('Admin Login');
  return setup;
}

const dialog = () => screen.getByRole('dialog', { name: 'Admin Login' });
const emailField = () => within(dialog()).getByLabelText('Email');
const passwordField = () => within(dialog()).getByLabelText('Password');
const submitButton = () => within(dialog()).getByRole('button', { name: /Sign In|Signing in/ });
const toasts = () => screen.getByRole('region', { name: /Notifications/ });

async function expectErrorToast(description: string) {
  const text = await screen.findByText(description);
  const toast = text.closest('li');
  expect(toast).toHaveAttribute('data-variant', 'destructive');
  expect(within(toast!).getByText('Error')).toBeInTheDocument();
}

function loginHandler(respond: () => Response | Promise<Response>, calls: unknown[] = []) {
  return http.post('/api/auth/login', async ({ request }) => {
    calls.push(await request.json());
    return respond();
  });
}

describe('AdminLoginDialog', () => {
  it('renders nothing until first opened, then loads and shows the dialog', async () => {
    const { user } = renderDialog();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Admin Access' }));
    expect(await findModalDialog('Admin Login')).toBeInTheDocument();
  });

  it('shows labelled email and password fields with a show/hide toggle', async () => {
    const { user } = await openDialog();
    expect(emailField()).toHaveAttribute('type', 'email');
    expect(passwordField()).toHaveAttribute('type', 'password');
    const toggle = within(dialog()).getByRole('button', { name: 'Show password' });
    expect(toggle).toHaveAttribute('aria-pressed', 'false');
    await user.click(toggle);
    expect(passwordField()).toHaveAttribute('type', 'text');
    const hide = within(dialog()).getByRole('button', { name: 'Hide password' });
    expect(hide).toHaveAttribute('aria-pressed', 'true');
    await user.click(hide);
    expect(passwordField()).toHaveAttribute('type', 'password');
  });

  it('refuses blank (after trimming) fields without calling the server', async () => {
    const { user } = await openDialog();
    await user.type(emailField(), '   ');
    await user.type(passwordField(), 'secret');
    await user.click(submitButton());
    // No handler is registered: a request would fail the test (onUnhandledRequest: 'error').
    await expectErrorToast('Please fill in all fields');
    expect(dialog()).toBeInTheDocument();
  });

  it('disables the fields and reads Signing in... while submitting', async () => {
    const answer = gate();
    server.use(
      loginHandler(async () => {
        await answer.opened;
        return HttpResponse.json({ message: 'Invalid email or password' }, { status: 401 });
      }),
    );
    const { user } = await openDialog();
    await user.type(emailField(), 'admin@kovai.in');
    await user.type(passwordField(), 'wrong');
    await user.click(submitButton());
    expect(await within(dialog()).findByRole('button', { name: /Signing in\.\.\./ })).toBeDisabled();
    expect(emailField()).toBeDisabled();
    expect(passwordField()).toBeDisabled();
    answer.open();
    await waitFor(() => expect(submitButton()).toHaveTextContent('Sign In'));
    expect(emailField()).toBeEnabled();
  });

  it("shows the server's message on a non-OK response and keeps the dialog open", async () => {
    server.use(loginHandler(() => HttpResponse.json({ message: 'Invalid email or password' }, { status: 401 })));
    const { user, router, onLoginSuccess } = await openDialog();
    await user.type(emailField(), 'admin@kovai.in');
    await user.type(passwordField(), 'wrong');
    await user.click(submitButton());
    await expectErrorToast('Invalid email or password');
    expect(dialog()).toBeInTheDocument();
    expect(emailField()).toHaveValue('admin@kovai.in');
    expect(localStorage.getItem('adminToken')).toBeNull();
    expect(onLoginSuccess).not.toHaveBeenCalled();
    expect(router.state.location.pathname).toBe('/');
  });

  it("falls back to 'Login failed' when the server gives no message", async () => {
    server.use(loginHandler(() => new HttpResponse('Bad gateway', { status: 502 })));
    const { user } = await openDialog();
    await user.type(emailField(), 'admin@kovai.in');
    await user.type(passwordField(), 'secret');
    await user.click(submitButton());
    await expectErrorToast('Login failed');
  });

  it('reports a network failure', async () => {
    server.use(loginHandler(() => HttpResponse.error()));
    const { user } = await openDialog();
    await user.type(emailField(), 'admin@kovai.in');
    await user.type(passwordField(), 'secret');
    await user.click(submitButton());
    await expectErrorToast('Network error. Please try again.');
  });

  it('stores the session, thanks the admin, closes, calls back and goes to the dashboard', async () => {
    const calls: unknown[] = [];
    server.use(
      loginHandler(
        () =>
          HttpResponse.json({
            token: 'tok-123',
            user: USER,
            message: 'Login successful',
            expiresAt: '2030-01-01T00:00:00.000Z',
          }),
        calls,
      ),
    );
    const { user, router, onLoginSuccess } = await openDialog();
    await user.type(emailField(), '  Admin@Kovai.in ');
    await user.type(passwordField(), 'correct horse');
    await user.click(submitButton());

    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/admin/dashboard');
    expect(calls).toEqual([{ email: 'admin@kovai.in', password: 'correct horse' }]);
    expect(localStorage.getItem('adminToken')).toBe('tok-123');
    expect(JSON.parse(localStorage.getItem('adminUser') ?? 'null')).toEqual(USER);
    expect(onLoginSuccess).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(within(toasts()).getByText('Success')).toBeInTheDocument();
    expect(within(toasts()).getByText('Login successful! Welcome back.')).toBeInTheDocument();
  });

  it('clears the fields after a successful login', async () => {
    server.use(
      loginHandler(() =>
        HttpResponse.json({ token: 't', user: USER, message: 'ok', expiresAt: '2030-01-01T00:00:00.000Z' }),
      ),
    );
    const { user, router } = await openDialog();
    await user.type(emailField(), 'admin@kovai.in');
    await user.type(passwordField(), 'secret');
    await user.click(submitButton());
    await screen.findByRole('heading', { name: 'Dashboard' });
    await act(() => router.navigate('/'));
    await user.click(await screen.findByRole('button', { name: 'Admin Access' }));
    await findModalDialog('Admin Login');
    expect(emailField()).toHaveValue('');
    expect(passwordField()).toHaveValue('');
  });

  it('closes on Escape and on the close button', async () => {
    const { user } = await openDialog();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await user.click(screen.getByRole('button', { name: 'Admin Access' }));
    await user.click(within(dialog()).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('returns the focus to Admin Access when closed by Escape or the close button', async () => {
    const { user } = renderDialog();
    const opener = screen.getByRole('button', { name: 'Admin Access' });
    await user.click(opener);
    await findModalDialog('Admin Login');
    await waitFor(() => expect(dialog()).toContainElement(document.activeElement as HTMLElement));
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(document.activeElement).toBe(opener);

    opener.focus();
    await user.keyboard('{Enter}');
    await findModalDialog('Admin Login');
    await user.click(within(dialog()).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(document.activeElement).toBe(opener);
  });
});

describe('AdminLoginDialog in Tamil and Hindi', () => {
  it.each([
    {
      locale: 'ta',
      title: 'நிர்வாக உள்நுழைவு',
      email: 'மின்னஞ்சல்',
      password: 'கடவுச்சொல்',
      show: 'கடவுச்சொல்லைக் காட்டு',
      signIn: 'உள்நுழை',
      error: 'பிழை',
      fillAll: 'எல்லா விவரங்களையும் நிரப்பவும்',
      codeLabel: 'அங்கீகாரக் குறியீடு',
      useRecovery: 'மீட்புக் குறியீட்டைப் பயன்படுத்து',
    },
    {
      locale: 'hi',
      title: 'एडमिन लॉगिन',
      email: 'ईमेल',
      password: 'पासवर्ड',
      show: 'पासवर्ड दिखाएँ',
      signIn: 'साइन इन करें',
      error: 'त्रुटि',
      fillAll: 'कृपया सभी जानकारी भरें',
      codeLabel: 'सत्यापन कोड',
      useRecovery: 'रिकवरी कोड इस्तेमाल करें',
    },
  ] as const)('speaks $locale: the form, its errors and the second step', async (words) => {
    const router = createMemoryRouter([{ path: '/', element: <Harness onLoginSuccess={vi.fn()} /> }], {
      initialEntries: ['/'],
    });
    render(
      <QueryClientProvider client={createQueryClient()}>
        <RouterProvider router={router} />
        <Toaster />
      </QueryClientProvider>,
      { wrapper: inLocale(words.locale) },
    );
    const user = userEvent.setup({ delay: null });
    await user.click(screen.getByRole('button', { name: 'Admin Access' }));
    const shown = await findModalDialog(words.title);
    expect(within(shown).getByRole('button', { name: words.show })).toBeInTheDocument();
    expect(within(shown).queryByText('Sign In')).toBeNull();

    await user.click(within(shown).getByRole('button', { name: words.signIn }));
    const text = await screen.findByText(words.fillAll);
    expect(within(text.closest('li')!).getByText(words.error)).toBeInTheDocument();

    server.use(
      http.post('/api/auth/login', () =>
        HttpResponse.json({ twoFactorRequired: true, challenge: 'challenge-token-0123456789abcdef', message: 'x' }),
      ),
    );
    await user.type(within(shown).getByLabelText(words.email), USER.email);
    await user.type(within(shown).getByLabelText(words.password), 'correct horse battery');
    await user.click(within(shown).getByRole('button', { name: words.signIn }));
    expect(await within(shown).findByLabelText(words.codeLabel)).toBeInTheDocument();
    expect(within(shown).getByRole('button', { name: words.useRecovery })).toBeInTheDocument();
    expect(within(shown).queryByText('Authentication code')).toBeNull();
  });
});
