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
  HEIC_REASON,
  type LandingInput,
  NOT_AN_IMAGE_REASON,
  refusedFileMessage,
  SITE_STALE_EDIT_MESSAGE,
} from '@capstan/shared';
import { server } from '@/testing/mocks/server';
import { renderWithProviders } from '@/testing/test-utils';
import { CompanySettingsScreen, LandingContentScreen } from './site-screens';

const V1 = '2026-11-24T10:00:00.000Z';
const V2 = '2026-11-24T10:05:00.000Z';

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

/** GET /api/admin/site and the two PUTs, recording what was sent. */
function siteApi({
  site = adminSite(),
  respond,
}: { site?: AdminSiteSettings; respond?: (part: 'company' | 'landing', body: object) => Response | undefined } = {}) {
  const sent: { part: 'company' | 'landing'; body: Record<string, unknown> }[] = [];
  let current = site;
  server.use(
    http.get('/api/admin/site', () => HttpResponse.json(current)),
    http.put('/api/site/:part', async ({ params, request }) => {
      const part = params.part as 'company' | 'landing';
      const body = (await request.json()) as Record<string, unknown>;
      sent.push({ part, body });
      const answer = respond?.(part, body);
      if (answer) return answer;
      current = { ...current, [part]: { ...body, updatedAt: V2 } };
      return HttpResponse.json(current[part]);
    }),
  );
  return { sent, setCurrent: (next: AdminSiteSettings) => (current = next) };
}

const save = () => userEvent.click(screen.getByRole('button', { name: 'Save' }));

describe('Site → Company', () => {
  it('changes one phone number and writes back everything else as it was, then says so', async () => {
    const api = siteApi();
    renderWithProviders(<CompanySettingsScreen />);
    const number = await screen.findByLabelText('Number 1');
    expect(number).toHaveValue('+91 98430 12345');
    await userEvent.clear(number);
    await userEvent.type(number, '+91 99999 00001');
    await save();

    await waitFor(() => expect(api.sent).toHaveLength(1));
    const body = api.sent[0]!.body as CompanyInput;
    expect(body.phones[0]).toEqual({ label: 'Mobile', number: '+91 99999 00001' });
    const { phones: _phones, ...rest } = body;
    const { phones: _before, ...restBefore } = adminSite().company;
    expect(rest).toEqual(restBefore);
    expect(await screen.findByText('Company settings saved. The public pages show it now.')).toBeInTheDocument();
  });

  it('shows a message under a phone number a call button cannot dial, and sends nothing', async () => {
    const api = siteApi();
    renderWithProviders(<CompanySettingsScreen />);
    const number = await screen.findByLabelText('Number 2');
    await userEvent.clear(number);
    await userEvent.type(number, '0422 257');
    await save();

    expect(await screen.findByText('Enter the number with its country code, e.g. +91 98430 12345')).toBeInTheDocument();
    expect(number).toHaveAttribute('aria-invalid', 'true');
    expect(api.sent).toHaveLength(0);
  });

  it('adds, reorders and removes phone numbers and notification emails', async () => {
    const api = siteApi();
    renderWithProviders(<CompanySettingsScreen />);
    await screen.findByLabelText('Number 1');
    await userEvent.click(screen.getByRole('button', { name: 'Add phone number' }));
    await userEvent.type(screen.getByLabelText('Label 3'), 'Service');
    await userEvent.type(screen.getByLabelText('Number 3'), '+91 422 257 9999');
    await userEvent.click(screen.getByRole('button', { name: 'Move phone 3 up' }));
    await userEvent.click(screen.getByRole('button', { name: 'Remove phone 1' }));
    await userEvent.click(screen.getByRole('button', { name: 'Add email' }));
    await userEvent.type(screen.getByLabelText('Email 2'), 'sales@example.in');
    await save();

    await waitFor(() => expect(api.sent).toHaveLength(1));
    const body = api.sent[0]!.body as CompanyInput;
    expect(body.phones).toEqual([
      { label: 'Service', number: '+91 422 257 9999' },
      { label: 'Office', number: '+91 422 257 1234' },
    ]);
    expect(body.notificationEmails).toEqual(['owner@example.in', 'sales@example.in']);
  });

  it('refuses a day that closes before it opens, with the message on that day', async () => {
    const api = siteApi();
    renderWithProviders(<CompanySettingsScreen />);
    const closes = await screen.findByLabelText('Wednesday closes');
    await userEvent.clear(closes);
    await userEvent.type(closes, '08:00');
    await save();
    expect(await screen.findByText('Closing time must be after opening time')).toBeInTheDocument();
    expect(closes).toHaveAttribute('aria-invalid', 'true');
    expect(api.sent).toHaveLength(0);
  });

  it('keeps what was typed when someone else saved first, and Reload shows their version', async () => {
    const api = siteApi({
      respond: () => HttpResponse.json({ message: SITE_STALE_EDIT_MESSAGE }, { status: 409 }),
    });
    renderWithProviders(<CompanySettingsScreen />);
    const tagline = await screen.findByLabelText('Tagline');
    await userEvent.clear(tagline);
    await userEvent.type(tagline, 'Typed by Ravi');
    await save();

    // The notice, not the picture fields' (empty) live regions for refused files.
    const alert = (await screen.findByRole('button', { name: 'Reload' })).closest<HTMLElement>('[role="alert"]');
    if (!alert) throw new Error('the stale notice is not an alert');
    expect(alert).toHaveTextContent(SITE_STALE_EDIT_MESSAGE);
    expect(screen.getByLabelText('Tagline')).toHaveValue('Typed by Ravi');
    expect(api.sent[0]!.body.updatedAt).toBe(V1);

    api.setCurrent(
      adminSite((site) => {
        site.company.tagline = 'Saved by Asha';
        site.company.updatedAt = V2;
      }),
    );
    await userEvent.click(within(alert).getByRole('button', { name: 'Reload' }));
    await waitFor(() => expect(screen.getByLabelText('Tagline')).toHaveValue('Saved by Asha'));
    expect(screen.queryByRole('button', { name: 'Reload' })).not.toBeInTheDocument();
  });

  it('puts the server’s per-field message under its field', async () => {
    siteApi({
      respond: () =>
        HttpResponse.json(
          {
            message: 'Enter a valid email address',
            issues: [{ path: ['email'], message: 'Enter a valid email address' }],
          },
          { status: 400 },
        ),
    });
    renderWithProviders(<CompanySettingsScreen />);
    await screen.findByLabelText('Email');
    await save();
    await waitFor(() => expect(screen.getByLabelText('Email')).toHaveAttribute('aria-invalid', 'true'));
    expect(screen.getAllByText('Enter a valid email address').length).toBeGreaterThan(0);
  });
});

