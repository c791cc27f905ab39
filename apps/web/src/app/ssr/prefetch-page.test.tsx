import { render, screen } from '@testing-library/react';
import { dehydrate, hydrate, type DehydratedState, type QueryClient } from '@tanstack/react-query';
import { http, HttpResponse } from 'msw';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { catalogueApi } from '@/features/catalogue/testing/catalogue-api';
import { createQueryClient } from '@/lib/query-client';
import { buildSparePart } from '@/testing/fixtures';
import { featuredHandlers } from '@/testing/mocks/featured';
import { server } from '@/testing/mocks/server';
import { machineChoicesQuery } from '@/lib/machine-choices';
import { AppProvider } from '../provider';
import { resolveLazyRoutes, ROUTE_IDS, routes } from '../router';
import { prefetchPage } from './prefetch-page';

const catalogueMatch = [{ route: { id: ROUTE_IDS.products }, params: {} }];

/** What the server renderer embeds in the page, as the browser reads it back. */
function embedded(queryClient: QueryClient): DehydratedState {
  return JSON.parse(JSON.stringify(dehydrate(queryClient))) as DehydratedState;
}

async function hydrateCatalogue(data: DehydratedState, url: string) {
  await resolveLazyRoutes({ pathname: '/products' });
  const queryClient = createQueryClient();
  hydrate(queryClient, data);
  const router = createMemoryRouter(routes, { initialEntries: [url] });
  render(
    <AppProvider queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProvider>,
  );
}

describe('prefetchPage for the catalogue', () => {
  const spares = Array.from({ length: 40 }, (_, index) =>
    buildSparePart({ name: `Collet ${String(index + 1).padStart(2, '0')}`, description: 'Spring collet.' }),
  );

  it('fetches the counts and the page the URL names, and the browser renders it without asking again', async () => {
    const api = catalogueApi({ spares });
    server.use(...api.handlers);
    const url = '/products?tab=spares&q=collet&sort=price&page=2';

    const serverCache = createQueryClient();
    const page = await prefetchPage(serverCache, catalogueMatch, new URL(url, 'http://localhost').searchParams, 'en');
    // A search's canonical page is its tab's first page (decision 014).
    expect(page).toEqual({ kind: 'catalogue', canonicalPath: '/products?tab=spares' });
    // Ordered by price, the filter panel starts open: its facets are fetched too.
    expect([...api.requests].sort()).toEqual([
      '/api/catalogue/facets?kind=spare&q=collet',
      '/api/catalogue/summary',
      // The machines the spare parts can be narrowed to.
      '/api/products?category=machine',
      '/api/spareparts?q=collet&sort=price&offset=24&limit=24',
    ]);

    const requestsBefore = api.requests.length;
    await hydrateCatalogue(embedded(serverCache), url);
    // The first render already has the cards: no loading state, so nothing differs from the HTML.
    expect(screen.queryByText('Loading products...')).not.toBeInTheDocument();
    expect(screen.getByText('Showing 25–40 of 40 spare parts matching "collet"')).toBeInTheDocument();
    expect(screen.getAllByRole('article')).toHaveLength(16);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(api.requests).toHaveLength(requestsBefore);
  });

  it('names the tab and the page shown as the canonical path; page 1 of machines is /products', async () => {
    server.use(...catalogueApi({ spares }).handlers);
    const canonical = async (query: string) => {
      const page = await prefetchPage(createQueryClient(), catalogueMatch, new URLSearchParams(query), 'en');
      return page.kind === 'catalogue' ? page.canonicalPath : page.kind;
    };
    expect(await canonical('')).toBe('/products');
    expect(await canonical('tab=machines&page=1&sort=price&view=list')).toBe('/products');
    expect(await canonical('tab=spares&page=2')).toBe('/products?tab=spares&page=2');
    // Past the end the last page is shown: that is the page the URL stands for.
    expect(await canonical('tab=spares&page=9')).toBe('/products?tab=spares&page=2');
    expect(await canonical('tab=nonsense&page=x')).toBe('/products');
  });

  it('embeds no failed call, so the server renders the loading state the browser starts from', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    server.use(
      http.get('/api/spareparts', () => new HttpResponse(null, { status: 503, statusText: 'Service Unavailable' })),
      ...catalogueApi().handlers,
    );
    const serverCache = createQueryClient();
    await prefetchPage(serverCache, catalogueMatch, new URLSearchParams('tab=spares'), 'en');

    const keys = serverCache
      .getQueryCache()
      .getAll()
      .map((query) => query.queryKey[0])
      .sort();
    expect(keys).toEqual(['/api/catalogue/summary', '/api/site']);
  });
});

describe('prefetchPage for the home page', () => {
  it('fetches the machines the review form offers, so the server HTML names them', async () => {
    const machine = { id: '0b6f4b8e-8f5c-4d3a-9a51-3f0f4a1c2d01', name: 'Precision Capstan Lathe', code: 'NP-38' };
    server.use(
      ...featuredHandlers({ allMachines: [machine] }),
      http.get('/api/machine-categories', () => HttpResponse.json([])),
    );
    const serverCache = createQueryClient();
    const page = await prefetchPage(
      serverCache,
      [{ route: { id: ROUTE_IDS.home }, params: {} }],
      new URLSearchParams(),
      'en',
    );
    expect(page).toEqual({ kind: 'home' });
    expect(serverCache.getQueryData(machineChoicesQuery('en').queryKey)).toEqual([machine]);
  });
});
