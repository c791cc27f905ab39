import { http, HttpResponse } from 'msw';
import {
  compareForSort,
  listQuerySchema,
  matchesSearch,
  TOTAL_COUNT_HEADER,
  type CatalogueSummary,
  type Machine,
  type Service,
  type SparePart,
} from '@capstan/shared';

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
}

type Item = Machine | SparePart | Service;

function countOf(items: readonly Item[]) {
  return { total: items.length, featured: items.filter((item) => item.featured).length };
}

export function summaryOf({ machines = [], spares = [], services = [] }: CatalogueLists): CatalogueSummary {
  return {
    products: countOf(machines),
    machines: countOf(machines.filter((machine) => machine.category === 'machine')),
    spareParts: countOf(spares),
    services: countOf(services),
  };
}

/**
 * A stand-in for the paged list calls (decision 010) and the summary: parameters are read with
 * the shared schema (a bad one is the 400 the screen would get), search and order follow the
 * shared SPEC §5 rules, and each answer is one page plus `X-Total-Count`. Every call made is
 * recorded in `requests` as path and query, in order.
 */
export function catalogueApi(lists: CatalogueLists = {}, { summary, wait }: CatalogueApiOptions = {}) {
  const requests: string[] = [];
  const record = (request: Request) => {
    const url = new URL(request.url);
    requests.push(url.pathname + url.search);
    return url;
  };
  const list = (path: string, items: readonly Item[], category?: string) =>
    http.get(path, async ({ request }) => {
      const url = record(request);
      await wait?.(url);
      const { category: askedCategory, ...params } = Object.fromEntries(url.searchParams);
      if (askedCategory !== category) return HttpResponse.json({ message: 'wrong category' }, { status: 400 });
      const parsed = listQuerySchema.strict().safeParse(params);
      if (!parsed.success) return HttpResponse.json({ message: parsed.error.message }, { status: 400 });
      const { q, sort, offset, limit } = parsed.data;
      const matching = items.filter((item) => matchesSearch(item, q.toLowerCase())).sort(compareForSort(sort));
      return HttpResponse.json(matching.slice(offset, offset + limit), {
        headers: { [TOTAL_COUNT_HEADER]: String(matching.length) },
      });
    });

  const handlers = [
    http.get('/api/catalogue/summary', ({ request }) => {
      record(request);
      return HttpResponse.json(summary ?? summaryOf(lists));
    }),
    list('/api/products', lists.machines ?? [], 'machine'),
    list('/api/spareparts', lists.spares ?? []),
    list('/api/services', lists.services ?? []),
  ];
  return { handlers, requests };
}

/** A promise the test resolves when it wants, for holding an answer back. */
export function gate() {
  let open = () => {};
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { opened, open };
}