describe('Site → Landing page', () => {
  it('saves a new hero heading, a hidden and reordered testimonial, and a removed paragraph', async () => {
    const api = siteApi();
    renderWithProviders(<LandingContentScreen />);
    const heading = await screen.findByLabelText('Hero heading');
    await userEvent.clear(heading);
    await userEvent.type(heading, 'Lathes that run for decades');
    await userEvent.click(screen.getByLabelText('Hide testimonial 2'));
    await userEvent.click(screen.getByRole('button', { name: 'Move testimonial 3 up' }));
    await userEvent.click(screen.getByRole('button', { name: 'Remove paragraph 2' }));
    await save();

    await waitFor(() => expect(api.sent).toHaveLength(1));
    const body = api.sent[0]!.body as LandingInput;
    expect(body.hero.heading).toBe('Lathes that run for decades');
    expect(body.testimonials.map((t) => [t.author, t.hidden])).toEqual([
      ['Rajesh Kumar', false],
      ['Mohammed Irfan', false],
      ['Priya Venkatesh', true],
    ]);
    expect(body.about.paragraphs).toEqual([DEFAULT_LANDING.about.paragraphs[0]]);
    expect(body.stats).toEqual(DEFAULT_LANDING.stats);
    expect(body.updatedAt).toBe(V1);
    expect(await screen.findByText('Landing page saved. The public pages show it now.')).toBeInTheDocument();
  });

  it('asks for the text of a new highlight and a service before saving', async () => {
    const api = siteApi();
    renderWithProviders(<LandingContentScreen />);
    await screen.findByLabelText('Hero heading');
    await userEvent.click(screen.getByRole('button', { name: 'Add highlight' }));
    await userEvent.click(screen.getByRole('button', { name: 'Add service' }));
    await save();
    expect(await screen.findByText('Highlight is required')).toBeInTheDocument();
    expect(screen.getByLabelText('Service 9 title')).toHaveAttribute('aria-invalid', 'true');
    expect(api.sent).toHaveLength(0);
  });

  describe('the hero picture', () => {
    const UPLOADED = '/uploads/3f2b8c1e-5a4d-4e6f-8a7b-9c0d1e2f3a4b.webp';
    const photo = (name = 'works.jpg', type = 'image/jpeg') => new File(['jpeg bytes'], name, { type });

    /** POST /api/upload-images, as the item forms use it; records each upload's number of files. */
    function uploadApi(answer: () => Response = () => HttpResponse.json({ imageUrls: [UPLOADED] }, { status: 201 })) {
      const uploaded: number[] = [];
      server.use(
        http.post('/api/upload-images', async ({ request }) => {
          const form = await request.formData();
          uploaded.push(form.getAll('images').length);
          return answer();
        }),
      );
      return uploaded;
    }

    it('uploads a chosen picture, previews it, asks for its description, and saves both', async () => {
      const api = siteApi();
      const uploaded = uploadApi();
      renderWithProviders(<LandingContentScreen />);
      await userEvent.upload(await screen.findByLabelText('Hero picture (optional)'), photo());

      expect(await screen.findByRole('img', { name: 'Preview of the hero picture' })).toHaveAttribute(
        'src',
        UPLOADED.replace('.webp', '-960.webp'),
      );
      expect(uploaded).toEqual([1]);
      await save();
      expect(await screen.findByText('Picture description is required')).toBeInTheDocument();
      expect(api.sent).toHaveLength(0);

      await userEvent.type(screen.getByLabelText('Picture description'), 'The works floor');
      await save();
      await waitFor(() => expect(api.sent).toHaveLength(1));
      const body = api.sent[0]!.body as LandingInput;
      expect(body.hero.picture).toEqual({ url: UPLOADED, alt: 'The works floor' });
      expect(body.hero.heading).toBe(DEFAULT_LANDING.hero.heading);
    });

    it('removes a saved picture (sent as null) and keeps the rest', async () => {
      const picture = { url: UPLOADED, alt: 'The works floor', width: 1600, height: 1200 };
      const api = siteApi({ site: adminSite((site) => (site.landing.hero.picture = picture)) });
      renderWithProviders(<LandingContentScreen />);
      expect(await screen.findByLabelText('Picture description')).toHaveValue('The works floor');
      expect(screen.getByLabelText('Replace the hero picture')).toBeInTheDocument();
      await userEvent.click(screen.getByRole('button', { name: 'Remove picture' }));
      expect(screen.queryByRole('img', { name: 'Preview of the hero picture' })).not.toBeInTheDocument();
      await save();

      await waitFor(() => expect(api.sent).toHaveLength(1));
      const body = api.sent[0]!.body as LandingInput;
      expect(body.hero.picture).toBeNull();
      expect(body.hero.text).toBe(DEFAULT_LANDING.hero.text);
    });

    it('refuses a HEIC photo before uploading, and shows the server’s refusal naming the file', async () => {
      siteApi();
      const uploaded = uploadApi(() =>
        HttpResponse.json({ message: refusedFileMessage('scan.png', NOT_AN_IMAGE_REASON) }, { status: 400 }),
      );
      renderWithProviders(<LandingContentScreen />);
      const input = await screen.findByLabelText('Hero picture (optional)');

      await userEvent.upload(input, photo('lathe.heic', 'image/heic'));
      expect(
        await screen.findByText(`Not added: ${refusedFileMessage('lathe.heic', HEIC_REASON)}`),
      ).toBeInTheDocument();
      expect(uploaded).toEqual([]);

      await userEvent.upload(input, photo('scan.png', 'image/png'));
      expect(
        await screen.findByText(`Not added: ${refusedFileMessage('scan.png', NOT_AN_IMAGE_REASON)}`),
      ).toBeInTheDocument();
      expect(uploaded).toEqual([1]);
      expect(screen.queryByRole('img', { name: 'Preview of the hero picture' })).not.toBeInTheDocument();
    });
  });
});
