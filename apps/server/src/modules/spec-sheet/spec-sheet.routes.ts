import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idSchema } from '@capstan/shared';
import type { AppContext } from '../../app-context';
import { notFound } from '../../http-error';
import { PDF_SECURITY_HEADERS } from '../../plugins/security-headers';
import { cacheReadFor, sendCachedBytes } from '../catalogue/cached-json-reply';
import { catalogueResponseCache } from '../catalogue/catalogue-response-cache';
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
 * GET /product/{id}/spec-sheet.pdf: the item's spec sheet, for any kind. Kept in the
 * catalogue's response cache, so it is rendered once per catalogue or site settings revision
 * (decision 033) and answered from memory, with an ETag, until either changes.
 */
export const specSheetRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const cache = catalogueResponseCache(ctx.db);

    app.get(
      '/product/:id/spec-sheet.pdf',
      // Any text: a malformed id is a page that does not exist (404), as for the product page.
      { compress: false, schema: { params: z.object({ id: z.string() }) } },
      async (request, reply) => {
        const { id } = request.params;
        const body = idSchema.safeParse(id).success
          ? await cache.find(
              `spec-sheet/${id}`,
              async () => {
                const sheet = await buildSpecSheet(ctx, id);
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
  };
