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
  GSTIN_MESSAGES,
  IFSC_MESSAGE,
  QUOTATION_PREFIX_MESSAGE,
} from '@capstan/shared';
import { server } from '@/testing/mocks/server';
import { inAdminLocale } from '@/testing/locale';
import { renderWithProviders } from '@/testing/test-utils';
import { CompanySettingsScreen } from './site-screens';

// Site → Company's GST and quotation fields (decision 075): the GSTIN checked part by part, the
// state it gives, the bank account, the UPI id and the quotation number prefix.

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

const save = (name = 'Save') => userEvent.click(screen.getByRole('button', { name }));

async function retype(label: string, text: string) {
  const input = screen.getByLabelText(label);
  await userEvent.clear(input);
  if (text !== '') await userEvent.type(input, text);
  return input;
}

describe('Site → Company: GSTIN and quotations', () => {
  it('shows the state the demo GSTIN gives, and refuses a mistyped check character at the field, sending nothing', async () => {
    const sent = siteApi();
    renderWithProviders(<CompanySettingsScreen />);
    expect(await screen.findByLabelText('GSTIN (optional)')).toHaveValue('33AABCK1234F1Z6');
    expect(screen.getByText('State for GST: Tamil Nadu (33)')).toBeInTheDocument();

    const gstin = await retype('GSTIN (optional)', '33AABCK1234F1Z7');
    expect(screen.queryByText(/State for GST/)).not.toBeInTheDocument();
    await save();

    expect(await screen.findByText(GSTIN_MESSAGES.checkCharacter)).toBeInTheDocument();
    expect(gstin).toHaveAttribute('aria-invalid', 'true');
    expect(sent).toHaveLength(0);
  });

  it('takes a lower-case GSTIN of another state, with its state, and sends it upper case', async () => {
    const sent = siteApi();
    renderWithProviders(<CompanySettingsScreen />);
    await screen.findByLabelText('GSTIN (optional)');
    await retype('GSTIN (optional)', '27aapfu0939f1zv');
    expect(screen.getByText('State for GST: Maharashtra (27)')).toBeInTheDocument();
    await save();

    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]?.gstin).toBe('27AAPFU0939F1ZV');
  });

  it('needs the whole bank account once any part is given, checks the IFSC, and saves account, UPI id and prefix', async () => {
    const sent = siteApi();
    renderWithProviders(<CompanySettingsScreen />);
    expect(await screen.findByLabelText('Quotation number prefix')).toHaveValue('KPM/Q');
    await retype('IFSC', 'SBIN1000123');
    await save();

    expect(await screen.findByText(IFSC_MESSAGE)).toBeInTheDocument();
    expect(screen.getByText('Account name is required')).toBeInTheDocument();
    expect(screen.getByText('Account number is required')).toBeInTheDocument();
    expect(sent).toHaveLength(0);

    await retype('IFSC', 'sbin0000123');
    await retype('Account name', 'Kovai Precision Machines');
    await retype('Bank', 'State Bank of India');
    await retype('Account number', '3012 4567 8901');
    await retype('UPI id (optional)', 'kovaiprecision@okaxis');
    await retype('Quotation number prefix', 'KPM/Q/');
    await save();
    expect(await screen.findByText(QUOTATION_PREFIX_MESSAGE)).toBeInTheDocument();
    expect(sent).toHaveLength(0);

    await retype('Quotation number prefix', 'KPM-QT');
    await save();
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({
      bank: {
        accountName: 'Kovai Precision Machines',
        bankName: 'State Bank of India',
        branch: '',
        accountNumber: '301245678901',
        ifsc: 'SBIN0000123',
      },
      upiId: 'kovaiprecision@okaxis',
      quotationPrefix: 'KPM-QT',
    });
  });

  it('says which part of a GSTIN is wrong in Tamil', async () => {
    siteApi();
    renderWithProviders(<CompanySettingsScreen />, { wrapper: inAdminLocale('ta') });
    await screen.findByLabelText('GSTIN (கட்டாயமில்லை)');
    expect(screen.getByText('GST-க்கான மாநிலம்: தமிழ்நாடு (33)')).toBeInTheDocument();
    await retype('GSTIN (கட்டாயமில்லை)', '40AABCK1234F1Z6');
    await save('சேமி');

    expect(
      await screen.findByText('GSTIN-இன் முதல் இரண்டு இலக்கங்கள் ஒரு மாநிலக் குறியீடாக இருக்க வேண்டும்: 01 முதல் 38, 97 அல்லது 99'),
    ).toBeInTheDocument();
  });
});
