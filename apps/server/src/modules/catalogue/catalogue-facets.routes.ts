import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  type CatalogueFacets,
  catalogueFacetsQuerySchema,
  DEFAULT_MACHINE_CATEGORY,
  listQueryString,
  type MachineListEntry,
  type SparePartListEntry,
} from '@capstan/shared';
import type { AppContext } from '../../app-context';
import { cacheReadFor, sendCachedJson } from './cached-json-reply';
import { catalogueListIndexes } from './catalogue-list-indexes';
import { catalogueResponseCache } from './catalogue-response-cache';
import { listMachineCategories } from './machine-categories.repository';
import { LIST_SCOPE } from './catalogue-revision.repository';
import { Answer } from './public-response-cache';

/** The facets, marked with the revision of the index they came from (decision 067). */
const asOf = (served: number, facets: CatalogueFacets) => new Answer(facets, { asOf: served });

/**
 * `GET /api/catalogue/facets?kind=…` (decision 035): what the catalogue's filter panel offers for
 * one tab, search and set of filters — machine categories and specification ranges, each with
 * its count. A call of its own because SPEC §7's list answers are bare arrays. Cut from the same
 * in-memory indexes as the lists, and cached per catalogue revision like them.
 */
export const catalogueFacetsRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const cache = catalogueResponseCache(ctx.db);
    const indexes = catalogueListIndexes(ctx.db);

    app.get(
      '/api/catalogue/facets',
      { compress: false, schema: { querystring: catalogueFacetsQuerySchema } },
      async (request, reply) => {
        const { kind, q, f, category, machine } = request.query;
        const filters = f ?? [];
        const narrowing = new URLSearchParams();
        if (kind === 'machine' && category !== undefined && category !== DEFAULT_MACHINE_CATEGORY) {
          narrowing.set('category', category);
        }
        if (kind === 'spare' && machine !== undefined) narrowing.set('machine', machine);
        const key = `catalogue/facets?kind=${kind}&${narrowing.toString()}&${listQueryString({ q, f: filters })}`;

        const read = { ...cacheReadFor(request), scope: LIST_SCOPE[kind] };
        const body = await cache.get(
          key,
          async (revision) => {
            if (kind === 'machine') {
              const served = await indexes.machines.serve(revision, read);
              const { index } = served;
              const chosen = narrowing.get('category');
              const keep = chosen === null ? undefined : (entry: MachineListEntry) => entry.category === chosen;
              // Categories count over the search and ranges, not over the category chosen.
              const perCategory = new Map<string, number>();
              for (const entry of index.matching({ q, sort: 'name', f: filters })) {
                perCategory.set(entry.category, (perCategory.get(entry.category) ?? 0) + 1);
              }
              const categories = (await listMachineCategories(ctx.db)).map(({ slug, name }) => ({
                slug,
                name,
                count: perCategory.get(slug) ?? 0,
              }));
              return asOf(served.revision, {
                total: index.matching({ q, sort: 'name', f: filters }, keep).length,
                categories,
                specs: index.specFacets({ q, f: filters }, keep),
              });
            }
            if (kind === 'spare') {
              const served = await indexes.spares.serve(revision, read);
              const fits = narrowing.get('machine');
              const keep = fits === null ? undefined : (entry: SparePartListEntry) => (entry.fits ?? []).includes(fits);
              return asOf(served.revision, {
                total: served.index.matching({ q, sort: 'name', f: filters }, keep).length,
                categories: [],
                specs: served.index.specFacets({ q, f: filters }, keep),
              });
            }
            const served = await indexes.services.serve(revision, read);
            return asOf(served.revision, {
              total: served.index.matching({ q, sort: 'name', f: filters }).length,
              categories: [],
              specs: served.index.specFacets({ q, f: filters }),
            });
          },
          read,
        );
        return sendCachedJson(request, reply, body);
      },
    );
  };
