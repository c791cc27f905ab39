import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import {
  type AdminSiteSettings,
  type CompanyInput,
  DEFAULT_COMPANY,
  DEFAULT_COMPANY_PRIVATE,
  DEFAULT_LANDING,
  type LandingInput,
} from '@capstan/shared';
import { server } from '@/testing/mocks/server';
import { renderWithProviders } from '@/testing/test-utils';
import { CompanySettingsScreen, LandingContentScreen } from './site-screens';

const V1 = '2026-11-24T10:00:00.000Z';

function adminSite(change: (site: AdminSiteSettings) => void = () => {}): AdminSiteSettings {
  const site: AdminSiteSettings = structuredClone({
    company: {
      ...DEFAULT_COMPANY,
      ...DEFAULT_COMPANY_PRIVATE,
      notificationEmails: ['owner@example.in'],
      updatedAt: V1,
    },
    landing: { ...DEFAULT_LANDING, updatedAt: V1 },
  });
  change(site);
  return site;
}

/** GET /api/admin/site and the PUTs, recording what was sent; `respond` may answer a PUT itself. */
function siteApi(site = adminSite(), respond?: (body: Record<string, unknown>) => Response | undefined) {
  const sent: Record<string, unknown>[] = [];
  server.use(
    http.get('/api/admin/site', () => HttpResponse.json(site)),
    http.put('/api/site/:part', async ({ params, request }) => {
      const body = (await request.json()) as Record<string, unknown>;
      sent.push(body);
      return respond?.(body) ?? HttpResponse.json({ ...site[params.part as 'company' | 'landing'], ...body });
    }),
  );
  return sent;
}

const save = () => userEvent.click(screen.getByRole('button', { name: 'Save' }));

/** Replaces an input's text at once (typing Tamil letter by letter is slow and tests nothing more). */
async function replaceText(input: HTMLElement, text: string) {
  await userEvent.clear(input);
  await userEvent.click(input);
  await userEvent.paste(text);
}

/** Opens the Tamil and Hindi inputs of the group that holds the English input labelled `label`. */
async function openTranslationsOf(label: string) {
  const english = await screen.findByLabelText(label);
  const group = english.closest('fieldset, section');
  if (!(group instanceof HTMLElement)) throw new Error(`no group around ${label}`);
  const summaries = within(group).getAllByText('Tamil and Hindi');
  await userEvent.click(summaries.at(-1)!);
}

const TA = DEFAULT_LANDING.translations!.ta!;

