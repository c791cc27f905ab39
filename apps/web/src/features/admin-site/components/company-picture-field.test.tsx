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
  HEIC_REASON,
  NOT_AN_IMAGE_REASON,
  refusedFileMessage,
} from '@capstan/shared';
import { server } from '@/testing/mocks/server';
import { renderWithProviders } from '@/testing/test-utils';
import { CompanySettingsScreen } from './site-screens';

const V1 = '2026-11-24T10:00:00.000Z';
const LOGO = '/uploads/3f2b8c1e-5a4d-4e6f-8a7b-9c0d1e2f3a4b.webp';
const SHARE = '/uploads/7a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d.webp';

function siteApi(company: Partial<AdminSiteSettings['company']> = {}, { refuseUploads = false } = {}) {
  const site: AdminSiteSettings = structuredClone({
    company: {
      ...DEFAULT_COMPANY,
      ...DEFAULT_COMPANY_PRIVATE,
      notificationEmails: ['owner@example.in'],
      updatedAt: V1,
      ...company,
    },
    landing: { ...DEFAULT_LANDING, updatedAt: V1 },
  });
  const sent: CompanyInput[] = [];
  const uploads: number[] = [];
  server.use(
    http.get('/api/admin/site', () => HttpResponse.json(site)),
    http.put('/api/site/company', async ({ request }) => {
      const body = (await request.json()) as CompanyInput;
      sent.push(body);
      return HttpResponse.json({ ...site.company, ...body });
    }),
    http.post('/api/upload-images', async ({ request }) => {
      const form = await request.formData();
      uploads.push(form.getAll('images').length);
      if (refuseUploads) {
        return HttpResponse.json({ message: refusedFileMessage('scan.png', NOT_AN_IMAGE_REASON) }, { status: 400 });
      }
      return HttpResponse.json({ imageUrls: [LOGO] }, { status: 201 });
    }),
  );
  return { sent, uploads };
}

const file = (name: string, type = 'image/png') => new File(['png bytes'], name, { type });
const save = () => userEvent.click(screen.getByRole('button', { name: 'Save' }));

describe('Site → Company: logo and share picture', () => {
  it('uploads a logo, previews it and saves it with everything else unchanged', async () => {
    const api = siteApi();
    renderWithProviders(<CompanySettingsScreen />);
    await userEvent.upload(await screen.findByLabelText('Logo (optional)'), file('logo.png'));

    expect(await screen.findByRole('img', { name: 'Preview of the logo' })).toHaveAttribute(
      'src',
      LOGO.replace('.webp', '-960.webp'),
    );
    expect(screen.getByLabelText('Replace the logo')).toBeInTheDocument();
    expect(api.uploads).toEqual([1]);
    await save();

    await waitFor(() => expect(api.sent).toHaveLength(1));
    const { logo, ...rest } = api.sent[0]!;
    expect(logo).toEqual({ url: LOGO });
    const {
      logo: _before,
      updatedAt: _v,
      ...restBefore
    } = {
      ...DEFAULT_COMPANY,
      notificationEmails: ['owner@example.in'],
      updatedAt: V1,
    };
    expect(rest).toMatchObject({ ...restBefore, sharePicture: null });
  });

  it('removes a saved share picture (sent as null) and writes the logo back as it was', async () => {
    const logo = { url: LOGO, width: 600, height: 200 };
    const sharePicture = { url: SHARE, width: 1600, height: 840 };
    const api = siteApi({ logo, sharePicture });
    renderWithProviders(<CompanySettingsScreen />);
    expect(await screen.findByRole('img', { name: 'Preview of the share picture' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Remove share picture' }));
    expect(screen.queryByRole('img', { name: 'Preview of the share picture' })).not.toBeInTheDocument();
    expect(screen.getByLabelText('Share picture (optional)')).toBeInTheDocument();
    await save();

    await waitFor(() => expect(api.sent).toHaveLength(1));
    expect(api.sent[0]!.sharePicture).toBeNull();
    expect(api.sent[0]!.logo).toEqual(logo);
  });

  it('refuses a HEIC file before uploading, and shows the server’s refusal naming the file', async () => {
    const api = siteApi({}, { refuseUploads: true });
    renderWithProviders(<CompanySettingsScreen />);
    const input = await screen.findByLabelText('Share picture (optional)');

    await userEvent.upload(input, file('works.heic', 'image/heic'));
    expect(await screen.findByText(`Not added: ${refusedFileMessage('works.heic', HEIC_REASON)}`)).toBeInTheDocument();
    expect(api.uploads).toEqual([]);

    await userEvent.upload(input, file('scan.png'));
    expect(
      await screen.findByText(`Not added: ${refusedFileMessage('scan.png', NOT_AN_IMAGE_REASON)}`),
    ).toBeInTheDocument();
    expect(api.uploads).toEqual([1]);
    expect(screen.queryByRole('img', { name: 'Preview of the share picture' })).not.toBeInTheDocument();
  });
});
