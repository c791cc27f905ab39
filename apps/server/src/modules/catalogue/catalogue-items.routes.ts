import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  CATALOGUE_ITEMS_URL,
  catalogueItemsQuerySchema,
  compareNames,
  type CatalogueItemsEntry,
  type ContentLocale,
} from '@capstan/shared';
import type { AppContext } from '../../app-context';
import type { ItemKind } from '../../db/schema';
import { findItem, type ItemRecord } from './catalogue.repository';
import { toListEntry, toMachineListEntry, toService, toSparePartListEntry } from './catalogue.mappers';
import { cacheReadFor, sendCachedJson } from './cached-json-reply';
import { catalogueResponseCache } from './catalogue-response-cache';
import { Answer } from './public-response-cache';
import { inLanguage } from './answer-language';

const KIND_ORDER: Record<ItemKind, number> = { machine: 0, spare: 1, service: 2 };

function toEntry(item: ItemRecord, lang: ContentLocale | undefined): CatalogueItemsEntry {
  if (item.kind === 'machine') return { kind: 'machine', item: inLanguage(toMachineListEntry(item), lang) };
  if (item.kind === 'spare') return { kind: 'spare', item: inLanguage(toSparePartListEntry(item), lang) };
  return { kind: 'service', item: inLanguage(toListEntry(toService(item)), lang) };
}

/**
 * `GET /api/catalogue/items?ids=…` (decision 032): the items of any kind that the
 * catalogue's Favourites view names by id, as list entries tagged with their kind: machines, then
 * spare parts, then services, each in name order. Ids that name nothing (an item deleted since it
 * was marked) are left out rather than failing the call.
 */
export const catalogueItemsRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const cache = catalogueResponseCache(ctx.db);

    app.get(
      CATALOGUE_ITEMS_URL,
      { compress: false, schema: { querystring: catalogueItemsQuerySchema } },
      async (request, reply) => {
        // Sorted, so the same favourites in another order share one cached answer.
        const ids = [...request.query.ids].sort();
        const { lang } = request.query;
        const body = await cache.get(
          `catalogue/items?ids=${ids.join(',')}${lang === undefined ? '' : `&lang=${lang}`}`,
          async () => {
            // At most CATALOGUE_ITEMS_MAX_IDS lookups, once per catalogue revision for a given set.
            // List entries: a machine's parts that fit are not part of one (toListEntry).
            const found = await Promise.all(ids.map((id) => findItem(ctx.db, id, undefined, { partsThatFit: false })));
            const items = found
              .filter((item): item is ItemRecord => item !== undefined)
              .sort((a, b) => KIND_ORDER[a.kind] - KIND_ORDER[b.kind] || compareNames(a.name, b.name));
            // A part's machines are in their name order: a renamed machine changes the answer too.
            return new Answer(
              items.map((item) => toEntry(item, lang)),
              { scope: [...ids, ...items.flatMap((item) => item.fits)] },
            );
          },
          cacheReadFor(request),
        );
        return sendCachedJson(request, reply, body);
      },
    );
  };
