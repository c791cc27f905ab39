import { http, HttpResponse, delay } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { ADMIN_TOKEN_STORAGE_KEY, ADMIN_USER_STORAGE_KEY } from '@capstan/shared';
import { server } from '@/testing/mocks/server';
import { api, ApiError, apiFetch, errorReason, TimeoutError } from './api-client';
import { ADMIN_SESSION_EXPIRED_EVENT } from './auth-storage';

function captureRequests(
  method: 'get' | 'post',
  path: string,
  reply: () => Response = () => HttpResponse.json({ ok: true }),
) {
  const seen: Request[] = [];
  server.use(
    http[method](path, ({ request }) => {
      seen.push(request.clone());
      return reply();
    }),
  );
  return seen;
}

function signIn(token = 'token-abc') {
  localStorage.setItem(ADMIN_TOKEN_STORAGE_KEY, token);
  localStorage.setItem(ADMIN_USER_STORAGE_KEY, JSON.stringify({ id: 'u1', email: 'a@b.c', username: 'admin' }));
}

describe('apiFetch headers', () => {
  it('sends no Authorization header when no admin token is stored', async () => {
    const seen = captureRequests('get', '/api/things');
    await api.get('/api/things');
    expect(seen).toHaveLength(1);
    expect(seen[0]?.headers.has('authorization')).toBe(false);
    expect(seen[0]?.headers.get('accept')).toBe('application/json');
  });

  it('sends the stored admin token as a bearer token', async () => {
    signIn('token-abc');
    const seen = captureRequests('get', '/api/things');
    await api.get('/api/things');
    expect(seen[0]?.headers.get('authorization')).toBe('Bearer token-abc');
  });

  it('always includes credentials', async () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    captureRequests('get', '/api/things');
    await api.get('/api/things');
    expect(fetchSpy).toHaveBeenCalledWith('/api/things', expect.objectContaining({ credentials: 'include' }));
  });

  it('sends JSON bodies as JSON with a content type', async () => {
    const seen = captureRequests('post', '/api/things');
    await api.post('/api/things', { name: 'Lathe' });
    expect(seen[0]?.headers.get('content-type')).toBe('application/json');
    expect(await seen[0]?.json()).toEqual({ name: 'Lathe' });
  });

  it('leaves the content type of FormData bodies to fetch', async () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    captureRequests('post', '/api/things');
    const form = new FormData();
    form.append('name', 'Lathe');
    await api.post('/api/things', form);
    const init = fetchSpy.mock.calls[0]?.[1];
    expect(init?.body).toBe(form);
    expect(new Headers(init?.headers).has('content-type')).toBe(false);
  });
});

describe('apiFetch HTTP cache mode', () => {
  const cacheModeOf = (fetchSpy: { mock: { calls: unknown[][] } }) =>
    (fetchSpy.mock.calls[0]?.[1] as RequestInit | undefined)?.cache;

  it('lets the browser cache decide for anonymous GETs', async () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    captureRequests('get', '/api/things');
    await api.get('/api/things');
    expect(cacheModeOf(fetchSpy)).toBeUndefined();
  });

  it('revalidates every GET while an admin token is stored, so staff never read a stale list', async () => {
    signIn();
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    captureRequests('get', '/api/things');
    await api.get('/api/things');
    expect(cacheModeOf(fetchSpy)).toBe('no-cache');
  });

  it('leaves writes and an explicit cache mode alone', async () => {
    signIn();
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    captureRequests('post', '/api/things');
    captureRequests('get', '/api/things');
    await api.post('/api/things', { name: 'Lathe' });
    await api.get('/api/things', { cache: 'reload' });
    expect((fetchSpy.mock.calls[0]?.[1] as RequestInit | undefined)?.cache).toBeUndefined();
    expect((fetchSpy.mock.calls[1]?.[1] as RequestInit | undefined)?.cache).toBe('reload');
  });
});

