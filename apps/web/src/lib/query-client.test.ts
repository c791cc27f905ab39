import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { server } from '@/testing/mocks/server';
import { ApiError } from './api-client';
import { createQueryClient, getQueryFn } from './query-client';

describe('query client defaults (SPEC §7)', () => {
  it('GETs the URL in the first element of the key', async () => {
    server.use(http.get('/api/services', () => HttpResponse.json([{ id: 's1' }])));
    const client = createQueryClient();
    await expect(client.fetchQuery({ queryKey: ['/api/services'] })).resolves.toEqual([{ id: 's1' }]);
  });

  it('does not retry a failed query', async () => {
    let calls = 0;
    server.use(
      http.get('/api/flaky', () => {
        calls += 1;
        return HttpResponse.text('down', { status: 500 });
      }),
    );
    const client = createQueryClient();
    await expect(client.fetchQuery({ queryKey: ['/api/flaky'] })).rejects.toThrow('500: down');
    expect(calls).toBe(1);
  });

  it('never considers data stale and does not refetch on focus or poll', () => {
    const defaults = createQueryClient().getDefaultOptions();
    expect(defaults.queries?.staleTime).toBe(Infinity);
    expect(defaults.queries?.refetchOnWindowFocus).toBe(false);
    expect(defaults.queries?.refetchInterval).toBe(false);
    expect(defaults.queries?.retry).toBe(false);
    expect(defaults.mutations?.retry).toBe(false);
  });

  it('rejects a key that is not a URL', async () => {
    const client = createQueryClient();
    await expect(client.fetchQuery({ queryKey: ['featured'] })).rejects.toThrow(/root-relative URL/);
  });
});

describe('getQueryFn on401', () => {
  const unauthorized = () => HttpResponse.json({ message: 'Unauthorized' }, { status: 401 });

  it("yields null on 401 in 'returnNull' mode", async () => {
    server.use(http.get('/api/auth/me', unauthorized));
    const client = createQueryClient();
    await expect(
      client.fetchQuery({ queryKey: ['/api/auth/me'], queryFn: getQueryFn({ on401: 'returnNull' }) }),
    ).resolves.toBeNull();
  });

  it("fails on 401 in 'throw' mode", async () => {
    server.use(http.get('/api/auth/me', unauthorized));
    const client = createQueryClient();
    const error = await client
      .fetchQuery({ queryKey: ['/api/auth/me'], queryFn: getQueryFn({ on401: 'throw' }) })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(401);
  });

  it("still fails on other errors in 'returnNull' mode", async () => {
    server.use(http.get('/api/auth/me', () => HttpResponse.text('nope', { status: 403 })));
    const client = createQueryClient();
    await expect(
      client.fetchQuery({ queryKey: ['/api/auth/me'], queryFn: getQueryFn({ on401: 'returnNull' }) }),
    ).rejects.toThrow('403: nope');
  });
});
