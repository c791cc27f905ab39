import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { itemReadQuerySchema, machineCategoryInputSchema, machineCategorySlugParamsSchema } from '@capstan/shared';
import type { AppContext } from '../../app-context';
import { languageKey } from './answer-language';
import { cacheReadFor, sendCachedJson } from './cached-json-reply';
import { catalogueResponseCache } from './catalogue-response-cache';
import {
  categoriesInLanguage,
  createMachineCategory,
  listMachineCategories,
  removeMachineCategory,
  renameMachineCategoryBySlug,
} from './machine-categories.service';
import { LIST_SCOPE } from './catalogue-revision.repository';

/** Machine categories (decision 031): a public list with counts for the catalogue's filter; staff edit them. */
export const machineCategoryRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const cache = catalogueResponseCache(ctx.db);

    // Counts change with machine writes, which bump the catalogue revision this cache follows.
    // `?lang=ta|hi` names them in that language (decision 072), each language an entry of its own.
    app.get(
      '/api/machine-categories',
      { compress: false, schema: { querystring: itemReadQuerySchema } },
      async (request, reply) => {
        const { lang } = request.query;
        const body = await cache.get(
          `machine-categories${languageKey(lang)}`,
          async () => categoriesInLanguage(await listMachineCategories(ctx.db), lang),
          { ...cacheReadFor(request), scope: LIST_SCOPE.machine },
        );
        return sendCachedJson(request, reply, body);
      },
    );

    app.post(
      '/api/machine-categories',
      { schema: { body: machineCategoryInputSchema }, config: { access: 'admin', permission: 'catalogue.write' } },
      async (request, reply) => reply.status(201).send(await createMachineCategory(ctx, request.body)),
    );

    app.put(
      '/api/machine-categories/:slug',
      {
        schema: { params: machineCategorySlugParamsSchema, body: machineCategoryInputSchema },
        config: { access: 'admin', permission: 'catalogue.write' },
      },
      async (request) => renameMachineCategoryBySlug(ctx, request.params.slug, request.body),
    );

    app.delete(
      '/api/machine-categories/:slug',
      {
        schema: { params: machineCategorySlugParamsSchema },
        config: { access: 'admin', permission: 'catalogue.write' },
      },
      async (request, reply) => {
        await removeMachineCategory(ctx, request.params.slug);
        return reply.status(204).send();
      },
    );
  };
