import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  DEFAULT_MACHINE_CATEGORY,
  featuredOnlySchema,
  idParamsSchema,
  itemReadQuerySchema,
  machineInputSchema,
  machineListQuerySchema,
  machineUpdateSchema,
  type MachineData,
  type MachineUpdateData,
} from '@capstan/shared';
import type { AppContext } from '../../app-context';
import { notFound } from '../../http-error';
import { parseOrThrow } from '../../validation';
import { findItem, type ItemFields, listItems } from './catalogue.repository';
import { toMachine } from './catalogue.mappers';
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
import { featuredListScope, LIST_SCOPE, showsToken } from './catalogue-revision.repository';
import { Answer } from './public-response-cache';
import { inLanguage, languageKey } from './answer-language';

const machineFields = (data: MachineData): ItemFields => ({
  ...plainPatch('machine', data),
  name: data.name,
  description: data.description,
  code: data.code ?? null,
  category: data.category,
  featured: data.featured,
  translations: patchTranslations({}, data.translations),
  specifications: data.specifications,
  ...createdTerms(data),
});

/** Only what the request sent (decision 011); an emptied category is the default one. */
const machinePatch = (data: MachineUpdateData): ItemPatch => ({
  ...plainPatch('machine', data),
  code: data.code,
  category: data.category === null ? DEFAULT_MACHINE_CATEGORY : data.category,
  featured: data.featured,
  translations: data.translations,
  specifications: data.specifications,
  ...patchedTerms(data),
});

/** Machines live under /api/products (SPEC §7). */
export const machineRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const cache = catalogueResponseCache(ctx.db);

    // One list of every product; a category is a filter on it, so no request can make more indexes.
    const list = catalogueLists(ctx.db).machines;

    // Public reads are served from memory, already serialized and compressed (cached-json-reply).
    app.get('/api/products', { compress: false, schema: { querystring: machineListQuerySchema } }, (request, reply) => {
      const { category, ...query } = request.query;
      return sendListPage(request, reply, {
        cache,
        list,
        name: 'machines',
        scope: LIST_SCOPE.machine,
        query,
        // SPEC §7's `category=machine` lists every machine, whatever its category (decision 031).
        ...(category === undefined || category === DEFAULT_MACHINE_CATEGORY
          ? {}
          : {
              narrowing: { category },
              filterKey: `category=${encodeURIComponent(category)}`,
            }),
      });
    });

    app.get(
      '/api/products/featured',
      { compress: false, schema: { querystring: itemReadQuerySchema } },
      async (request, reply) => {
        const { lang } = request.query;
        const body = await cache.get(
          `machines/featured${languageKey(lang)}`,
          async () => {
            const [machines, terms] = await Promise.all([
              listItems(ctx.db, 'machine', { featuredOnly: true }),
              currentItemTerms(ctx.db),
            ]);
            // Cards, without the parts that fit each machine: its page shows those, and a part's
            // save then leaves `/` as it was (decision 084).
            return new Answer(
              machines.map((machine) => {
                const { partsThatFit: _onItsPage, ...card } = toMachine(machine, terms);
                return inLanguage(card, lang);
              }),
              {
                scope: featuredListScope(
                  'machine',
                  machines.map((machine) => machine.id),
                ),
              },
            );
          },
          cacheReadFor(request),
        );
        return sendCachedJson(request, reply, body);
      },
    );

    app.get(
      '/api/products/:id',
      { compress: false, schema: { params: idParamsSchema, querystring: itemReadQuerySchema } },
      async (request, reply) => {
        const { id } = request.params;
        const { lang } = request.query;
        const body = await cache.find(
          `machines/${id}${languageKey(lang)}`,
          async () => {
            const item = await findItem(ctx.db, id, 'machine');
            return item && inLanguage(toMachine(item, await currentItemTerms(ctx.db)), lang);
          },
          // A part's change names the machines it fits (related), so their parts lists are kept right.
          { ...cacheReadFor(request), scope: [id, showsToken(id)] },
        );
        if (!body) throw notFound('Machine');
        return sendCachedJson(request, reply, body);
      },
    );

    app.post(
      '/api/products',
      { config: { access: 'admin', permission: 'catalogue.write' } },
      async (request, reply) => {
        const item = await withItemForm(ctx, request, machineInputSchema, (data, files) =>
          createItemWithUploads(ctx, 'machine', machineFields(data), files),
        );
        return reply.status(201).send(toMachine(item, await currentItemTerms(ctx.db)));
      },
    );

    // SPEC §7: multipart is the full update, JSON carries only `featured` (Save Changes). Fields
    // a multipart update leaves out keep their stored values (decision 011).
    app.put(
      '/api/products/:id',
      { schema: { params: idParamsSchema }, config: { access: 'admin', permission: 'catalogue.write' } },
      async (request) => {
        const { id } = request.params;
        if (request.isMultipart()) {
          const item = await withItemForm(ctx, request, machineUpdateSchema, (data, files) =>
            updateItemWithUploads(
              ctx,
              'machine',
              id,
              machinePatch(data),
              data.keepImages,
              files,
              data.expectedUpdatedAt,
            ),
          );
          return toMachine(item, await currentItemTerms(ctx.db));
        }
        const { featured } = parseOrThrow(featuredOnlySchema, request.body);
        return toMachine(await changeFeatured(ctx, 'machine', id, featured), await currentItemTerms(ctx.db));
      },
    );

    app.delete(
      '/api/products/:id',
      { schema: { params: idParamsSchema }, config: { access: 'admin', permission: 'catalogue.write' } },
      async (request, reply) => {
        await removeItem(ctx, 'machine', request.params.id);
        return reply.status(204).send();
      },
    );
  };
