import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { LOCALES } from '@capstan/shared';
import type { AppContext } from '../../app-context';
import { listSitemapEntries } from './seo.repository';
import { renderRobots, renderSitemap, renderSitemapIndex, SITEMAP_MAX_ITEMS, sitemapPath } from './sitemap';

/** Crawlers may hold these briefly; a new item should show up within minutes. */
const SHORT_CACHE = 'public, max-age=300';

/**
 * Exact routes, so they win over the static wildcard and the SPA fallback. Public GETs:
 * declared so explicitly rather than relying on the read-method default.
 */
export const seoRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.get('/sitemap.xml', { config: { access: 'public' } }, async (_request, reply) => {
      const [newest] = await listSitemapEntries(ctx.db, 1);
      return reply
        .header('cache-control', SHORT_CACHE)
        .type('application/xml; charset=utf-8')
        .send(renderSitemapIndex(ctx.config.publicUrl, newest?.updatedAt ?? null));
    });

    for (const locale of LOCALES) {
      app.get(sitemapPath(locale), { config: { access: 'public' } }, async (_request, reply) => {
        // Past the protocol's cap the oldest items drop out rather than the file becoming invalid.
        const entries = await listSitemapEntries(ctx.db, SITEMAP_MAX_ITEMS);
        return reply
          .header('cache-control', SHORT_CACHE)
          .type('application/xml; charset=utf-8')
          .send(renderSitemap(ctx.config.publicUrl, entries, locale));
      });
    }

    app.get('/robots.txt', { config: { access: 'public' } }, async (_request, reply) => {
      return reply
        .header('cache-control', SHORT_CACHE)
        .type('text/plain; charset=utf-8')
        .send(renderRobots(ctx.config.publicUrl));
    });
  };
