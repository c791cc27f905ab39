import type { FastifyReply, FastifyRequest } from 'fastify';
import { listQueryString, type ListQuery, type ListSortable } from '@capstan/shared';
import { cacheReadFor, sendCachedJson } from './cached-json-reply';
import type { CatalogueList, ListNarrowing } from './catalogue-lists';
import { Answer, ListPageValue, type PublicResponseCache } from './public-response-cache';
import { inLanguage } from './answer-language';

export interface ListPageRequest<T extends ListSortable> {
  cache: PublicResponseCache;
  list: CatalogueList<T>;
  /** Which list, for the cache key. */
  name: string;
  /** The catalogue changes that can change its pages (kindToken()s). */
  scope: readonly string[];
  query: ListQuery;
  /** A filter beyond the query (a machine category), named in `filterKey` so pages cache apart. */
  narrowing?: ListNarrowing;
  filterKey?: string;
}

/**
 * Sends one page of a list (decision 010) with its X-Total-Count. Each distinct page is
 * serialized once per catalogue revision and then served from memory like the other public reads;
 * while the list is being read anew, from the previous index, uncached (decisions 067 and 069).
 */
export async function sendListPage<T extends ListSortable>(
  request: FastifyRequest,
  reply: FastifyReply,
  { cache, list, name, scope, query, narrowing = {}, filterKey = '' }: ListPageRequest<T>,
) {
  const key = `${name}?${filterKey}&${listQueryString(query)}`;
  const read = { ...cacheReadFor(request), scope };
  const body = await cache.get(
    key,
    async (revision) => {
      const { items, total, asOf, survives } = await list.page(revision, read, query, narrowing);
      const { lang } = query;
      // A search outlives edits to items it finds neither before nor after them; a page, edits that
      // move no item into, out of or across it (when the engine can tell).
      const page = lang === undefined ? items : items.map((item) => inLanguage(item, lang));
      return new Answer(new ListPageValue(page, total), { asOf, survives });
    },
    read,
  );
  return sendCachedJson(request, reply, body);
}
