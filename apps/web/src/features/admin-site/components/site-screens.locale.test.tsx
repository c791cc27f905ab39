import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import {
  ADMIN_SITE_CHAT_URL,
  type AdminSiteSettings,
  type ChatContent,
  DEFAULT_CHAT,
  DEFAULT_COMPANY,
  DEFAULT_COMPANY_PRIVATE,
  DEFAULT_LANDING,
  SITE_CHAT_URL,
} from '@capstan/shared';
import { server } from '@/testing/mocks/server';
import { inAdminLocale } from '@/testing/locale';
import { renderWithProviders } from '@/testing/test-utils';
import { ChatSettingsScreen } from './chat-settings-screen';
import { CompanySettingsScreen, LandingContentScreen } from './site-screens';

const V1 = '2026-11-24T10:00:00.000Z';

/** GET /api/admin/site and the PUTs, answering with what was sent; uploads fail without a message. */
function siteApi() {
  let current: AdminSiteSettings = structuredClone({
    company: {
      ...DEFAULT_COMPANY,
      ...DEFAULT_COMPANY_PRIVATE,
      notificationEmails: ['owner@example.in'],
      updatedAt: V1,
    },
    landing: { ...DEFAULT_LANDING, updatedAt: V1 },
  });
  server.use(
    http.get('/api/admin/site', () => HttpResponse.json(current)),
    http.put('/api/site/:part', async ({ params, request }) => {
      const part = params.part as 'company' | 'landing';
      current = { ...current, [part]: await request.json() };
      return HttpResponse.json(current[part]);
    }),
    http.post('/api/upload-images', () => new HttpResponse('Bad gateway', { status: 502 })),
  );
}

function chatApi() {
  let current: ChatContent = structuredClone({ ...DEFAULT_CHAT, updatedAt: V1 });
  server.use(
    http.get(ADMIN_SITE_CHAT_URL, () => HttpResponse.json(current)),
    http.put(SITE_CHAT_URL, async ({ request }) => {
      current = (await request.json()) as ChatContent;
      return HttpResponse.json(current);
    }),
  );
}

describe('Site → Company in Tamil and Hindi', () => {
  it('speaks Tamil: headings, labels, days, row buttons and the saved message; the data stays as typed', async () => {
    siteApi();
    renderWithProviders(<CompanySettingsScreen />, { wrapper: inAdminLocale('ta') });

    expect(await screen.findByRole('heading', { level: 1, name: 'நிறுவனம்' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'வேலை நேரம்' })).toBeInTheDocument();
    expect(screen.getByLabelText('நிறுவனப் பெயர்')).toHaveValue(DEFAULT_COMPANY.name);
    expect(screen.getByLabelText('நம்பர் 1')).toHaveValue('+91 98430 12345');
    expect(screen.getByLabelText('புதன் மூடும் நேரம்')).toBeInTheDocument();
    expect(screen.getByLabelText('லோகோ (கட்டாயமில்லை)')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'போன் 2-ஐ மேலே நகர்த்து' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'இமெயில் சேர்' })).toBeInTheDocument();
    expect(screen.getByLabelText('இமெயில் 1')).toHaveValue('owner@example.in');

    await userEvent.click(screen.getByRole('button', { name: 'சேமி' }));
    expect(await screen.findByText('நிறுவன விவரங்கள் சேமிக்கப்பட்டன. இணையதளப் பக்கங்களில் இப்போதே தெரியும்.')).toBeInTheDocument();

    expect(screen.queryByText('Business hours')).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Wednesday closes')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();
  });

  it('speaks Hindi, and names a file that could not be uploaded in Hindi', async () => {
    siteApi();
    renderWithProviders(<CompanySettingsScreen />, { wrapper: inAdminLocale('hi') });

    expect(await screen.findByRole('heading', { level: 1, name: 'कंपनी' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'पूछताछ ईमेल' })).toBeInTheDocument();
    expect(screen.getByLabelText('सोमवार खुलने का समय')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'फ़ोन नंबर जोड़ें' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'लाइन 1 नीचे ले जाएँ' })).toBeInTheDocument();

    await userEvent.upload(
      screen.getByLabelText('शेयर इमेज (ज़रूरी नहीं)'),
      new File(['png bytes'], 'works.png', { type: 'image/png' }),
    );
    expect(await screen.findByText(/works\.png: अपलोड नहीं हो सका/)).toBeInTheDocument();

    expect(screen.queryByText('Phone and email')).not.toBeInTheDocument();
    expect(screen.queryByText(/could not be uploaded/)).not.toBeInTheDocument();
  });
});

