import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ADMIN_SITE_CHAT_URL,
  chatInputSchema,
  companyInputSchema,
  itemReadQuerySchema,
  landingInputSchema,
  SITE_CHAT_URL,
} from '@capstan/shared';
import type { AppContext } from '../../app-context';
import { permits, requireSession } from '../../plugins/authentication';
import { languageKey } from '../catalogue/answer-language';
import { cacheReadFor, sendCachedJson } from '../catalogue/cached-json-reply';
import { catalogueResponseCache } from '../catalogue/catalogue-response-cache';
import { currentChat, saveChat } from './chat-settings.service';
import { adminSiteSettings, publicSiteSettings, saveCompany, saveLanding } from './site-settings.service';
import { SITE_SCOPE } from '../catalogue/catalogue-revision.repository';

/** The cache key of GET /api/site in the public response cache. */
export const SITE_CACHE_KEY = 'site';
/** The chat's texts: read when the chat opens, not on every page, so they stay out of the pages' data. */
const SITE_CHAT_CACHE_KEY = 'site/chat';

/**
 * Site settings (decision 020). The public answer shares the catalogue's response
 * cache and revision: a save bumps it, so every process serves the new settings (and renders
 * pages from them) within its revision check interval.
 */
export const siteRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const cache = catalogueResponseCache(ctx.db);

    // `?lang=ta|hi`: the texts in that language, in place (decision 072); each language is an entry
    // of its own, and English keeps the key the brand pictures share.
    app.get(
      '/api/site',
      { compress: false, schema: { querystring: itemReadQuerySchema }, config: { access: 'public' } },
      async (request, reply) => {
        const { lang } = request.query;
        const body = await cache.get(`${SITE_CACHE_KEY}${languageKey(lang)}`, () => publicSiteSettings(ctx.db, lang), {
          ...cacheReadFor(request),
          scope: SITE_SCOPE,
        });
        return sendCachedJson(request, reply, body);
      },
    );

    app.get('/api/admin/site', { config: { access: 'admin', permission: 'site.content' } }, async (request) => {
      const settings = await adminSiteSettings(ctx.db);
      if (permits(requireSession(request), 'site.company')) return settings;
      // Where the emails about leads go, the bank account and the quotation numbers are Site →
      // Company's (owners'); an editor reads this for the landing texts and is not given them
      // (decision 050).
      const {
        notificationEmails: _emails,
        bank: _bank,
        upiId: _upi,
        quotationPrefix: _prefix,
        warrantyMonthsDefault: _warranty,
        ...company
      } = settings.company;
      return { ...settings, company };
    });

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

    // `?lang=ta|hi`: the chat's texts in that language, in place, an entry of their own each.
    app.get(
      SITE_CHAT_URL,
      { compress: false, schema: { querystring: itemReadQuerySchema }, config: { access: 'public' } },
      async (request, reply) => {
        const { lang } = request.query;
        const body = await cache.get(`${SITE_CHAT_CACHE_KEY}${languageKey(lang)}`, () => currentChat(ctx.db, lang), {
          ...cacheReadFor(request),
          scope: SITE_SCOPE,
        });
        return sendCachedJson(request, reply, body);
      },
    );

    app.get(ADMIN_SITE_CHAT_URL, { config: { access: 'admin', permission: 'site.content' } }, async () =>
      currentChat(ctx.db),
    );

    app.put(
      SITE_CHAT_URL,
      { schema: { body: chatInputSchema }, config: { access: 'admin', permission: 'site.content' } },
      async (request) => saveChat(ctx, request.body),
    );
  };
