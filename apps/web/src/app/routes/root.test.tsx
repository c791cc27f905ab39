import { act, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { Locale } from '@capstan/shared';
import { AppProvider } from '@/app/provider';
import { ADMIN_SESSION_EXPIRED_EVENT } from '@/lib/auth-storage';
import { rememberAdminLocale } from '@/lib/i18n/admin-locale';
import { createQueryClient } from '@/lib/query-client';
import { translatorFor } from '@/testing/locale';
import { RootRoute } from './root';

/** The root route on a page in `pageLocale`, its child a stand-in for the page (no data to mock). */
function renderPage(pageLocale: Locale) {
  const router = createMemoryRouter(
    [
      {
        path: '/',
        element: <RootRoute />,
        children: [
          { index: true, element: <p>home</p> },
          { path: 'admin/dashboard', element: <p>dashboard</p> },
        ],
      },
    ],
    { initialEntries: ['/admin/dashboard'] },
  );
  render(
    <AppProvider queryClient={createQueryClient()} translator={translatorFor(pageLocale)}>
      <RouterProvider router={router} />
    </AppProvider>,
  );
  return router;
}

async function expire(router: ReturnType<typeof renderPage>) {
  act(() => {
    window.dispatchEvent(new Event(ADMIN_SESSION_EXPIRED_EVENT));
  });
  await waitFor(() => expect(router.state.location.pathname).toBe('/'));
}

describe('"Session expired" in the signed-out staff member’s language', () => {
  it('is Tamil for a staff member whose back office was Tamil, on the English page they are sent to', async () => {
    rememberAdminLocale('ta');
    const router = renderPage('en');
    await expire(router);
    const title = await screen.findByText('அமர்வு காலாவதியானது');
    expect(screen.getByText('மீண்டும் உள்நுழையவும்.')).toBeInTheDocument();
    // The page is English: the toast says its words are Tamil.
    expect(title.closest('li')).toHaveAttribute('lang', 'ta');
    expect(screen.queryByText('Session expired')).not.toBeInTheDocument();
  });

  it('is the page’s language when this browser kept no back-office language', async () => {
    const router = renderPage('hi');
    await expire(router);
    const title = await screen.findByText('सेशन ख़त्म हो गया');
    // The page's own language: nothing to mark.
    expect(title.closest('li')).not.toHaveAttribute('lang');
    expect(screen.getByText('कृपया फिर से साइन इन करें।')).toBeInTheDocument();
  });

  it('stays English for an English staff member', async () => {
    rememberAdminLocale('en');
    const router = renderPage('en');
    await expire(router);
    expect(await screen.findByText('Session expired')).toBeInTheDocument();
    expect(screen.getByText('Please sign in again.')).toBeInTheDocument();
  });
});
