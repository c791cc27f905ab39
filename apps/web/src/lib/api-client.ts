import { type ApiAnswer, TOTAL_COUNT_HEADER } from '@capstan/shared';
import { ADMIN_SESSION_EXPIRED_EVENT, clearAdminSession, readAdminToken } from './auth-storage';

export interface ApiRequestInit extends Omit<RequestInit, 'body' | 'credentials'> {
  /** FormData is sent as multipart; anything else defined is sent as JSON. */
  body?: unknown;
  /** Abort the request after this long and throw a TimeoutError (SPEC §7: catalogue lists, 5 s). */
  timeoutMs?: number;
}

/** A non-OK response. `message` follows SPEC §7 (`{status}: {body text or status text}`). */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly status: number;
  readonly statusText: string;
  /** The raw response body text. */
  readonly body: string;
  /** The server's `{ message }`, for screens that show it (login, form saves); null if absent. */
  readonly serverMessage: string | null;

  constructor(status: number, statusText: string, body: string) {
    super(`${status}: ${body !== '' ? body : statusText}`);
    this.status = status;
    this.statusText = statusText;
    this.body = body;
    this.serverMessage = readServerMessage(body);
  }
}

/**
 * What to tell staff about a failed call: the server's `{ message }` when it sent one, else the
 * error's own text. `otherwise` replaces the text of errors that are not the server's answer (a
 * network failure's "Failed to fetch"), for screens that word those themselves.
 */
export function errorReason(error: unknown, otherwise?: string): string {
  if (error instanceof ApiError) return error.serverMessage ?? error.message;
  if (otherwise !== undefined) return otherwise;
  if (error instanceof Error) return error.message;
  return String(error);
}

export class TimeoutError extends Error {
  override readonly name = 'TimeoutError';
  readonly timeoutMs: number;

  constructor(path: string, timeoutMs: number) {
    super(`Request to ${path} timed out after ${timeoutMs} ms`);
    this.timeoutMs = timeoutMs;
  }
}

function readServerMessage(body: string): string | null {
  if (body === '') return null;
  try {
    const parsed: unknown = JSON.parse(body);
    if (typeof parsed === 'object' && parsed !== null && 'message' in parsed && typeof parsed.message === 'string') {
      return parsed.message;
    }
  } catch {
    // Not JSON (a proxy's HTML error page, say): there is no server message to show.
  }
  return null;
}

function encodeBody(body: unknown, headers: Headers): BodyInit | undefined {
  if (body === undefined) return undefined;
  // The browser must set the multipart boundary itself.
  if (body instanceof FormData) return body;
  if (!headers.has('Content-Type')) headers.set('Content-Type', 'application/json');
  return JSON.stringify(body);
}

function expireSession(sentToken: string): void {
  // A newer login may have replaced the token while this request was in flight.
  if (readAdminToken() !== sentToken) return;
  clearAdminSession();
  window.dispatchEvent(new Event(ADMIN_SESSION_EXPIRED_EVENT));
}

type Transport = (path: string, init: RequestInit) => Promise<ApiAnswer>;

let transport: Transport = (path, init) => fetch(path, init);

/**
 * The server renderer answers API calls in process instead of over the network; the browser
 * always uses fetch.
 */
export function configureApiTransport(next: Transport): void {
  transport = next;
}

/** A list call's answer: one page of items and how many match across all pages (decision 010). */
export interface ListPage<T> {
  items: T[];
  total: number;
}

export async function apiFetch<T>(path: string, init: ApiRequestInit = {}): Promise<T> {
  const { text } = await send(path, init);
  return parseJson<T>(path, text);
}

/** GET of a text answer (a CSV file, say), with the same session and errors as JSON calls. */
export async function apiFetchText(path: string, init: Omit<ApiRequestInit, 'method' | 'body'> = {}): Promise<string> {
  const headers = new Headers(init.headers);
  if (!headers.has('Accept')) headers.set('Accept', '*/*');
  const { text } = await send(path, { ...init, headers, method: 'GET' });
  return text;
}

/**
 * A call whose answer the caller reads itself (a file to download, a stream of progress lines),
 * with the same session and errors as JSON calls: a non-OK answer throws ApiError.
 */