describe('Site → Landing page in Tamil and Hindi', () => {
  it('prefills each language’s texts, marked with their language, and saves a change without losing the rest', async () => {
    const sent = siteApi();
    renderWithProviders(<LandingContentScreen />);
    await openTranslationsOf('Hero heading');
    const heading = screen.getByLabelText('Tamil: Hero heading');
    expect(heading).toHaveValue(TA.hero!.heading);
    expect(heading).toHaveAttribute('lang', 'ta');
    expect(screen.getByLabelText('Hindi: Hero text')).toHaveAttribute('lang', 'hi');

    await replaceText(heading, 'கோவை லேத்கள்');
    await userEvent.clear(screen.getByLabelText('Hindi: Line above the heading (optional)'));
    await save();

    await waitFor(() => expect(sent).toHaveLength(1));
    const body = sent[0] as LandingInput;
    expect(body.translations?.ta?.hero).toEqual({ ...TA.hero, heading: 'கோவை லேத்கள்' });
    // Emptied: the server removes it, and the Hindi page shows the English.
    expect(body.translations?.hi?.hero?.eyebrow).toBe('');
    expect(body.translations?.ta?.services).toEqual(TA.services);
    expect(body.translations?.hi?.about).toEqual(DEFAULT_LANDING.translations!.hi!.about);
    const { translations: _sent, ...english } = body;
    const { translations: _stored, updatedAt: _version, ...stored } = adminSite().landing;
    expect(english).toEqual({ ...stored, updatedAt: V1 });
  });

  it('moves and removes a service’s translations with the service, so each stays with its English', async () => {
    const sent = siteApi();
    renderWithProviders(<LandingContentScreen />);
    await screen.findByLabelText('Service 1 title');
    await userEvent.click(screen.getByRole('button', { name: 'Move service 1 down' }));
    await userEvent.click(screen.getByRole('button', { name: 'Remove service 3' }));
    await save();

    await waitFor(() => expect(sent).toHaveLength(1));
    const body = sent[0] as LandingInput;
    const [first, second, , ...rest] = TA.services!;
    expect(body.services.map((service) => service.title)).toEqual(
      [1, 0, ...rest.map((_, index) => index + 3)].map((at) => DEFAULT_LANDING.services[at]!.title),
    );
    expect(body.translations?.ta?.services).toEqual([second, first, ...rest]);
  });

  it('refuses an overlong translation under its input before sending', async () => {
    const sent = siteApi();
    renderWithProviders(<LandingContentScreen />);
    await openTranslationsOf('Hero heading');
    const heading = screen.getByLabelText('Tamil: Hero heading');
    await replaceText(heading, 'க'.repeat(121));
    await save();
    expect(await screen.findByText('Hero heading must be at most 120 characters')).toBeInTheDocument();
    expect(heading).toHaveAttribute('aria-invalid', 'true');
    expect(sent).toHaveLength(0);
  });

  it('shows the server’s message at its translation, unfolding the inputs it was folded into', async () => {
    const sent = siteApi(adminSite(), (body) =>
      (body as LandingInput).translations?.hi?.about?.paragraphs?.[1] === 'दूसरा'
        ? HttpResponse.json(
            {
              message: 'Validation failed',
              issues: [
                {
                  path: ['translations', 'hi', 'about', 'paragraphs', 1],
                  message: 'Paragraph must be at most 1000 characters',
                },
              ],
            },
            { status: 400 },
          )
        : undefined,
    );
    renderWithProviders(<LandingContentScreen />);
    await openTranslationsOf('About heading');
    await replaceText(screen.getByLabelText('Hindi: Paragraph 2'), 'दूसरा');
    await openTranslationsOf('About heading');
    expect(screen.queryByLabelText('Hindi: Paragraph 2')).not.toBeInTheDocument();
    await save();
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(await screen.findByLabelText('Hindi: Paragraph 2')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByText('Paragraph must be at most 1000 characters')).toBeInTheDocument();
  });
});

describe('Site → Company in Tamil and Hindi', () => {
  it('edits the tagline, WhatsApp message and phone labels per language; a phone’s labels go with it', async () => {
    const sent = siteApi();
    renderWithProviders(<CompanySettingsScreen />);
    await openTranslationsOf('Tagline');
    const tagline = screen.getByLabelText('Tamil: Tagline');
    expect(tagline).toHaveValue(DEFAULT_COMPANY.translations!.ta!.tagline);
    expect(tagline).toHaveAttribute('lang', 'ta');
    await replaceText(tagline, 'கோவையின் லேத் நிபுணர்கள்');

    await openTranslationsOf('Email');
    expect(screen.getByLabelText('Hindi: Label 2')).toHaveValue('ऑफ़िस');
    await userEvent.clear(screen.getByLabelText('Hindi: WhatsApp prefilled message'));
    await userEvent.click(screen.getByRole('button', { name: 'Move phone 1 down' }));
    await save();

    await waitFor(() => expect(sent).toHaveLength(1));
    const body = sent[0] as CompanyInput;
    expect(body.translations).toEqual({
      ta: {
        tagline: 'கோவையின் லேத் நிபுணர்கள்',
        whatsappMessage: DEFAULT_COMPANY.translations!.ta!.whatsappMessage,
        phoneLabels: ['அலுவலகம்', 'மொபைல்'],
      },
      hi: { tagline: DEFAULT_COMPANY.translations!.hi!.tagline, whatsappMessage: '', phoneLabels: ['ऑफ़िस', 'मोबाइल'] },
    });
    expect(body.phones.map((phone) => phone.label)).toEqual(['Office', 'Mobile']);
    expect(body.notificationEmails).toEqual(['owner@example.in']);
  });
});
