import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { companyInputSchema, landingInputSchema } from '@capstan/shared';
import type { AppContext } from '../../app-context';
import { cacheReadFor, sendCachedJson } from '../catalogue/cached-json-reply';
import { catalogueResponseCache } from '../catalogue/catalogue-response-cache';
import { adminSiteSettings, publicSiteSettings, saveCompany, saveLanding } from './site-settings.service';

/** The cache key of GET /api/site in the public response cache. */
export const SITE_CACHE_KEY = 'site';

/**
 * Site settings (issue 17 §1, decision 020). The public answer shares the catalogue's response
 * cache and revision: a save bumps it, so every process serves the new settings (and renders
 * pages from them) within its revision check interval.
 */
export const siteRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const cache = catalogueResponseCache(ctx.db);

    app.get('/api/site', { compress: false, config: { access: 'public' } }, async (request, reply) => {
      const body = await cache.get(SITE_CACHE_KEY, () => publicSiteSettings(ctx.db), cacheReadFor(request));
      return sendCachedJson(request, reply, body);
    });

    app.get('/api/admin/site', { config: { access: 'admin', permission: 'site.content' } }, async () =>
      adminSiteSettings(ctx.db),
    );

    app.put(
      '/api/site/company',
      { schema: { body: companyInputSchema }, config: { access: 'admin', permission: 'site.company' } },
      async (request) => saveCompany(ctx, request.body),
    );

    app.put(
      '/api/site/landing',
      { schema: { body: landingInputSchema }, config: { access: 'admin', permission: 'site.content' } },
      async (request) => saveLanding(ctx, request.body),
    );
  };
