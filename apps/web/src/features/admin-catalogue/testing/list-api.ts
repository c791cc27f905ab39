import { http, HttpResponse } from 'msw';
import {
  compareForSort,
  listQuerySchema,
  matchesSearch,
  TOTAL_COUNT_HEADER,
  type CatalogueSummary,
  type ListSortable,
} from '@capstan/shared';

/** The query of each list call a test's handlers answered, by path. */
export type ListCalls = Record<string, Record<string, string>[]>;

type ListItem = ListSortable & { category?: string };

/**
 * A stand-in for a paged list endpoint (decision 010): reads `q`, `sort`, `offset`, `limit` with
 * the shared schema (so a bad parameter is a 400 the screen would see), `category` on products;
 * answers one page plus `X-Total-Count`, and records every call's query in `calls`.
 */
export function pagedListHandler<T extends ListItem>(
  path: string,
  items: T[] | (() => T[]),
  calls: ListCalls = {},
  { wait }: { wait?: (params: Record<string, string>) => Promise<void> } = {},
) {
  return http.get(path, async ({ request }) => {
    const params = Object.fromEntries(new URL(request.url).searchParams);
    (calls[path] ??= []).push(params);
    await wait?.(params);
    const { category, ...listParams } = params;
    const parsed = listQuerySchema.safeParse(listParams);
    if (!parsed.success) return HttpResponse.json({ message: parsed.error.message }, { status: 400 });
    const { q, sort, offset, limit } = parsed.data;
    const matching = (typeof items === 'function' ? items() : items)
      .filter((item) => category === undefined || item.category === category)
      .filter((item) => matchesSearch(item, q.toLowerCase()))
      .sort(compareForSort(sort));
    return HttpResponse.json(matching.slice(offset, offset + limit), {
      headers: { [TOTAL_COUNT_HEADER]: String(matching.length) },
    });
  });
}

export function summaryOf({
  products = [],
  spares = [],
  services = [],
}: {
  products?: ListItem[];
  spares?: ListItem[];
  services?: ListItem[];
}): CatalogueSummary {
  const countOf = (items: ListItem[]) => ({ total: items.length, featured: items.filter((i) => i.featured).length });
  return {
    products: countOf(products),
    machines: countOf(products.filter((p) => p.category === 'machine')),
    spareParts: countOf(spares),
    services: countOf(services),
  };
}

/** `Name 01`, `Name 02`, … so name order is numeric order. */
export const numbered = (prefix: string, count: number) =>
  Array.from({ length: count }, (_, i) => `${prefix} ${String(i + 1).padStart(2, '0')}`);
