import { http, HttpResponse } from 'msw';
import {
  compareForSort,
  listQuerySchema,
  machineListQuerySchema,
  matchesSearch,
  sparePartListQuerySchema,
  TOTAL_COUNT_HEADER,
  type CatalogueSummary,
  type ListSortable,
} from '@capstan/shared';

export type PagedListItem = ListSortable & { category?: string | null; fits?: string[] };

export interface PagedListOptions {
  /** Called with each call's URL before it is answered: record it, or hold the answer back. */
  onRequest?: (url: URL) => void | Promise<void>;
  /**
   * Answer 400 unless the call names a category (the catalogue's machine tab asks for this one,
   * which answers every machine, or a category of its filter).
   */
  requiredCategory?: string;
}

/**
 * A stand-in for one paged list endpoint (decision 010). Parameters are read with the server's
 * own schemas (`category` only on /api/products), so a bad one is the 400 the screen would get;
 * search and order follow the shared SPEC §5 rules; each answer is one page plus `X-Total-Count`.
 */
export function fakePagedList<T extends PagedListItem>(
  path: string,
  items: readonly T[] | (() => readonly T[]),
  { onRequest, requiredCategory }: PagedListOptions = {},
) {
  const schema =
    path === '/api/products'
      ? machineListQuerySchema
      : path === '/api/spareparts'
        ? sparePartListQuerySchema
        : listQuerySchema;
  return http.get(path, async ({ request }) => {
    const url = new URL(request.url);
    await onRequest?.(url);
    // `f` may repeat (specification ranges); the fake checks them but has no typed values to filter.
    const params: Record<string, string | string[]> = Object.fromEntries(url.searchParams);
    if (url.searchParams.has('f')) params.f = url.searchParams.getAll('f');
    const parsed = schema.safeParse(params);
    if (!parsed.success) return HttpResponse.json({ message: parsed.error.message }, { status: 400 });
    const { q, sort, offset, limit } = parsed.data;
    const category = 'category' in parsed.data ? (parsed.data.category as string | undefined) : undefined;
    const machine = 'machine' in parsed.data ? (parsed.data.machine as string | undefined) : undefined;
    if (requiredCategory !== undefined && category === undefined) {
      return HttpResponse.json({ message: `expected category=${requiredCategory}` }, { status: 400 });
    }
    // `category=machine` answers every machine (decision 031); another slug, that category's.
    const matching = (typeof items === 'function' ? items() : items)
      .filter((item) => category === undefined || category === 'machine' || item.category === category)
      .filter((item) => machine === undefined || (item.fits ?? []).includes(machine))
      .filter((item) => matchesSearch(item, q.toLowerCase()))
      .sort(compareForSort(sort));
    return HttpResponse.json(matching.slice(offset, offset + limit), {
      headers: { [TOTAL_COUNT_HEADER]: String(matching.length) },
    });
  });
}

/** What `GET /api/catalogue/summary` answers for these lists. */
export function summaryOf({
  products = [],
  spares = [],
  services = [],
}: {
  products?: readonly PagedListItem[];
  spares?: readonly PagedListItem[];
  services?: readonly PagedListItem[];
}): CatalogueSummary {
  const countOf = (items: readonly PagedListItem[]) => ({
    total: items.length,
    featured: items.filter((item) => item.featured).length,
  });
  return {
    products: countOf(products),
    machines: countOf(products.filter((product) => product.category === 'machine')),
    spareParts: countOf(spares),
    services: countOf(services),
    // As the server counts them: categories holding a machine; "machine" is uncategorised.
    machineCategories: new Set(products.map((product) => product.category).filter((c) => c && c !== 'machine')).size,
  };
}
