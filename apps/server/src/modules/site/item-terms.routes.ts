import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ITEM_TERMS_URL, itemTermsDefaultsInputSchema } from '@capstan/shared';
import type { AppContext } from '../../app-context';
import { cacheReadFor, sendCachedJson } from '../catalogue/cached-json-reply';
import { catalogueResponseCache } from '../catalogue/catalogue-response-cache';
import { currentItemTerms, saveItemTerms } from './item-terms.service';
import { SITE_SCOPE } from '../catalogue/catalogue-revision.repository';

/**
 * The default availability and warranty of machines and spare parts (decision 051). Public, as
 * every item answer already shows them; cached with the catalogue, whose revision a save bumps.
 * Staff who edit the catalogue set them: they are the terms its items are sold on.
 */
export const itemTermsRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const cache = catalogueResponseCache(ctx.db);

    app.get(ITEM_TERMS_URL, { compress: false, config: { access: 'public' } }, async (request, reply) => {
      const body = await cache.get('site/terms', () => currentItemTerms(ctx.db), {
        ...cacheReadFor(request),
        scope: SITE_SCOPE,
      });
      return sendCachedJson(request, reply, body);
    });

    app.put(
      ITEM_TERMS_URL,
      { schema: { body: itemTermsDefaultsInputSchema }, config: { access: 'admin', permission: 'catalogue.write' } },
      async (request) => saveItemTerms(ctx, request.body),
    );
  };
