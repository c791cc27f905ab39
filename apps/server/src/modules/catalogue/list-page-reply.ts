import type { FastifyReply, FastifyRequest } from 'fastify';
import { listQueryString, type ListQuery, type ListSortable } from '@capstan/shared';
import { cacheReadFor, sendCachedJson } from './cached-json-reply';
import type { ListIndexes } from './list-index';
import { ListPageValue, type PublicResponseCache } from './public-response-cache';

export interface ListPageRequest<T extends ListSortable> {
  cache: PublicResponseCache;
  indexes: ListIndexes<T>;
  /** Which list (the ListIndexes key). */
  list: string;
  query: ListQuery;
  /** A filter beyond the query (a machine category), named in `filterKey` so pages cache apart. */
  keep?: (entry: T) => boolean;
  filterKey?: string;
}

/**
 * Sends one page of a list (decision 010) with its X-Total-Count. Each distinct page is
 * serialized once per catalogue revision and then served from memory like the other public reads.
 */
export async function sendListPage<T extends ListSortable>(
  request: FastifyRequest,
  reply: FastifyReply,
  { cache, indexes, list, query, keep, filterKey = '' }: ListPageRequest<T>,
) {
  const key = `${list}?${filterKey}&${listQueryString(query)}`;
  const body = await cache.get(
    key,
    async (revision) => {
      const { items, total } = (await indexes.get(list, revision)).select(query, keep);
      return new ListPageValue(items, total);
    },
    cacheReadFor(request),
  );
  return sendCachedJson(request, reply, body);
}
