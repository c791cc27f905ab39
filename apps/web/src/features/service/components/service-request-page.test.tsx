import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { type Locale, SERVICE_PHOTOS_URL } from '@capstan/shared';
import { AppProvider } from '@/app/provider';
import { resolveLazyRoutes, routes } from '@/app/router';
import { createQueryClient } from '@/lib/query-client';
import { translatorFor } from '@/testing/locale';
import { server } from '@/testing/mocks/server';
import { SERVICE_REQUESTS_URL } from '../api/create-service-request';

beforeAll(async () => {
  await Promise.all([resolveLazyRoutes({ pathname: '/service' }), resolveLazyRoutes({ pathname: '/service/sent' })]);
});

/** The whole app at `url` in `locale`, as a visitor of `/ta/service` has it. */
function renderAt(url: string, locale: Locale = 'en') {
  const router = createMemoryRouter(routes, {
    initialEntries: [locale === 'en' ? url : `/${locale}${url}`],
    ...(locale === 'en' ? {} : { basename: `/${locale}` }),
  });
  render(
    <AppProvider queryClient={createQueryClient()} translator={translatorFor(locale)}>
      <RouterProvider router={router} />
    </AppProvider>,
  );
  return router;
}

interface Sent {
  fields: Record<string, string>;
  photos: { name: string; type: string; size: number }[];
}

/** POST /api/service-requests answering `answer`, keeping what each request carried. */
function useServiceRequestsApi(
  answer: () => Response = () => HttpResponse.json({ reference: 'SR-2026-00017' }, { status: 201 }),
) {
  const sent: Sent[] = [];
  server.use(
    http.post(SERVICE_REQUESTS_URL, async ({ request }) => {
      const body = await request.formData();
      const entry: Sent = { fields: {}, photos: [] };
      for (const [name, value] of body.entries()) {
        if (typeof value === 'string') entry.fields[name] = value;
        else entry.photos.push({ name: value.name, type: value.type, size: value.size });
      }
      sent.push(entry);
      return answer();
    }),
  );
  return sent;
}

const PHOTO_ID = '6f1d0c2a-8b3e-4f5a-9c7d-1e2f3a4b5c6d';

/** POST /api/service-requests/photos answering one photo, keeping the text fields of each upload. */
function usePhotosApi() {
  const uploads: Record<string, string>[] = [];
  server.use(
    http.post(SERVICE_PHOTOS_URL, async ({ request }) => {
      const fields: Record<string, string> = {};
      for (const [name, value] of (await request.formData()).entries()) {
        if (typeof value === 'string') fields[name] = value;
      }
      uploads.push(fields);
      return HttpResponse.json(
        {
          id: PHOTO_ID,
          url: `/uploads/${PHOTO_ID}.webp`,
          thumbUrl: `/uploads/${PHOTO_ID}-thumb.webp`,
          width: 1600,
          height: 1200,
        },
        { status: 201 },
      );
    }),
  );
  return uploads;
}

const user = () => userEvent.setup({ delay: null });

async function fillIn(u: ReturnType<typeof user>, serial = 'kpm 2201/7') {
  await u.type(screen.getByLabelText(/^Serial number/), serial);
  await u.type(screen.getByLabelText(/^Phone number/), '+91 98430 12345');
  await u.type(screen.getByLabelText(/^Your name/), 'Murugan');
  await u.type(screen.getByLabelText(/^What is wrong/), 'Spindle stops after a minute; alarm 401.');
}

