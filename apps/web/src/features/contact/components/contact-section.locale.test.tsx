import type { ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  CONTACT_SERVICE_FIXED_OPTIONS,
  INQUIRY_REFERENCE_HINT,
  INQUIRY_SEND_ANOTHER,
  INQUIRY_THANKS_TEXT,
  INQUIRY_THANKS_TITLE,
} from '@capstan/shared';
import { Toaster } from '@/components/ui/toaster';
import { createQueryClient } from '@/lib/query-client';
import { inLocale, translatorFor } from '@/testing/locale';
import { server } from '@/testing/mocks/server';
import { ContactSection } from './contact-section';

function Providers({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter>{children}</MemoryRouter>
      <Toaster />
    </QueryClientProvider>
  );
}

async function renderIn(locale: 'ta' | 'hi') {
  render(<ContactSection />, { wrapper: inLocale(locale, Providers) });
  // The form is a lazily loaded part of the section.
  await screen.findByRole('form');
  const section = document.getElementById('contact')!;
  // The company's facts come with the site settings, which may arrive after the form.
  await within(section).findByText(/Coimbatore, Tamil Nadu/);
  return section;
}

const optionTexts = (select: HTMLElement) =>
  within(select)
    .getAllByRole('option')
    .map((o) => o.textContent);

beforeEach(() =>
  server.use(
    http.get('/api/machine-categories', () =>
      HttpResponse.json([{ slug: 'capstan-lathe', name: 'Capstan lathe', machineCount: 2 }]),
    ),
  ),
);

