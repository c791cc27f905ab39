import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  featuredOnlySchema,
  idParamsSchema,
  itemReadQuerySchema,
  listQuerySchema,
  serviceInputSchema,
  serviceUpdateSchema,
  type ServiceData,
  type ServiceUpdateData,
} from '@capstan/shared';
import type { AppContext } from '../../app-context';
import { notFound } from '../../http-error';
import { findItem, type ItemFields, listItems } from './catalogue.repository';
import { toService } from './catalogue.mappers';
import { cacheReadFor, sendCachedJson } from './cached-json-reply';
import { catalogueResponseCache } from './catalogue-response-cache';
import {
  changeFeatured,
  createServiceWithImageUrls,
  removeItem,
  updateServiceWithImageUrls,
} from './catalogue.service';
import type { ItemPatch } from './item-patch';
import { patchTranslations } from './item-translations';
import { catalogueLists } from './catalogue-lists';
import { sendListPage } from './list-page-reply';
import { plainPatch } from './plain-fields';
import { featuredListScope, LIST_SCOPE } from './catalogue-revision.repository';
import { Answer } from './public-response-cache';
import { inLanguage, languageKey } from './answer-language';

const serviceFields = (data: ServiceData): ItemFields => ({
  ...plainPatch('service', data),
  name: data.name,
  description: data.description,
  code: data.code ?? null,
  featured: data.featured,
  translations: patchTranslations({}, data.translations),
  specifications: data.specification,
});

/** Only what the request sent (decision 011); `specification: null` clears the list. */
const servicePatch = (data: ServiceUpdateData): ItemPatch => ({
  ...plainPatch('service', data),
  code: data.code,
  featured: data.featured,
  translations: data.translations,
  specifications: data.specification === null ? [] : data.specification,
});

export const serviceRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const cache = catalogueResponseCache(ctx.db);

    const list = catalogueLists(ctx.db).services;

    // Public reads are served from memory, already serialized and compressed (cached-json-reply).
    app.get('/api/services', { compress: false, schema: { querystring: listQuerySchema } }, (request, reply) =>
      sendListPage(request, reply, {
        cache,
        list,
        name: 'services',
        scope: LIST_SCOPE.service,
        query: request.query,
      }),
    );

    app.get(
      '/api/services/featured',
      { compress: false, schema: { querystring: itemReadQuerySchema } },
      async (request, reply) => {
        const { lang } = request.query;
        const body = await cache.get(
          `services/featured${languageKey(lang)}`,
          async () => {
            const services = await listItems(ctx.db, 'service', { featuredOnly: true });
            const scope = featuredListScope(
              'service',
              services.map((service) => service.id),
            );
            return new Answer(
              services.map((service) => inLanguage(toService(service), lang)),
              { scope },
            );
          },
          cacheReadFor(request),
        );
        return sendCachedJson(request, reply, body);
      },
    );

    app.get(
      '/api/services/:id',
      { compress: false, schema: { params: idParamsSchema, querystring: itemReadQuerySchema } },
      async (request, reply) => {
        const { id } = request.params;
        const { lang } = request.query;
        const body = await cache.find(
          `services/${id}${languageKey(lang)}`,
          async () => {
            const item = await findItem(ctx.db, id, 'service');
            return item && inLanguage(toService(item), lang);
          },
          { ...cacheReadFor(request), scope: [id] },
        );
        if (!body) throw notFound('Service');
        return sendCachedJson(request, reply, body);
      },
    );

    app.post(
      '/api/services',
      { schema: { body: serviceInputSchema }, config: { access: 'admin', permission: 'catalogue.write' } },
      async (request, reply) => {
        const item = await createServiceWithImageUrls(ctx, serviceFields(request.body), request.body.images);
        return reply.status(201).send(toService(item));
      },
    );

    // Absent fields, `images` included, are kept (decision 011).
    app.put(
      '/api/services/:id/full',
      {
        schema: { params: idParamsSchema, body: serviceUpdateSchema },
        config: { access: 'admin', permission: 'catalogue.write' },
      },
      async (request) =>
        toService(
          await updateServiceWithImageUrls(
            ctx,
            request.params.id,
            servicePatch(request.body),
            request.body.images,
            request.body.expectedUpdatedAt,
          ),
        ),
    );

    app.put(
      '/api/services/:id',
      {
        schema: { params: idParamsSchema, body: featuredOnlySchema },
        config: { access: 'admin', permission: 'catalogue.write' },
      },
      async (request) => toService(await changeFeatured(ctx, 'service', request.params.id, request.body.featured)),
    );

    app.delete(
      '/api/services/:id',
      { schema: { params: idParamsSchema }, config: { access: 'admin', permission: 'catalogue.write' } },
      async (request, reply) => {
        await removeItem(ctx, 'service', request.params.id);
        return reply.status(204).send();
      },
    );
  };