export async function apiFetchResponse(path: string, init: Omit<ApiRequestInit, 'timeoutMs'> = {}): Promise<Response> {
  const { body, headers: initHeaders, ...rest } = init;
  const headers = new Headers(initHeaders);
  if (!headers.has('Accept')) headers.set('Accept', '*/*');
  const token = readAdminToken();
  if (token !== null && !headers.has('Authorization')) headers.set('Authorization', `Bearer ${token}`);
  // Only the browser downloads files and reads streams: fetch itself, not the renderer's transport.
  const response = await fetch(path, {
    ...rest,
    headers,
    body: encodeBody(body, headers),
    credentials: 'include',
  });
  if (!response.ok) {
    const text = await response.text();
    if (response.status === 401 && token !== null) expireSession(token);
    throw new ApiError(response.status, response.statusText, text);
  }
  return response;
}

/** GET of a paged list: the JSON array plus its `X-Total-Count`. */
export async function apiFetchList<T>(path: string, init: ApiRequestInit = {}): Promise<ListPage<T>> {
  const { response, text } = await send(path, { ...init, method: 'GET' });
  const items = parseJson<unknown>(path, text);
  // SPEC §7: 'the response is an array'; anything else is a broken server, not an empty list.
  if (!Array.isArray(items)) throw new Error(`Expected a list from ${path}`);
  const total = Number(response.headers.get(TOTAL_COUNT_HEADER));
  if (response.headers.get(TOTAL_COUNT_HEADER) === null || !Number.isSafeInteger(total) || total < items.length) {
    throw new Error(`Expected a total count with the list from ${path}`);
  }
  return { items: items as T[], total };
}

async function send(path: string, init: ApiRequestInit): Promise<{ response: ApiAnswer; text: string }> {
  const { body, timeoutMs, signal: callerSignal, headers: initHeaders, ...rest } = init;

  const headers = new Headers(initHeaders);
  if (!headers.has('Accept')) headers.set('Accept', 'application/json');
  // ARCHITECTURE deviation: the client sends the admin token so the server can guard writes.
  const token = readAdminToken();
  if (token !== null && !headers.has('Authorization')) headers.set('Authorization', `Bearer ${token}`);
  const encodedBody = encodeBody(body, headers);
  // Public catalogue answers may be cached for seconds; staff must see their own save at once, so
  // their reads always revalidate (a cheap 304 when nothing changed).
  const method = (rest.method ?? 'GET').toUpperCase();
  const cache = rest.cache ?? (token !== null && method === 'GET' ? 'no-cache' : undefined);

  const controller = new AbortController();
  const forwardAbort = () => controller.abort(callerSignal?.reason);
  if (callerSignal?.aborted) forwardAbort();
  else callerSignal?.addEventListener('abort', forwardAbort, { once: true });

  let timedOut = false;
  const timer =
    timeoutMs === undefined
      ? undefined
      : setTimeout(() => {
          timedOut = true;
          controller.abort();
        }, timeoutMs);

  let response: ApiAnswer;
  let text: string;
  try {
    response = await transport(path, {
      ...rest,
      ...(cache === undefined ? {} : { cache }),
      headers,
      body: encodedBody,
      credentials: 'include',
      signal: controller.signal,
    });
    text = await response.text();
  } catch (error) {
    if (timedOut) throw new TimeoutError(path, timeoutMs ?? 0);
    throw error;
  } finally {
    clearTimeout(timer);
    callerSignal?.removeEventListener('abort', forwardAbort);
  }

  if (!response.ok) {
    if (response.status === 401 && token !== null) expireSession(token);
    throw new ApiError(response.status, response.statusText, text);
  }
  return { response, text };
}

function parseJson<T>(path: string, text: string): T {
  if (text === '') return undefined as T;
  try {
    return JSON.parse(text) as T;
  } catch {
    throw new Error(`Expected JSON from ${path} but got something else`);
  }
}

type BodylessInit = Omit<ApiRequestInit, 'method' | 'body'>;

export const api = {
  get: <T>(path: string, init?: BodylessInit) => apiFetch<T>(path, { ...init, method: 'GET' }),
  list: <T>(path: string, init?: BodylessInit) => apiFetchList<T>(path, init),
  post: <T>(path: string, body?: unknown, init?: BodylessInit) => apiFetch<T>(path, { ...init, method: 'POST', body }),
  put: <T>(path: string, body?: unknown, init?: BodylessInit) => apiFetch<T>(path, { ...init, method: 'PUT', body }),
  del: <T>(path: string, init?: BodylessInit) => apiFetch<T>(path, { ...init, method: 'DELETE' }),
};