describe('/service, request service', () => {
  it('is a real multipart form to POST /service with its language, so it works without the app', async () => {
    renderAt('/service', 'ta');
    const form = await screen.findByRole('form', { name: 'சர்வீஸ் கோரிக்கை' });
    expect(form).toHaveAttribute('method', 'post');
    expect(form).toHaveAttribute('action', '/service');
    expect(form).toHaveAttribute('enctype', 'multipart/form-data');
    expect(form.querySelector('input[type="hidden"][name="locale"]')).toHaveValue('ta');
    for (const name of ['serial', 'phone', 'name', 'email', 'symptom', 'machineDown', 'preferredDate']) {
      expect(form.querySelector(`[name="${name}"]`), name).not.toBeNull();
    }
    const photos = form.querySelector<HTMLInputElement>('input[type="file"]');
    expect(photos).toHaveAttribute('name', 'images');
    expect(photos).toHaveAttribute('accept', 'image/*');
    expect(photos).toHaveAttribute('multiple');
    // A phone offers its camera and its gallery both.
    expect(photos).not.toHaveAttribute('capture');
    expect(screen.getByRole('heading', { level: 1, name: 'சர்வீஸ் கோரிக்கை' })).toBeInTheDocument();
  });

  it('takes the serial from ?serial= (My machine links here)', async () => {
    renderAt('/service?serial=KPM2201%2F7');
    expect(await screen.findByLabelText(/^Serial number/)).toHaveValue('KPM2201/7');
  });

  it('uploads the photo when chosen, sends the request with its id and shows the reference on a page of its own', async () => {
    const sent = useServiceRequestsApi();
    const uploads = usePhotosApi();
    const append = vi.spyOn(FormData.prototype, 'append');
    const router = renderAt('/service');
    const u = user();
    await fillIn(u);
    await u.click(screen.getByRole('checkbox', { name: /The machine is down/ }));
    const photo = new File([new Uint8Array(2048)], 'alarm.jpg', { type: 'image/jpeg' });
    await u.upload(screen.getByLabelText('Add photos'), photo);
    expect(await screen.findByText('1 photo of 6')).toBeInTheDocument();
    expect(await screen.findByText('Photo 1 uploaded')).toBeInTheDocument();
    expect(uploads).toEqual([{ locale: 'en' }]);
    await u.click(screen.getByRole('button', { name: 'Send request' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Request sent' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/service/sent');
    expect(screen.getByText('SR-2026-00017')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Follow it in My machine' })).toHaveAttribute('href', '/my-machine');
    expect(sent).toHaveLength(1);
    expect(sent[0]!.fields).toEqual({
      serial: 'KPM2201/7',
      phone: '+91 98430 12345',
      name: 'Murugan',
      symptom: 'Spindle stops after a minute; alarm 401.',
      machineDown: 'true',
      locale: 'en',
      photoIds: PHOTO_ID,
    });
    // Send carries no photo: it went when chosen.
    expect(sent[0]!.photos).toHaveLength(0);
    // The test server's reading of an XMLHttpRequest body mangles jsdom's files: the photo is checked
    // where the app puts it in the upload's body.
    const photos = append.mock.calls.filter(([name]) => name === 'images');
    expect(photos).toHaveLength(1);
    expect(photos[0]![1]).toMatchObject({ name: 'alarm.jpg', type: 'image/jpeg', size: 2048 });
    expect(photos[0]![2]).toBe('alarm.jpg');
  });

  it('says what is missing in Tamil before sending anything', async () => {
    const sent = useServiceRequestsApi();
    renderAt('/service', 'ta');
    const u = user();
    await u.type(await screen.findByLabelText(/^தொலைபேசி எண்/), 'call me');
    await u.click(screen.getByRole('button', { name: 'கோரிக்கையை அனுப்பு' }));
    const serial = screen.getByLabelText(/^சீரியல் எண்/);
    await waitFor(() => expect(serial).toHaveAttribute('aria-invalid', 'true'));
    expect(serial).toHaveAccessibleDescription(expect.stringContaining('சீரியல் எண் தேவை'));
    expect(screen.getByLabelText(/^தொலைபேசி எண்/)).toHaveAccessibleDescription('சரியான தொலைபேசி எண்ணை உள்ளிடவும்');
    expect(screen.getByLabelText(/^என்ன பிரச்சினை/)).toHaveAccessibleDescription('என்ன பிரச்சினை என்று விவரிக்கவும்');
    expect(sent).toEqual([]);
  });

  it('refuses a visit date already past', async () => {
    const sent = useServiceRequestsApi();
    renderAt('/service');
    const u = user();
    await fillIn(u);
    await u.type(screen.getByLabelText(/^Preferred visit date/), '2020-01-01');
    await u.click(screen.getByRole('button', { name: 'Send request' }));
    expect(await screen.findByText('Choose today or a later date')).toBeInTheDocument();
    expect(sent).toEqual([]);
  });

  it("says the server's refusal of a field in the page's language, and keeps what was typed", async () => {
    useServiceRequestsApi(() =>
      HttpResponse.json(
        {
          message: 'A serial number has letters, digits, - and / only',
          issues: [{ path: ['serial'], message: 'A serial number has letters, digits, - and / only' }],
        },
        { status: 400 },
      ),
    );
    renderAt('/service', 'hi');
    const u = user();
    await u.type(await screen.findByLabelText(/^सीरियल नंबर/), 'KPM2201');
    await u.type(screen.getByLabelText(/^फ़ोन नंबर/), '9843012345');
    await u.type(screen.getByLabelText(/^आपका नाम/), 'Ravi');
    await u.type(screen.getByLabelText(/^क्या ख़राबी है/), 'Chuck slips');
    await u.click(screen.getByRole('button', { name: 'अनुरोध भेजें' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('कृपया नीचे चिह्नित जगहें जाँच लें।');
    expect(screen.getByLabelText(/^सीरियल नंबर/)).toHaveAccessibleDescription(
      expect.stringContaining('सीरियल नंबर में सिर्फ़ अक्षर, अंक, - और / होते हैं'),
    );
    expect(screen.getByLabelText(/^आपका नाम/)).toHaveValue('Ravi');
  });

  it('says when to try again after too many requests', async () => {
    useServiceRequestsApi(
      () =>
        new HttpResponse(JSON.stringify({ message: 'Too many requests' }), {
          status: 429,
          headers: { 'Retry-After': '600' },
        }),
    );
    renderAt('/service');
    const u = user();
    await fillIn(u);
    await u.click(screen.getByRole('button', { name: 'Send request' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      /^Too many requests were sent from this connection\. Please try again after .+, or call us\.$/,
    );
  });

  it('refuses a photo the server cannot read before sending it, in the page language', async () => {
    renderAt('/service', 'ta');
    const u = userEvent.setup({ delay: null, applyAccept: false });
    const heic = new File([new Uint8Array(10)], 'IMG_0001.HEIC', { type: 'image/heic' });
    await u.upload(await screen.findByLabelText('புகைப்படங்களைச் சேர்'), heic);
    expect(await screen.findByText(/“IMG_0001.HEIC” ஒரு iPhone HEIC புகைப்படம்/)).toBeInTheDocument();
  });
});

describe('/service/sent', () => {
  it('goes back to the form when opened without a reference (a reload, a shared link)', async () => {
    const router = renderAt('/service/sent');
    expect(await screen.findByRole('form', { name: 'Service request' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/service');
  });
});
