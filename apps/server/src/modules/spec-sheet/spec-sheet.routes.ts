import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idSchema, LOCALES, localizedPath } from '@capstan/shared';
import type { AppContext } from '../../app-context';
import { notFound } from '../../http-error';
import { PDF_SECURITY_HEADERS } from '../../plugins/security-headers';
import { cacheReadFor, sendCachedBytes } from '../catalogue/cached-json-reply';
import { catalogueResponseCache } from '../catalogue/catalogue-response-cache';
import { languageKey } from '../catalogue/answer-language';
import { BytesValue } from '../catalogue/public-response-cache';
import { buildSpecSheet } from './spec-sheet.service';

/** RFC 6266 / 8187: an ASCII name for every client, and the exact one for those that read `filename*`. */
function inlineDisposition(fileName: string): string {
  const encoded = encodeURIComponent(fileName).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `inline; filename="${fileName}"; filename*=UTF-8''${encoded}`;
}

/**
 * GET /product/{id}/spec-sheet.pdf, /ta/product/{id}/spec-sheet.pdf and /hi/…: the item's spec
 * sheet, for any kind, in the language of the page it is linked from (decision 073). Kept in the
 * catalogue's response cache, one entry per language, so it is rendered once per catalogue or
 * site settings revision (decision 033) and answered from memory, with an ETag, until either
 * changes. Each language's path is a route of its own, ahead of the pages' wildcard; another
 * prefix (/fr/…) is no route, so a 404.
 */
export const specSheetRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const cache = catalogueResponseCache(ctx.db);

    for (const locale of LOCALES) {
      app.get(
        localizedPath(locale, '/product/:id/spec-sheet.pdf'),
        // Any text: a malformed id is a page that does not exist (404), as for the product page.
        { compress: false, schema: { params: z.object({ id: z.string() }) } },
        async (request, reply) => {
          const { id } = request.params;
          const body = idSchema.safeParse(id).success
            ? await cache.find(
                `spec-sheet/${id}${languageKey(locale === 'en' ? undefined : locale)}`,
                async () => {
                  const sheet = await buildSpecSheet(ctx, id, locale);
                  return (
                    sheet &&
                    new BytesValue(sheet.pdf, {
                      headers: { 'content-disposition': inlineDisposition(sheet.fileName) },
                      compressible: false,
                    })
                  );
                },
                { ...cacheReadFor(request), scope: [id] },
              )
            : undefined;
          if (!body) throw notFound('Product');
          reply.headers(PDF_SECURITY_HEADERS);
          return sendCachedBytes(request, reply, body, 'application/pdf');
        },
      );
    }
  };