describe('ContactSection in Tamil and Hindi', () => {
  it('speaks Tamil: headings, labels, the fixed service options and the hours; staff’s content stays', async () => {
    const section = await renderIn('ta');
    expect(within(section).getByRole('heading', { name: 'எங்களைத் தொடர்புகொள்ளுங்கள்' })).toBeInTheDocument();
    expect(within(section).getByRole('heading', { name: 'வேலை நேரம்' })).toBeInTheDocument();
    expect(within(section).queryByText('Get in touch')).not.toBeInTheDocument();
    expect(screen.getByRole('form', { name: 'தொடர்பு படிவம்' })).toBeInTheDocument();
    expect(screen.getByLabelText(/முதல் பெயர்/)).toBeRequired();
    expect(screen.getByLabelText(/செய்தி/)).toHaveAttribute(
      'placeholder',
      'உங்களுக்குத் தேவையான மெஷின், உதிரி பாகம் அல்லது சேவை பற்றிச் சொல்லுங்கள்',
    );
    const service = screen.getByLabelText(/சேவை/);
    expect(within(section).getByText('(கட்டாயமில்லை)')).toBeInTheDocument();
    // The category's name is staff's content; the fixed options are interface words.
    await waitFor(() =>
      expect(optionTexts(service)).toEqual([
        'சேவையைத் தேர்ந்தெடுக்கவும்',
        'Capstan lathe',
        'மற்ற மெஷின்கள்',
        'உதிரி பாகங்கள்',
        'இன்ஜினியரிங் சேவைகள்',
        'பராமரிப்பு & AMC',
        'பொது விசாரணை',
      ]),
    );
    // The values sent stay the same in every language.
    expect(
      within(service)
        .getAllByRole('option')
        .map((o) => (o as HTMLOptionElement).value),
    ).toContain('spare-parts');
    expect(within(section).getByText('திங்கள் முதல் சனி வரை, காலை 9:00 முதல் இரவு 8:00 வரை')).toBeInTheDocument();
    expect(within(section).getByText('ஞாயிறு, காலை 10:00 முதல் மாலை 6:00 வரை')).toBeInTheDocument();
    expect(within(section).queryByText(/Monday/)).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'செய்தி அனுப்பு' })).toBeInTheDocument();
  });

  it('speaks Hindi, and thanks the visitor in Hindi once the inquiry is sent', async () => {
    server.use(
      http.post('/api/inquiries', () =>
        HttpResponse.json({ id: 'inq-9', reference: 'KPM-2026-00099', message: 'ok' }, { status: 201 }),
      ),
    );
    const section = await renderIn('hi');
    expect(within(section).getByRole('heading', { name: 'हमसे संपर्क करें' })).toBeInTheDocument();
    expect(within(section).getByText('सोमवार से शनिवार, सुबह 9:00 बजे से रात 8:00 बजे तक')).toBeInTheDocument();
    expect(within(section).queryByText('Send us a message')).not.toBeInTheDocument();

    const user = userEvent.setup({ delay: null });
    await user.type(screen.getByLabelText(/पहला नाम/), 'Rahul');
    await user.type(screen.getByLabelText(/अंतिम नाम/), 'Verma');
    await user.type(screen.getByLabelText(/ईमेल/), 'rahul@example.in');
    await user.type(screen.getByLabelText(/फ़ोन नंबर/), '+91 98765 43210');
    await user.selectOptions(screen.getByLabelText(/सेवा/), 'spare-parts');
    await user.type(screen.getByLabelText(/संदेश/), 'Spindle bearing for a capstan lathe.');
    await user.click(screen.getByRole('button', { name: 'संदेश भेजें' }));

    const heading = await screen.findByRole('heading', { name: 'आपकी पूछताछ के लिए धन्यवाद!' });
    const thanks = heading.closest<HTMLElement>('[role="status"]')!;
    expect(thanks).toHaveTextContent('आपका रेफ़रेंस नंबर KPM-2026-00099 है। कॉल करते या लिखते समय कृपया यह नंबर बताएँ।');
    expect(within(thanks).getByText('KPM-2026-00099').tagName).toBe('STRONG');
    expect(within(thanks).getByRole('button', { name: 'एक और अनुरोध भेजें' })).toBeInTheDocument();
    expect(await screen.findByText('आपका रेफ़रेंस नंबर KPM-2026-00099 है। हम जल्द ही आपसे संपर्क करेंगे।')).toBeInTheDocument();
    expect(screen.queryByText(/Your reference number/)).not.toBeInTheDocument();
  });

  it('tells of a network failure in Tamil', async () => {
    server.use(http.post('/api/inquiries', () => HttpResponse.error()));
    await renderIn('ta');
    const user = userEvent.setup({ delay: null });
    await user.type(screen.getByLabelText(/முதல் பெயர்/), 'Priya');
    await user.type(screen.getByLabelText(/கடைசி பெயர்/), 'Raman');
    await user.type(screen.getByLabelText(/மின்னஞ்சல்/), 'priya@example.in');
    await user.type(screen.getByLabelText(/தொலைபேசி எண்/), '+91 98765 43210');
    await user.type(screen.getByLabelText(/செய்தி/), 'Need an AMC.');
    await user.click(screen.getByRole('button', { name: 'செய்தி அனுப்பு' }));
    expect(await screen.findByText('உங்கள் விசாரணை அனுப்பப்படவில்லை')).toBeInTheDocument();
    expect(screen.getByText('நெட்வொர்க் பிழை. மீண்டும் முயற்சிக்கவும்.')).toBeInTheDocument();
    expect(screen.getByLabelText(/செய்தி/)).toHaveValue('Need an AMC.');
  });
});

describe('the contact catalogue in English', () => {
  // The server's page for the form without JavaScript says these with the shared texts: keep them one.
  it('says the thanks and the fixed service options as the shared texts do', () => {
    const { t, rich } = translatorFor('en');
    expect(t('inquiryForm.thanksTitle')).toBe(INQUIRY_THANKS_TITLE);
    expect(t('inquiryForm.thanksText')).toBe(INQUIRY_THANKS_TEXT);
    expect(t('inquiryForm.sendAnother')).toBe(INQUIRY_SEND_ANOTHER);
    const reference = rich('inquiryForm.thanksReference', { reference: 'R', strong: (chunks) => chunks.join('') });
    expect([reference].flat().join('')).toBe(`Your reference number is R. ${INQUIRY_REFERENCE_HINT}`);
    expect(
      ['serviceOtherMachines', 'serviceSpareParts', 'serviceEngineering', 'serviceMaintenance', 'serviceGeneral'].map(
        (key) => t(`inquiryForm.${key}` as Parameters<typeof t>[0]),
      ),
    ).toEqual(CONTACT_SERVICE_FIXED_OPTIONS.map((option) => option.label));
  });
});
