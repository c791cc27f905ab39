import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { ADMIN_TOKEN_STORAGE_KEY, ADMIN_USER_STORAGE_KEY, type Locale } from '@capstan/shared';
import { adminStatsHandler } from '@/testing/mocks/admin-stats';
import { pendingReviewsHandler } from '@/testing/mocks/admin-reviews';
import { buildMe } from '@/testing/mocks/me';
import { server } from '@/testing/mocks/server';
import { renderApp } from '@/testing/test-utils';

/** The server's record of the signed-in owner's language, changed by PUT /api/auth/locale. */
let saved: Locale;
const sent: unknown[] = [];

beforeEach(() => {
  saved = 'en';
  sent.length = 0;
  server.use(
    http.get('/api/auth/me', () => HttpResponse.json(buildMe('owner', saved))),
    http.put('/api/auth/locale', async ({ request }) => {
      const body = (await request.json()) as { locale: Locale };
      sent.push(body);
      saved = body.locale;
      return HttpResponse.json(body);
    }),
    adminStatsHandler(),
    pendingReviewsHandler(),
    http.get('/api/auth/account', () => HttpResponse.json({ totpEnabled: false, passwordChangedAt: null })),
  );
  localStorage.setItem(ADMIN_TOKEN_STORAGE_KEY, 'token-abc');
  localStorage.setItem(
    ADMIN_USER_STORAGE_KEY,
    JSON.stringify({ id: 'u1', email: 'admin@example.com', username: 'ravi' }),
  );
});

const sidebar = () => screen.getAllByRole('navigation')[0]!;

describe('the back office in the language each person chose', () => {
  it('switches from English to Hindi when the person saves Hindi under Account, and says so in Hindi', async () => {
    renderApp('/admin/account');
    expect(await screen.findByRole('link', { name: 'Dashboard' })).toBeInTheDocument();
    const user = userEvent.setup({ delay: null });

    await user.click(screen.getByRole('radio', { name: 'हिन्दी' }));
    await user.click(screen.getByRole('button', { name: 'Save language' }));

    await waitFor(() => expect(sent).toEqual([{ locale: 'hi' }]));
    expect((await screen.findAllByRole('link', { name: 'डैशबोर्ड' })).length).toBeGreaterThan(0);
    expect(within(sidebar()).queryByRole('link', { name: 'Dashboard' })).not.toBeInTheDocument();
    expect(await screen.findByRole('radio', { name: 'हिन्दी' })).toBeChecked();
    expect(await screen.findByText('भाषा सेव हो गई')).toBeInTheDocument();
    expect(document.documentElement.lang).toBe('hi');
  });

  it('opens in the language saved with the account, Tamil here', async () => {
    saved = 'ta';
    renderApp('/admin/account');
    expect(await screen.findByRole('link', { name: 'டாஷ்போர்டு' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'வெளியேறு' })).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'தமிழ்' })).toBeChecked();
    // Nothing to save until another language is chosen.
    expect(screen.getByRole('button', { name: 'மொழியைச் சேமி' })).toBeDisabled();
  });
});
