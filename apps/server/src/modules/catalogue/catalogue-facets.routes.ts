import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  type CatalogueFacets,
  catalogueFacetsQuerySchema,
  DEFAULT_MACHINE_CATEGORY,
  listQueryString,
} from '@capstan/shared';
import type { AppContext } from '../../app-context';
import { cacheReadFor, sendCachedJson } from './cached-json-reply';
import { catalogueLists } from './catalogue-lists';
import { catalogueResponseCache } from './catalogue-response-cache';
import { listMachineCategories } from './machine-categories.repository';
import { categoriesInLanguage } from './machine-categories.service';
import { LIST_SCOPE } from './catalogue-revision.repository';
import { Answer } from './public-response-cache';
import { specificationLabels } from './specification-labels';

/** The facets, marked with the revision of the index they came from (decision 067). */
const asOf = (served: number, facets: CatalogueFacets) => new Answer(facets, { asOf: served });

/**
 * `GET /api/catalogue/facets?kind=…` (decision 035): what the catalogue's filter panel offers for
 * one tab, search and set of filters — machine categories and specification ranges, each with
 * its count. A call of its own because SPEC §7's list answers are bare arrays. Answered by the
 * same lists as the list pages (catalogue-lists.ts), and cached per catalogue revision like them.
 */
export const catalogueFacetsRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const cache = catalogueResponseCache(ctx.db);
    const lists = catalogueLists(ctx.db);

    app.get(
      '/api/catalogue/facets',
      { compress: false, schema: { querystring: catalogueFacetsQuerySchema } },
      async (request, reply) => {
        const { kind, q, f, category, machine, lang } = request.query;
        const filters = f ?? [];
        const narrowing = new URLSearchParams();
        if (kind === 'machine' && category !== undefined && category !== DEFAULT_MACHINE_CATEGORY) {
          narrowing.set('category', category);
        }
        if (kind === 'spare' && machine !== undefined) narrowing.set('machine', machine);
        const key = `catalogue/facets?kind=${kind}&${narrowing.toString()}&${listQueryString({ q, f: filters, lang })}`;

        const read = { ...cacheReadFor(request), scope: LIST_SCOPE[kind] };
        const body = await cache.get(
          key,
          async (revision) => {
            const list = kind === 'machine' ? lists.machines : kind === 'spare' ? lists.spares : lists.services;
            const chosen = narrowing.get('category');
            const fits = narrowing.get('machine');
            const facets = await list.facets(
              revision,
              read,
              { q, f: filters },
              { ...(chosen === null ? {} : { category: chosen }), ...(fits === null ? {} : { fits }) },
              { perCategory: kind === 'machine' },
            );
            // Categories count over the search and ranges, not over the category chosen.
            const categories =
              kind === 'machine'
                ? categoriesInLanguage(await listMachineCategories(ctx.db), lang).map(({ slug, name }) => ({
                    slug,
                    name,
                    count: facets.perCategory.get(slug) ?? 0,
                  }))
                : [];
            const labels = lang === undefined ? undefined : await specificationLabels(ctx.db, kind, lang);
            const specs = labels
              ? facets.specs.map((spec) => ({ ...spec, key: labels.get(spec.slug) ?? spec.key }))
              : facets.specs;
            return asOf(facets.asOf, { total: facets.total, categories, specs });
          },
          read,
        );
        return sendCachedJson(request, reply, body);
      },
    );
  };
