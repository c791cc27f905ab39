import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import {
  type AdminSiteSettings,
  type CompanyInput,
  DEFAULT_COMPANY,
  DEFAULT_COMPANY_PRIVATE,
  DEFAULT_LANDING,
  TERMS_MESSAGES,
} from '@capstan/shared';
import { server } from '@/testing/mocks/server';
import { adminTranslatorFor, inAdminLocale } from '@/testing/locale';
import { renderWithProviders } from '@/testing/test-utils';
import { CompanySettingsScreen } from './site-screens';

// Site → Company's default warranty of installed machines: what a machine registered without a
// warranty of its own gets.

const V1 = '2026-11-24T10:00:00.000Z';

function siteApi() {
  const site: AdminSiteSettings = structuredClone({
    company: {
      ...DEFAULT_COMPANY,
      ...DEFAULT_COMPANY_PRIVATE,
      notificationEmails: ['owner@example.in'],
      updatedAt: V1,
    },
    landing: { ...DEFAULT_LANDING, updatedAt: V1 },
  });
  const sent: CompanyInput[] = [];
  server.use(
    http.get('/api/admin/site', () => HttpResponse.json(site)),
    http.put('/api/site/company', async ({ request }) => {
      const body = (await request.json()) as CompanyInput;
      sent.push(body);
      return HttpResponse.json({ ...site.company, ...body, updatedAt: V1 });
    }),
  );
  return sent;
}

describe('Site → Company: the default warranty of installed machines', () => {
  it('shows the stored months, refuses a figure out of range at the field, and saves a whole number', async () => {
    const sent = siteApi();
    const u = userEvent.setup({ delay: null });
    renderWithProviders(<CompanySettingsScreen />);
    const months = await screen.findByLabelText('Default warranty (months)');
    expect(months).toHaveValue(24);
    expect(months).toHaveAccessibleDescription(expect.stringContaining('0 to 120 months'));

    await u.clear(months);
    await u.type(months, '121');
    await u.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(months).toHaveAccessibleDescription(expect.stringContaining(TERMS_MESSAGES.warranty)));
    expect(sent).toEqual([]);

    await u.clear(months);
    await u.type(months, '36');
    await u.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]?.warrantyMonthsDefault).toBe(36);
  });

  it('names the field in Tamil and Hindi', async () => {
    for (const locale of ['ta', 'hi'] as const) {
      siteApi();
      const translator = adminTranslatorFor(locale);
      const view = renderWithProviders(<CompanySettingsScreen />, { wrapper: inAdminLocale(locale) });
      expect(await screen.findByLabelText(translator.t('adminSite.warrantyMonthsDefault'))).toHaveValue(24);
      view.unmount();
    }
  });
});
