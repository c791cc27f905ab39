import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { CHAT_ITEMS_URL, chatItemsQuerySchema } from '@capstan/shared';
import type { AppContext } from '../../app-context';
import { cacheReadFor, sendCachedJson } from '../catalogue/cached-json-reply';
import { catalogueLists } from '../catalogue/catalogue-lists';
import { catalogueResponseCache } from '../catalogue/catalogue-response-cache';
import { itemsNamedIn, namingQueryOf, withTerms } from './chat-items.service';

/** Messages that differ only in case and spacing share one cached answer. */
const cacheKeyOf = (message: string, lang: string | undefined) =>
  `chat/items?q=${message.toLowerCase().split(/\s+/).join(' ')}${lang === undefined ? '' : `&lang=${lang}`}`;

/**
 * `GET /api/chat/items?q=` (decision 052): the items a chat message names, looked up in the lists
 * the catalogue's own search uses, and cached per catalogue revision like the other public
 * reads (the cache is bounded, so a flood of distinct messages only pushes out the oldest answers).
 */
export const chatRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const cache = catalogueResponseCache(ctx.db);
    const lists = catalogueLists(ctx.db);

    app.get(
      CHAT_ITEMS_URL,
      { compress: false, schema: { querystring: chatItemsQuerySchema } },
      async (request, reply) => {
        const { q, lang } = request.query;
        const body = await cache.get(
          cacheKeyOf(q, lang),
          async (revision) => {
            const naming = namingQueryOf(q);
            const [machines, spares, services] = await Promise.all([
              lists.machines.named(revision, naming),
              lists.spares.named(revision, naming),
              lists.services.named(revision, naming),
            ]);
            return withTerms(ctx.db, itemsNamedIn({ machines, spares, services }, q, lang));
          },
          cacheReadFor(request),
        );
        return sendCachedJson(request, reply, body);
      },
    );
  };
