import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  type Locale,
  NOT_AN_IMAGE_REASON,
  refusedFileMessage,
  SERVICE_PHOTO_NOT_KEPT_MESSAGE,
  SERVICE_PHOTOS_URL,
} from '@capstan/shared';
import { AppProvider } from '@/app/provider';
import { resolveLazyRoutes, routes } from '@/app/router';
import { createQueryClient } from '@/lib/query-client';
import { translatorFor } from '@/testing/locale';
import { SERVICE_REQUESTS_URL } from '../api/create-service-request';

/** Photos upload as soon as they are chosen; Send carries only the text and their ids. */

beforeAll(async () => {
  await Promise.all([resolveLazyRoutes({ pathname: '/service' }), resolveLazyRoutes({ pathname: '/service/sent' })]);
});

/** One XMLHttpRequest the page made, which the test answers when it chooses. */
class FakeXhr extends EventTarget {
  upload = new EventTarget();
  status = 0;
  statusText = '';
  responseText = '';
  url = '';
  body: FormData | null = null;
  aborted = false;
  private answerHeaders: Record<string, string> = {};

  open(_method: string, url: string) {
    this.url = url;
  }
  setRequestHeader() {}
  getResponseHeader(name: string) {
    return this.answerHeaders[name.toLowerCase()] ?? null;
  }
  send(body: FormData) {
    this.body = body;
    sent.push(this);
  }
  abort() {
    this.aborted = true;
    this.dispatchEvent(new Event('abort'));
  }

  progress(loaded: number, total: number) {
    act(() => {
      this.upload.dispatchEvent(Object.assign(new Event('progress'), { lengthComputable: true, loaded, total }));
    });
  }
  respond(status: number, body: unknown, headers: Record<string, string> = {}) {
    act(() => {
      this.status = status;
      this.responseText = JSON.stringify(body);
      this.answerHeaders = headers;
      this.dispatchEvent(new Event('load'));
    });
  }
  fail() {
    act(() => {
      this.dispatchEvent(new Event('error'));
    });
  }
}

let sent: FakeXhr[] = [];
beforeEach(() => {
  sent = [];
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
});
afterEach(() => vi.unstubAllGlobals());

const uploads = () => sent.filter((xhr) => xhr.url === SERVICE_PHOTOS_URL);
const requests = () => sent.filter((xhr) => xhr.url === SERVICE_REQUESTS_URL);
/** The n-th upload (1-based), once the page has started it. */
async function nthUpload(n: number): Promise<FakeXhr> {
  await waitFor(() => expect(uploads().length).toBeGreaterThanOrEqual(n));
  return uploads()[n - 1]!;
}
async function theRequest(): Promise<FakeXhr> {
  await waitFor(() => expect(requests()).toHaveLength(1));
  return requests()[0]!;
}

const photoId = (n: number) => `6f1d0c2a-8b3e-4f5a-9c7d-1e2f3a4b5c${String(n).padStart(2, '0')}`;
const photoAnswer = (n: number) => ({
  id: photoId(n),
  url: `/uploads/${photoId(n)}.webp`,
  thumbUrl: `/uploads/${photoId(n)}-thumb.webp`,
  width: 1600,
  height: 1200,
});
const jpeg = (name: string, size = 4000) => new File([new Uint8Array(size)], name, { type: 'image/jpeg' });

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

const user = () => userEvent.setup({ delay: null });

async function fillIn(u: ReturnType<typeof user>) {
  await u.type(await screen.findByLabelText(/^Serial number/), 'KPM-6120');
  await u.type(screen.getByLabelText(/^Phone number/), '+91 98430 12345');
  await u.type(screen.getByLabelText(/^Your name/), 'Murugan');
  await u.type(screen.getByLabelText(/^What is wrong/), 'Turret does not index.');
}

