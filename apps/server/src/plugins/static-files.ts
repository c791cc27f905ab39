import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { LOCALES, localizedPath } from '@capstan/shared';
import type { AppConfig } from '../config';
import type { ImageStore } from '../modules/images/image-store';
import { createPageRenderer } from '../modules/ssr/page-renderer';
import { loadWebBuild } from '../modules/ssr/web-build';
import { registerUploadFiles } from './upload-files';

const IMMUTABLE = 'public, max-age=31536000, immutable';
/**
 * The public pages (SPEC §2), in each language ('/ta/products'); any other app route still
 * reaches the renderer as not found.
 */
const PAGE_ROUTES = LOCALES.flatMap((locale) =>
  ['/', '/products', '/product/:id'].map((path) => localizedPath(locale, path)),
);

/**
 * Serves processed uploads and the built web app; any other GET is a page of the app, answered
 * by the page renderer. /api and /uploads never are, so a missing image or endpoint is an
 * honest 404.
 */
export async function registerStaticFiles(app: FastifyInstance, config: AppConfig, images: ImageStore): Promise<void> {
  registerUploadFiles(app, images);

  const webRoot = config.webDistDir;
  const webBuild = webRoot === undefined ? undefined : await loadWebBuild(webRoot, config.webSsrEntry);
  if (webRoot !== undefined && webBuild !== undefined) {
    await app.register(fastifyStatic, {
      root: webRoot,
      prefix: '/',
      wildcard: true,
      index: false,
      dotfiles: 'deny',
      // The web build writes .br and .gz beside its assets (apps/web/precompress-assets.ts): sent
      // as they are, so no request spends CPU compressing a file that never changes.
      preCompressed: true,
      // A directory path ("/" above all) would be a 403 from send, and index.html is the page
      // template: both reach the page renderer instead.
      allowedPath: (pathName) => !pathName.endsWith('/') && pathName !== '/index.html',
      setHeaders: (res, filePath) => {
        const hashed = filePath.includes(`${path.sep}assets${path.sep}`);
        res.header('cache-control', hashed ? IMMUTABLE : 'no-cache');
      },
    });
  }

  const renderPage =
    webBuild === undefined
      ? undefined
      : createPageRenderer(app, webBuild, config.publicUrl, { twitterSite: config.twitterSite });
  if (renderPage) {
    // The busiest pages are routes of their own: through the static wildcard each request would
    // look for a file first (a stat for /products, a refusal then the not-found chain for /).
    for (const url of PAGE_ROUTES) app.get(url, renderPage);
  }
  app.setNotFoundHandler((request, reply) => {
    const url = request.url.split('?')[0] ?? '';
    const isAppRoute = !url.startsWith('/api') && !url.startsWith('/uploads') && !/\.[a-z0-9]+$/i.test(url);
    if (renderPage && isAppRoute && (request.method === 'GET' || request.method === 'HEAD')) {
      return renderPage(request, reply);
    }
    return reply.status(404).send({ message: 'Not found' });
  });
}
