import { http, HttpResponse } from 'msw';
import {
  CATALOGUE_ITEMS_URL,
  type CatalogueItemsEntry,
  type Machine,
  parseQuoteList,
  QUOTE_LIST_COOKIE,
  type QuoteListLine,
  type Service,
  serializeQuoteList,
  type SparePart,
} from '@capstan/shared';

/** The `quote_list` cookie's value as the browser holds it ('' without one). */
export function quoteCookie(): string {
  const prefix = `${QUOTE_LIST_COOKIE}=`;
  const pair = document.cookie
    .split(';')
    .map((part) => part.trim())
    .find((part) => part.startsWith(prefix));
  return pair === undefined ? '' : pair.slice(prefix.length);
}

/** The lines of the quote list the browser holds. */
export const quoteLines = (): QuoteListLine[] => parseQuoteList(quoteCookie());

/** Puts a quote list in the browser, as a visit before this one (or the server) left it. */
export function setQuoteLines(lines: readonly QuoteListLine[]): void {
  document.cookie = `${QUOTE_LIST_COOKIE}=${serializeQuoteList(lines)}; Path=/`;
}

export interface QuoteCatalogue {
  machines?: Machine[];
  spares?: SparePart[];
  services?: Service[];
}

/**
 * `GET /api/catalogue/items?ids=…` as the server answers it: the items of those ids that exist,
 * each tagged with its kind. Each call's URL (path and query) is recorded in `requests`.
 */
export function quoteItemsApi({ machines = [], spares = [], services = [] }: QuoteCatalogue) {
  const requests: string[] = [];
  const handler = http.get(CATALOGUE_ITEMS_URL, ({ request }) => {
    const url = new URL(request.url);
    requests.push(url.pathname + url.search);
    const ids = new Set((url.searchParams.get('ids') ?? '').split(','));
    const entries: CatalogueItemsEntry[] = [
      ...machines.filter((item) => ids.has(item.id)).map((item) => ({ kind: 'machine' as const, item })),
      ...spares.filter((item) => ids.has(item.id)).map((item) => ({ kind: 'spare' as const, item })),
      ...services.filter((item) => ids.has(item.id)).map((item) => ({ kind: 'service' as const, item })),
    ];
    return HttpResponse.json(entries);
  });
  return { handler, requests };
}