describe('the photos of a service request', () => {
  it('upload when chosen, with their progress on the thumbnail', async () => {
    renderAt('/service');
    const u = user();
    await u.upload(await screen.findByLabelText('Add photos'), jpeg('alarm.jpg'));
    const upload = await nthUpload(1);
    expect(upload.body?.get('locale')).toBe('en');
    const file = upload.body?.get('images');
    expect(file).toBeInstanceOf(File);
    expect(file).toMatchObject({ name: 'alarm.jpg', type: 'image/jpeg', size: 4000 });
    expect(upload.body?.getAll('images')).toHaveLength(1);

    upload.progress(1600, 4000);
    expect(await screen.findByRole('progressbar', { name: 'Photo 1: 40% uploaded' })).toHaveValue(0.4);
    expect(screen.getByText('Uploading photos…')).toBeInTheDocument();

    upload.respond(201, photoAnswer(1));
    expect(await screen.findByText('Photo 1 uploaded')).toBeInTheDocument();
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    expect(screen.getByText('1 photo of 6')).toBeInTheDocument();
  });

  it('go as their ids in the order chosen: Send carries no photo', async () => {
    const router = renderAt('/service');
    const u = user();
    await fillIn(u);
    await u.upload(screen.getByLabelText('Add photos'), [jpeg('nameplate.jpg'), jpeg('alarm.jpg')]);
    // The second answers first: the order is still the order chosen.
    (await nthUpload(2)).respond(201, photoAnswer(2));
    (await nthUpload(1)).respond(201, photoAnswer(1));
    // Each answer lands in its own render: wait for both, not just the first.
    expect(await screen.findByText('Photo 2 uploaded')).toBeInTheDocument();
    expect(await screen.findByText('Photo 1 uploaded')).toBeInTheDocument();

    await u.click(screen.getByRole('button', { name: 'Send request' }));
    const request = await theRequest();
    expect(request.body?.get('photoIds')).toBe(`${photoId(1)},${photoId(2)}`);
    expect(request.body?.getAll('images')).toEqual([]);
    expect(request.body?.get('serial')).toBe('KPM-6120');
    request.respond(201, { reference: 'SR-2026-00017' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Request sent' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/service/sent');
    expect(uploads()).toHaveLength(2);
  });

  it('Send waits for an upload under way, showing the overall progress, then sends', async () => {
    renderAt('/service');
    const u = user();
    await fillIn(u);
    await u.upload(screen.getByLabelText('Add photos'), [jpeg('one.jpg', 1000), jpeg('two.jpg', 3000)]);
    (await nthUpload(1)).respond(201, photoAnswer(1));
    const second = await nthUpload(2);
    second.progress(1500, 3000);

    await u.click(screen.getByRole('button', { name: 'Send request' }));
    const button = await screen.findByRole('button', { name: 'Uploading photos…' });
    expect(button).toBeDisabled();
    // 1000 bytes done of the first, 1500 of 3000 of the second: 2500 of 4000.
    const status = screen.getByRole('status');
    expect(status).toHaveTextContent('63% of the photos uploaded');
    second.progress(2700, 3000);
    await waitFor(() => expect(status).toHaveTextContent('93% of the photos uploaded'));
    expect(requests()).toEqual([]);

    second.respond(201, photoAnswer(2));
    const request = await theRequest();
    expect(request.body?.get('photoIds')).toBe(`${photoId(1)},${photoId(2)}`);
    expect(await screen.findByRole('button', { name: 'Sending…' })).toBeDisabled();
    request.respond(201, { reference: 'SR-2026-00018' });
    expect(await screen.findByText('SR-2026-00018')).toBeInTheDocument();
  });

  it('a failed upload shows a retry on its thumbnail, and Send says which photo failed', async () => {
    renderAt('/service');
    const u = user();
    await fillIn(u);
    await u.upload(screen.getByLabelText('Add photos'), [jpeg('one.jpg'), jpeg('two.jpg')]);
    (await nthUpload(1)).respond(201, photoAnswer(1));
    (await nthUpload(2)).fail();
    const retry = await screen.findByRole('button', { name: 'Retry photo 2' });
    expect(retry).toHaveTextContent('Retry');
    expect(screen.getByText('Photo 2 was not uploaded. Check your connection and tap Retry.')).toBeInTheDocument();

    await u.click(screen.getByRole('button', { name: 'Send request' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Photo 2 was not uploaded: tap Retry on it or remove it, then send again.',
    );
    expect(requests()).toEqual([]);
    expect(screen.getByRole('button', { name: 'Send request' })).toBeEnabled();

    await u.click(retry);
    const again = await nthUpload(3);
    expect((again.body?.get('images') as File).name).toBe('two.jpg');
    again.respond(201, photoAnswer(3));
    expect(await screen.findByText('Photo 2 uploaded')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Retry photo 2' })).not.toBeInTheDocument();

    await u.click(screen.getByRole('button', { name: 'Send request' }));
    expect((await theRequest()).body?.get('photoIds')).toBe(`${photoId(1)},${photoId(3)}`);
  });

  it('too many photos from this connection: a retry, and when, in Tamil', async () => {
    renderAt('/service', 'ta');
    const u = user();
    await u.upload(await screen.findByLabelText('புகைப்படங்களைச் சேர்'), jpeg('one.jpg'));
    (await nthUpload(1)).respond(429, { message: 'Too many photos' }, { 'retry-after': '600' });
    expect(await screen.findByRole('button', { name: 'புகைப்படம் 1: மீண்டும் முயற்சி' })).toBeInTheDocument();
    expect(
      screen.getByText(/^புகைப்படம் 1 அப்லோட் ஆகவில்லை: இந்த இணைப்பிலிருந்து அதிகமான புகைப்படங்கள் வந்துள்ளன\. .+-க்குப் பிறகு/),
    ).toBeInTheDocument();
  });

  it('a photo the server refuses is left out, saying why in the page language', async () => {
    renderAt('/service', 'hi');
    const u = user();
    await u.upload(await screen.findByLabelText('फ़ोटो जोड़ें'), jpeg('scan.jpg'));
    (await nthUpload(1)).respond(400, { message: refusedFileMessage('scan.jpg', NOT_AN_IMAGE_REASON) });
    expect(await screen.findByText(/“scan.jpg” ऐसी फ़ोटो नहीं है जिसे हम पढ़ सकें/)).toBeInTheDocument();
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /दोबारा कोशिश/ })).not.toBeInTheDocument();
  });

  it('a photo the request found not kept shows a retry; uploaded again, the request goes', async () => {
    renderAt('/service');
    const u = user();
    await fillIn(u);
    await u.upload(screen.getByLabelText('Add photos'), [jpeg('one.jpg'), jpeg('two.jpg')]);
    (await nthUpload(1)).respond(201, photoAnswer(1));
    (await nthUpload(2)).respond(201, photoAnswer(2));
    await screen.findByText('Photo 1 uploaded');
    await screen.findByText('Photo 2 uploaded');
    await u.click(screen.getByRole('button', { name: 'Send request' }));
    (await theRequest()).respond(400, {
      message: SERVICE_PHOTO_NOT_KEPT_MESSAGE,
      issues: [{ path: ['photoIds', 1], message: SERVICE_PHOTO_NOT_KEPT_MESSAGE }],
    });
    expect(await screen.findByRole('alert')).toHaveTextContent('Please check the fields marked below.');
    expect(screen.getByText('Photo 2 was not kept. Tap Retry to upload it again.')).toBeInTheDocument();
    await u.click(screen.getByRole('button', { name: 'Retry photo 2' }));
    (await nthUpload(3)).respond(201, photoAnswer(3));
    await screen.findByText('Photo 2 uploaded');
    await u.click(screen.getByRole('button', { name: 'Send request' }));
    await waitFor(() => expect(requests()).toHaveLength(2));
    expect(requests()[1]!.body?.get('photoIds')).toBe(`${photoId(1)},${photoId(3)}`);
  });

  it('removing a photo cancels its upload and forgets its id', async () => {
    renderAt('/service');
    const u = user();
    await fillIn(u);
    await u.upload(screen.getByLabelText('Add photos'), [jpeg('blurred.jpg'), jpeg('sharp.jpg'), jpeg('extra.jpg')]);
    const blurred = await nthUpload(1);
    (await nthUpload(2)).respond(201, photoAnswer(2));
    (await nthUpload(3)).respond(201, photoAnswer(3));
    await screen.findByText('Photo 2 uploaded');
    await screen.findByText('Photo 3 uploaded');

    // The first while it is still uploading, the last once uploaded.
    await u.click(screen.getByRole('button', { name: 'Remove photo 1' }));
    expect(blurred.aborted).toBe(true);
    await u.click(screen.getByRole('button', { name: 'Remove photo 2' }));
    const list = within(screen.getByRole('form', { name: 'Service request' })).getByRole('list');
    expect(within(list).getAllByRole('listitem')).toHaveLength(1);
    expect(within(list).getByText('Photo 1 uploaded')).toBeInTheDocument();
    expect(screen.getByText('1 photo of 6')).toBeInTheDocument();

    await u.click(screen.getByRole('button', { name: 'Send request' }));
    expect((await theRequest()).body?.get('photoIds')).toBe(photoId(2));
    expect(uploads()).toHaveLength(3);
  });
});
