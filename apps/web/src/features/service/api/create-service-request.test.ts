import { afterEach, describe, expect, it, vi } from 'vitest';
import { PublicRequestError } from '../lib/request-error';
import { createServiceRequest, SERVICE_REQUESTS_URL } from './create-service-request';

/** A stand-in XMLHttpRequest that answers as told, reporting the upload's progress on the way. */
function fakeXhr(answer: { status: number; body: string; retryAfter?: string } | 'offline') {
  const opened: string[] = [];
  class FakeXhr extends EventTarget {
    upload = new EventTarget();
    status = 0;
    statusText = '';
    responseText = '';
    open(method: string, url: string) {
      opened.push(`${method} ${url}`);
    }
    setRequestHeader() {}
    getResponseHeader(name: string) {
      return name.toLowerCase() === 'retry-after' && answer !== 'offline' ? (answer.retryAfter ?? null) : null;
    }
    send() {
      queueMicrotask(() => {
        if (answer === 'offline') {
          this.dispatchEvent(new Event('error'));
          return;
        }
        for (const loaded of [250, 1000]) {
          this.upload.dispatchEvent(
            Object.assign(new Event('progress'), { lengthComputable: true, loaded, total: 1000 }),
          );
        }
        this.status = answer.status;
        this.responseText = answer.body;
        this.dispatchEvent(new Event('load'));
      });
    }
  }
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  return opened;
}

afterEach(() => vi.unstubAllGlobals());

describe('createServiceRequest', () => {
  it('posts the form to the API and reports how much of it has gone', async () => {
    const opened = fakeXhr({ status: 201, body: JSON.stringify({ reference: 'SR-2026-00017' }) });
    const progress: number[] = [];
    await expect(createServiceRequest(new FormData(), (fraction) => progress.push(fraction))).resolves.toEqual({
      reference: 'SR-2026-00017',
    });
    expect(opened).toEqual([`POST ${SERVICE_REQUESTS_URL}`]);
    expect(progress).toEqual([0.25, 1]);
  });

  it('throws a refusal with its fields and when to try again', async () => {
    fakeXhr({
      status: 400,
      body: JSON.stringify({ message: 'Name is required', issues: [{ path: ['name'], message: 'Name is required' }] }),
    });
    const refused = await createServiceRequest(new FormData()).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(PublicRequestError);
    expect(refused).toMatchObject({ status: 400, serverMessage: 'Name is required' });
    expect((refused as PublicRequestError).issues).toEqual([{ path: ['name'], message: 'Name is required' }]);

    fakeXhr({ status: 429, body: JSON.stringify({ message: 'Too many' }), retryAfter: '120' });
    await expect(createServiceRequest(new FormData())).rejects.toMatchObject({ status: 429, retryAfterSeconds: 120 });
  });

  it('fails like fetch when there is no connection', async () => {
    fakeXhr('offline');
    await expect(createServiceRequest(new FormData())).rejects.toBeInstanceOf(TypeError);
  });
});
