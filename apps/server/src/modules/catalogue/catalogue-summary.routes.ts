import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { CatalogueSummary, ListCount } from '@capstan/shared';
import type { AppContext } from '../../app-context';
import { countCatalogueMachines, countItems } from './catalogue.repository';
import { cacheReadFor, sendCachedJson } from './cached-json-reply';
import { catalogueResponseCache } from './catalogue-response-cache';
import { countMachineCategoriesInUse } from './machine-categories.repository';

/**
 * `GET /api/catalogue/summary` (decision 010): the counts that the catalogue's sidebar and tiles
 * and the admin's Featured counters show, all from the data (no tile shows a fixed figure). Lists answer one page at a time, so these can no
 * longer be counted from a list in the browser.
 */
export const catalogueSummaryRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const cache = catalogueResponseCache(ctx.db);

    app.get('/api/catalogue/summary', { compress: false }, async (request, reply) => {
      const body = await cache.get(
        'catalogue/summary',
        async () => {
          const [byKind, machines, machineCategories] = await Promise.all([
            countItems(ctx.db),
            countCatalogueMachines(ctx.db),
            countMachineCategoriesInUse(ctx.db),
          ]);
          const count = (kind: string): ListCount => {
            const row = byKind.find((entry) => entry.kind === kind);
            return { total: row?.total ?? 0, featured: row?.featured ?? 0 };
          };
          return {
            products: count('machine'),
            machines,
            spareParts: count('spare'),
            services: count('service'),
            machineCategories,
          } satisfies CatalogueSummary;
        },
        cacheReadFor(request),
      );
      return sendCachedJson(request, reply, body);
    });
  };
