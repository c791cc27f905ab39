import type { FastifyReply, FastifyRequest } from 'fastify';
import { listQueryString, type ListQuery, type ListSortable } from '@capstan/shared';
import { cacheReadFor, sendCachedJson } from './cached-json-reply';
import type { ListIndexes } from './list-index';
import { Answer, ListPageValue, type PublicResponseCache } from './public-response-cache';

export interface ListPageRequest<T extends ListSortable> {
  cache: PublicResponseCache;
  indexes: ListIndexes<T>;
  /** Which list, for the cache key. */
  list: string;
  /** The catalogue changes that can change its pages (kindToken()s). */
  scope: readonly string[];
  query: ListQuery;
  /** A filter beyond the query (a machine category), named in `filterKey` so pages cache apart. */
  keep?: (entry: T) => boolean;
  filterKey?: string;
}

/**
 * Sends one page of a list (decision 010) with its X-Total-Count. Each distinct page is
 * serialized once per catalogue revision and then served from memory like the other public reads;
 * while the list is being read anew, from the previous index, uncached (decision 067).
 */
export async function sendListPage<T extends ListSortable>(
  request: FastifyRequest,
  reply: FastifyReply,
  { cache, indexes, list, scope, query, keep, filterKey = '' }: ListPageRequest<T>,
) {
  const key = `${list}?${filterKey}&${listQueryString(query)}`;
  const read = { ...cacheReadFor(request), scope };
  const body = await cache.get(
    key,
    async (revision) => {
      const served = await indexes.serve(revision, read);
      const searched = query.q.trim() === '' ? undefined : served.index.searchQuery(query.q);
      const { items, total } = served.index.select(query, keep, searched);
      const page = new ListPageValue(items, total);
      // A search outlives edits to items it finds neither before nor after them; a page of the
      // whole list is changed by any edit that moves an item in or across it.
      const survives =
        searched === undefined
          ? undefined
          : (to: number) => indexes.searchUnchanged(query.q, searched.meaning, served.revision, to);
      return new Answer(page, { asOf: served.revision, survives });
    },
    read,
  );
  return sendCachedJson(request, reply, body);
}