describe('apiFetch responses', () => {
  it('returns the parsed JSON body', async () => {
    server.use(http.get('/api/things', () => HttpResponse.json([{ id: '1' }])));
    await expect(api.get('/api/things')).resolves.toEqual([{ id: '1' }]);
  });

  it('fails with "{status}: {body text}" and exposes the server message', async () => {
    server.use(http.get('/api/things', () => HttpResponse.json({ message: 'Item not found' }, { status: 404 })));
    const error = await api.get('/api/things').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    const apiError = error as ApiError;
    expect(apiError.status).toBe(404);
    expect(apiError.message).toBe('404: {"message":"Item not found"}');
    expect(apiError.serverMessage).toBe('Item not found');
    expect(apiError.body).toBe('{"message":"Item not found"}');
  });

  it('falls back to the status text when the body is empty', async () => {
    server.use(
      http.get('/api/things', () => new HttpResponse(null, { status: 503, statusText: 'Service Unavailable' })),
    );
    const error = (await api.get('/api/things').catch((e: unknown) => e)) as ApiError;
    expect(error.message).toBe('503: Service Unavailable');
    expect(error.serverMessage).toBeNull();
  });

  it('has no server message when the error body is not JSON', async () => {
    server.use(http.get('/api/things', () => HttpResponse.text('Bad gateway', { status: 502 })));
    const error = (await api.get('/api/things').catch((e: unknown) => e)) as ApiError;
    expect(error.message).toBe('502: Bad gateway');
    expect(error.serverMessage).toBeNull();
  });
});

describe('apiFetch on 401', () => {
  it('clears the admin session and announces it when the request carried a token', async () => {
    signIn();
    const expired = vi.fn();
    window.addEventListener(ADMIN_SESSION_EXPIRED_EVENT, expired);
    server.use(http.put('/api/products/1', () => HttpResponse.json({ message: 'Unauthorized' }, { status: 401 })));

    await expect(api.put('/api/products/1', { featured: true })).rejects.toMatchObject({ status: 401 });

    window.removeEventListener(ADMIN_SESSION_EXPIRED_EVENT, expired);
    expect(localStorage.getItem(ADMIN_TOKEN_STORAGE_KEY)).toBeNull();
    expect(localStorage.getItem(ADMIN_USER_STORAGE_KEY)).toBeNull();
    expect(expired).toHaveBeenCalledTimes(1);
  });

  it('does nothing to storage when no token was sent', async () => {
    localStorage.setItem('unrelated', 'keep');
    const expired = vi.fn();
    window.addEventListener(ADMIN_SESSION_EXPIRED_EVENT, expired);
    server.use(http.get('/api/things', () => HttpResponse.json({ message: 'Unauthorized' }, { status: 401 })));

    await expect(api.get('/api/things')).rejects.toBeInstanceOf(ApiError);

    window.removeEventListener(ADMIN_SESSION_EXPIRED_EVENT, expired);
    expect(expired).not.toHaveBeenCalled();
    expect(localStorage.getItem('unrelated')).toBe('keep');
  });
});

describe('apiFetch timeouts and aborts', () => {
  it('throws a TimeoutError when the server takes longer than timeoutMs', async () => {
    server.use(
      http.get('/api/slow', async () => {
        await delay(500);
        return HttpResponse.json([]);
      }),
    );
    const error = await apiFetch('/api/slow', { timeoutMs: 30 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TimeoutError);
    expect((error as TimeoutError).timeoutMs).toBe(30);
  });

  it('does not time out a response that arrives in time', async () => {
    server.use(http.get('/api/quick', () => HttpResponse.json(['ok'])));
    await expect(apiFetch('/api/quick', { timeoutMs: 1000 })).resolves.toEqual(['ok']);
  });

  it('passes a caller abort through as an abort, not a timeout', async () => {
    server.use(
      http.get('/api/slow', async () => {
        await delay(500);
        return HttpResponse.json([]);
      }),
    );
    const controller = new AbortController();
    const pending = apiFetch('/api/slow', { signal: controller.signal, timeoutMs: 5000 });
    controller.abort();
    const error = await pending.catch((e: unknown) => e);
    expect(error).not.toBeInstanceOf(TimeoutError);
    expect(error).toMatchObject({ name: 'AbortError' });
  });
});

describe('errorReason', () => {
  it("prefers the server's message, then the error's text, or the screen's own wording for a network failure", () => {
    expect(errorReason(new ApiError(409, 'Conflict', '{"message":"Already exists."}'))).toBe('Already exists.');
    expect(errorReason(new ApiError(502, 'Bad Gateway', ''), 'Network error.')).toBe('502: Bad Gateway');
    expect(errorReason(new TypeError('Failed to fetch'))).toBe('Failed to fetch');
    expect(errorReason(new TypeError('Failed to fetch'), 'Network error.')).toBe('Network error.');
  });
});
