import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  featuredOnlySchema,
  idParamsSchema,
  itemReadQuerySchema,
  sparePartInputSchema,
  sparePartListQuerySchema,
  sparePartUpdateSchema,
  type SparePartData,
  type SparePartUpdateData,
} from '@capstan/shared';
import type { AppContext } from '../../app-context';
import { notFound } from '../../http-error';
import { findItem, type ItemFields, listItems } from './catalogue.repository';
import { toSparePart } from './catalogue.mappers';
import { cacheReadFor, sendCachedJson } from './cached-json-reply';
import { catalogueResponseCache } from './catalogue-response-cache';
import { changeFeatured, createItemWithUploads, removeItem, updateItemWithUploads } from './catalogue.service';
import { withItemForm } from './item-form';
import { patchTranslations } from './item-translations';
import { createdTerms, type ItemPatch, patchedTerms } from './item-patch';
import { currentItemTerms } from '../site/item-terms.service';
import { catalogueLists } from './catalogue-lists';
import { sendListPage } from './list-page-reply';
import { plainPatch } from './plain-fields';
import { featuredListScope, LIST_SCOPE } from './catalogue-revision.repository';
import { Answer } from './public-response-cache';
import { inLanguage, languageKey } from './answer-language';

const sparePartFields = (data: SparePartData): ItemFields => ({
  ...plainPatch('spare', data),
  name: data.name,
  description: data.description,
  code: data.code ?? null,
  featured: data.featured,
  translations: patchTranslations({}, data.translations),
  specifications: data.specifications,
  fits: data.fits ?? [],
  ...createdTerms(data),
});

/** Only what the request sent (decision 011). */
const sparePartPatch = (data: SparePartUpdateData): ItemPatch => ({
  ...plainPatch('spare', data),
  code: data.code,
  featured: data.featured,
  translations: data.translations,
  specifications: data.specifications,
  fits: data.fits,
  ...patchedTerms(data),
});

export const sparePartRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const cache = catalogueResponseCache(ctx.db);

    const list = catalogueLists(ctx.db).spares;

    // Public reads are served from memory, already serialized and compressed (cached-json-reply).
    app.get(
      '/api/spareparts',
      { compress: false, schema: { querystring: sparePartListQuerySchema } },
      (request, reply) => {
        const { machine, ...query } = request.query;
        return sendListPage(request, reply, {
          cache,
          list,
          name: 'spares',
          scope: LIST_SCOPE.spare,
          query,
          // "Parts for NP-38": a filter on the one index, like a machine category.
          ...(machine === undefined
            ? {}
            : {
                narrowing: { fits: machine },
                filterKey: `machine=${machine}`,
              }),
        });
      },
    );

    app.get(
      '/api/spareparts/featured',
      { compress: false, schema: { querystring: itemReadQuerySchema } },
      async (request, reply) => {
        const { lang } = request.query;
        const body = await cache.get(
          `spares/featured${languageKey(lang)}`,
          async () => {
            const [parts, terms] = await Promise.all([
              listItems(ctx.db, 'spare', { featuredOnly: true }),
              currentItemTerms(ctx.db),
            ]);
            // The parts listed and the machines they fit (as a part's own answer).
            const scope = featuredListScope(
              'spare',
              parts.flatMap((part) => [part.id, ...part.fits]),
            );
            return new Answer(
              parts.map((part) => inLanguage(toSparePart(part, terms), lang)),
              { scope },
            );
          },
          cacheReadFor(request),
        );
        return sendCachedJson(request, reply, body);
      },
    );

    app.get(
      '/api/spareparts/:id',
      { compress: false, schema: { params: idParamsSchema, querystring: itemReadQuerySchema } },
      async (request, reply) => {
        const { id } = request.params;
        const { lang } = request.query;
        const body = await cache.find(
          `spares/${id}${languageKey(lang)}`,
          async () => {
            const item = await findItem(ctx.db, id, 'spare');
            // Its machines are listed in their name order: a renamed machine changes it too.
            return (
              item &&
              new Answer(inLanguage(toSparePart(item, await currentItemTerms(ctx.db)), lang), {
                scope: [id, ...item.fits],
              })
            );
          },
          // The scope of "no such part" (a machine's page asks here first): until that id is written.
          { ...cacheReadFor(request), scope: [id] },
        );
        if (!body) throw notFound('Spare part');
        return sendCachedJson(request, reply, body);
      },
    );

    app.post(
      '/api/spareparts',
      { config: { access: 'admin', permission: 'catalogue.write' } },
      async (request, reply) => {
        const item = await withItemForm(ctx, request, sparePartInputSchema, (data, files) =>
          createItemWithUploads(ctx, 'spare', sparePartFields(data), files),
        );
        return reply.status(201).send(toSparePart(item, await currentItemTerms(ctx.db)));
      },
    );

    // Absent fields are kept (decision 011).
    app.put(
      '/api/spareparts/:id/full',
      { schema: { params: idParamsSchema }, config: { access: 'admin', permission: 'catalogue.write' } },
      async (request) => {
        const { id } = request.params;
        const item = await withItemForm(ctx, request, sparePartUpdateSchema, (data, files) =>
          updateItemWithUploads(ctx, 'spare', id, sparePartPatch(data), data.keepImages, files, data.expectedUpdatedAt),
        );
        return toSparePart(item, await currentItemTerms(ctx.db));
      },
    );

    app.put(
      '/api/spareparts/:id',
      {
        schema: { params: idParamsSchema, body: featuredOnlySchema },
        config: { access: 'admin', permission: 'catalogue.write' },
      },
      async (request) =>
        toSparePart(
          await changeFeatured(ctx, 'spare', request.params.id, request.body.featured),
          await currentItemTerms(ctx.db),
        ),
    );

    app.delete(
      '/api/spareparts/:id',
      { schema: { params: idParamsSchema }, config: { access: 'admin', permission: 'catalogue.write' } },
      async (request, reply) => {
        await removeItem(ctx, 'spare', request.params.id);
        return reply.status(204).send();
      },
    );
  };
