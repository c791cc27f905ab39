import { PublicRequestError } from './request-error';

export interface PostOptions {
  /** How much of the body has gone, from 0 to 1. */
  onProgress?: (fraction: number) => void;
  /** Aborting it stops the upload; the promise then rejects with an AbortError. */
  signal?: AbortSignal;
}

/**
 * POSTs a multipart body to one of the buyer's public endpoints and reads its JSON answer with
 * `read` (which throws when the answer is not what was expected). Through XMLHttpRequest rather
 * than fetch: only it tells how much of the body has gone, which the buyer watches while phone
 * photos upload. A refusal throws PublicRequestError; no connection throws a TypeError, as fetch does.
 */
export function postFormData<T>(
  url: string,
  body: FormData,
  read: (answer: unknown) => T,
  { onProgress, signal }: PostOptions = {},
): Promise<T> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(new DOMException('The upload was cancelled', 'AbortError'));
      return;
    }
    const request = new XMLHttpRequest();
    request.open('POST', url);
    request.setRequestHeader('Accept', 'application/json');
    if (onProgress) {
      request.upload.addEventListener('progress', (event) => {
        if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
      });
    }
    const abort = () => request.abort();
    signal?.addEventListener('abort', abort, { once: true });
    const settle = () => signal?.removeEventListener('abort', abort);
    request.addEventListener('load', () => {
      settle();
      const text = request.responseText;
      if (request.status < 200 || request.status >= 300) {
        reject(
          new PublicRequestError(request.status, request.statusText, text, request.getResponseHeader('Retry-After')),
        );
        return;
      }
      try {
        resolve(read(JSON.parse(text)));
      } catch {
        reject(new Error(`Unexpected answer from ${url}`));
      }
    });
    request.addEventListener('error', () => {
      settle();
      reject(new TypeError('Network request failed'));
    });
    request.addEventListener('timeout', () => {
      settle();
      reject(new TypeError('Network request timed out'));
    });
    request.addEventListener('abort', () => {
      settle();
      reject(new DOMException('The upload was cancelled', 'AbortError'));
    });
    request.send(body);
  });
}
