import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { APP_DATA_ELEMENT_ID } from '@capstan/shared';

// The module remembers what it asked for, as a page does: each test is a new page.
async function loadPageData() {
  vi.resetModules();
  return import('./page-data');
}

function embed(json: string) {
  const element = document.createElement('script');
  element.type = 'application/json';
  element.id = APP_DATA_ELEMENT_ID;
  element.textContent = json;
  document.body.append(element);
}

describe('page data', () => {
  const fetchMock = vi.fn<typeof fetch>();
  beforeEach(() => vi.stubGlobal('fetch', fetchMock));
  afterEach(() => {
    document.getElementById(APP_DATA_ELEMENT_ID)?.remove();
    fetchMock.mockReset();
    vi.unstubAllGlobals();
  });

  it('is null on a page the browser renders itself', async () => {
    const { pageData } = await loadPageData();
    await expect(pageData()).resolves.toBeNull();
  });

  it('hands over embedded data as it is, asking for nothing', async () => {
    embed('{"mutations":[],"queries":[]}');
    const { fetchPageData, pageData } = await loadPageData();
    fetchPageData();
    await expect(pageData()).resolves.toEqual({ state: { mutations: [], queries: [] } });
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('asks once for the answers a page left out and leaves out the ones that failed', async () => {
    embed('{"fetch":["/api/site","/api/products/featured","/api/reviews"]}');
    fetchMock.mockImplementation(async (input) => {
      if (input === '/api/site') return new Response('{"company":{"name":"K"}}', { status: 200 });
      if (input === '/api/products/featured') return new Response('[{"id":"m1"}]', { status: 200 });
      throw new TypeError('network down');
    });
    const { fetchPageData, pageData } = await loadPageData();
    fetchPageData();
    fetchPageData();
    await expect(pageData()).resolves.toEqual({
      answers: [
        ['/api/site', { company: { name: 'K' } }],
        ['/api/products/featured', [{ id: 'm1' }]],
      ],
    });
    expect(fetchMock).toHaveBeenCalledTimes(3);
    expect(fetchMock).toHaveBeenCalledWith('/api/site', expect.objectContaining({ credentials: 'same-origin' }));
  });

  it('starts each request in a task of its own', async () => {
    embed('{"fetch":["/api/site","/api/products/featured","/api/reviews"]}');
    fetchMock.mockImplementation(async () => new Response('{}', { status: 200 }));
    const { fetchPageData, pageData } = await loadPageData();
    vi.useFakeTimers();
    try {
      fetchPageData();
      const settle = async () => {
        for (let i = 0; i < 5; i++) await Promise.resolve();
      };
      await settle();
      expect(fetchMock).not.toHaveBeenCalled();
      // One timer at a time: running it, and the promise callbacks after it, starts one request.
      for (const calls of [1, 2, 3]) {
        vi.advanceTimersToNextTimer();
        await settle();
        expect(fetchMock).toHaveBeenCalledTimes(calls);
      }
      await expect(pageData()).resolves.toEqual({
        answers: [
          ['/api/site', {}],
          ['/api/products/featured', {}],
          ['/api/reviews', {}],
        ],
      });
    } finally {
      vi.useRealTimers();
    }
  });
});