describe('Site → Landing page in Tamil and Hindi', () => {
  it('speaks Tamil: sections, icons, ratings and list buttons', async () => {
    siteApi();
    renderWithProviders(<LandingContentScreen />, { wrapper: inAdminLocale('ta') });

    expect(await screen.findByRole('heading', { level: 1, name: 'முகப்புப் பக்கம்' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'ஏன் எங்களைத் தேர்ந்தெடுக்க வேண்டும்' })).toBeInTheDocument();
    expect(screen.getByLabelText('ஹீரோ தலைப்பு')).toHaveValue(DEFAULT_LANDING.hero.heading);
    expect(screen.getByLabelText('ஹீரோ படம் (கட்டாயமில்லை)')).toBeInTheDocument();
    expect(screen.getAllByRole('option', { name: 'உதிரி பாகங்கள்' }).length).toBeGreaterThan(0);
    expect(screen.getAllByRole('option', { name: '5-க்கு 4' }).length).toBeGreaterThan(0);
    expect(screen.getByRole('button', { name: 'பத்தி 2-ஐ நீக்கு' })).toBeInTheDocument();
    expect(screen.getByLabelText('கருத்து 2-ஐ மறை')).toBeInTheDocument();

    expect(screen.queryByText('Testimonials')).not.toBeInTheDocument();
    expect(screen.queryByRole('option', { name: '4 of 5' })).not.toBeInTheDocument();
  });

  it('speaks Hindi', async () => {
    siteApi();
    renderWithProviders(<LandingContentScreen />, { wrapper: inAdminLocale('hi') });

    expect(await screen.findByRole('heading', { level: 1, name: 'लैंडिंग पेज' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'ग्राहकों की राय' })).toBeInTheDocument();
    expect(screen.getByLabelText('सेवा 1 का शीर्षक')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'ख़ास बात जोड़ें' })).toBeInTheDocument();
    expect(screen.getAllByRole('option', { name: 'लेथ' }).length).toBeGreaterThan(0);

    await userEvent.click(screen.getByRole('button', { name: 'सेव करें' }));
    expect(await screen.findByText('लैंडिंग पेज सेव हो गया। वेबसाइट के पेजों पर अब यही दिखेगा।')).toBeInTheDocument();
    expect(screen.queryByText('Statistics')).not.toBeInTheDocument();
    expect(screen.queryByText(/Landing page saved/)).not.toBeInTheDocument();
  });
});

describe('Site → Chat in Tamil and Hindi', () => {
  it('speaks Tamil; the keywords the chat matches stay as they are', async () => {
    chatApi();
    renderWithProviders(<ChatSettingsScreen />, { wrapper: inAdminLocale('ta') });

    expect(await screen.findByRole('heading', { level: 1, name: 'சாட்' })).toBeInTheDocument();
    expect(screen.getByLabelText('டெலிவரி')).toHaveValue(DEFAULT_CHAT.answers.delivery);
    expect(screen.getByLabelText('வரவேற்பு மெசேஜ்')).toHaveValue(DEFAULT_CHAT.greeting);
    expect(screen.getByText(/^“spare” அல்லது “parts” உள்ள மெசேஜ்களுக்கு இந்தப் பதில் கொடுக்கப்படும்\./)).toBeInTheDocument();
    expect(screen.getAllByText(/இணையதளம் → டெலிவரி மற்றும் வாரண்டி/)).toHaveLength(3);

    expect(screen.queryByText(/Given for messages containing/)).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Delivery')).not.toBeInTheDocument();
  });

  it('speaks Hindi, and says so when saved', async () => {
    chatApi();
    renderWithProviders(<ChatSettingsScreen />, { wrapper: inAdminLocale('hi') });

    expect(await screen.findByLabelText('कीमतें')).toHaveValue(DEFAULT_CHAT.answers.price);
    expect(screen.getByRole('heading', { name: 'विषय के हिसाब से जवाब' })).toBeInTheDocument();
    expect(screen.getByText('“price” वाले मैसेज पर यह जवाब दिया जाता है।')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'सेव करें' }));
    await waitFor(() => expect(screen.getByText('सेव हो गया')).toBeInTheDocument());
    expect(screen.getByText('चैट के जवाब सेव हो गए। वेबसाइट के पेजों पर अब यही दिखेगा।')).toBeInTheDocument();
    expect(screen.queryByText('Answers by topic')).not.toBeInTheDocument();
  });
});
