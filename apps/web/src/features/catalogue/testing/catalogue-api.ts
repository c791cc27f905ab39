import { http, HttpResponse } from 'msw';
import {
  CATALOGUE_ITEMS_URL,
  compareNames,
  type CatalogueFacets,
  type CatalogueItemsEntry,
  type CatalogueSummary,
  type Machine,
  type Service,
  type SparePart,
} from '@capstan/shared';
import { fakePagedList, summaryOf as summaryOfLists } from '@/testing/paged-list-api';

export interface CatalogueLists {
  machines?: Machine[];
  spares?: SparePart[];
  services?: Service[];
}

export interface CatalogueApiOptions {
  /** Answered instead of the counts made from the lists. */
  summary?: CatalogueSummary;
  /** Awaited before a list call is answered: lets a test hold an answer back. */
  wait?: (url: URL) => Promise<void>;
  /** What the filter panel's facets call answers (default: the tab's count, nothing to filter by). */
  facets?: (url: URL) => CatalogueFacets;
}

export function summaryOf({ machines = [], spares = [], services = [] }: CatalogueLists): CatalogueSummary {
  return summaryOfLists({ products: machines, spares, services });
}

/**
 * The paged list calls (decision 010) and the summary, as the catalogue sees them: the machine
 * tab must ask for category machine. Every call made is recorded in `requests` as path and
 * query, in order.
 */
export function catalogueApi(lists: CatalogueLists = {}, { summary, wait, facets }: CatalogueApiOptions = {}) {
  const requests: string[] = [];
  const record = (url: URL) => {
    requests.push(url.pathname + url.search);
  };
  const onRequest = async (url: URL) => {
    record(url);
    await wait?.(url);
  };
  const handlers = [
    http.get('/api/catalogue/summary', ({ request }) => {
      record(new URL(request.url));
      return HttpResponse.json(summary ?? summaryOf(lists));
    }),
    http.get('/api/catalogue/facets', ({ request }) => {
      const url = new URL(request.url);
      record(url);
      if (facets) return HttpResponse.json(facets(url));
      const kind = url.searchParams.get('kind');
      const list = kind === 'machine' ? lists.machines : kind === 'spare' ? lists.spares : lists.services;
      return HttpResponse.json({ total: list?.length ?? 0, categories: [], specs: [] } satisfies CatalogueFacets);
    }),
    // The Favourites view's lookup by id, machines then parts then services, each by name.
    http.get(CATALOGUE_ITEMS_URL, ({ request }) => {
      const url = new URL(request.url);
      record(url);
      const ids = new Set((url.searchParams.get('ids') ?? '').split(','));
      const byName = <T extends { id: string; name: string }>(items: T[]) =>
        items.filter((item) => ids.has(item.id)).sort((a, b) => compareNames(a.name, b.name));
      const entries: CatalogueItemsEntry[] = [
        ...byName(lists.machines ?? []).map((item) => ({ kind: 'machine' as const, item })),
        ...byName(lists.spares ?? []).map((item) => ({ kind: 'spare' as const, item })),
        ...byName(lists.services ?? []).map((item) => ({ kind: 'service' as const, item })),
      ];
      return HttpResponse.json(entries);
    }),
    fakePagedList('/api/products', lists.machines ?? [], { onRequest, requiredCategory: 'machine' }),
    fakePagedList('/api/spareparts', lists.spares ?? [], { onRequest }),
    fakePagedList('/api/services', lists.services ?? [], { onRequest }),
  ];
  return { handlers, requests };
}
