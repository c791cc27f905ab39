import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import type { AppConfig } from '../config';

const IMMUTABLE = 'public, max-age=31536000, immutable';
const UPLOAD_FILE = /^\/?[a-f0-9-]{36}(-thumb)?\.webp$/;

/**
 * Serves processed uploads and the built web app. Client routes fall back to index.html;
 * /api and /uploads never do, so a missing image or endpoint is an honest 404.
 */
export async function registerStaticFiles(app: FastifyInstance, config: AppConfig): Promise<void> {
  await app.register(fastifyStatic, {
    root: config.uploadsDir,
    prefix: '/uploads/',
    decorateReply: false,
    index: false,
    dotfiles: 'deny',
    // Only files the pipeline wrote; never the temp folder or anything else on disk.
    allowedPath: (pathName) => UPLOAD_FILE.test(pathName),
    setHeaders: (res) => res.header('cache-control', IMMUTABLE),
  });

  const webRoot = config.webDistDir;
  const hasWeb = webRoot !== undefined && fs.existsSync(path.join(webRoot, 'index.html'));
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: webRoot,
      prefix: '/',
      wildcard: true,
      index: false,
      dotfiles: 'deny',
      // A directory path ("/" above all) would be a 403 from send; let it reach the app fallback.
      allowedPath: (pathName) => !pathName.endsWith('/'),
      setHeaders: (res, filePath) => {
        const hashed = filePath.includes(`${path.sep}assets${path.sep}`);
        res.header('cache-control', hashed ? IMMUTABLE : 'no-cache');
      },
    });
  }

  app.setNotFoundHandler((request, reply) => {
    const url = request.url.split('?')[0] ?? '';
    const isAppRoute = !url.startsWith('/api') && !url.startsWith('/uploads') && !/\.[a-z0-9]+$/i.test(url);
    if (hasWeb && isAppRoute && (request.method === 'GET' || request.method === 'HEAD')) {
      return reply.header('cache-control', 'no-cache').type('text/html').sendFile('index.html');
    }
    return reply.status(404).send({ message: 'Not found' });
  });
}
