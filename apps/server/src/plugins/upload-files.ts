import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';

const IMMUTABLE = 'public, max-age=31536000, immutable';
/** Only names the image pipeline writes: a UUID, an optional size suffix, `.webp`. */
const UPLOAD_FILE = /^[a-f0-9]{8}-[a-f0-9]{4}-[a-f0-9]{4}-[a-f0-9]{4}-[a-f0-9]{12}(-thumb|-960)?\.webp$/;

/**
 * `GET /uploads/{file}`: the processed images, by exact name. Not @fastify/static: its wildcard
 * route lists the whole folder on every request to check the name's spelling, and with 25,000
 * parts (75,000 files) that made each thumbnail take 70 ms of the server's time. The names here
 * are checked against the pipeline's own pattern instead, so no other file, path or spelling can
 * be asked for.
 */
export function registerUploadFiles(app: FastifyInstance, uploadsDir: string): void {
  app.route<{ Params: { file: string } }>({
    method: ['GET', 'HEAD'],
    url: '/uploads/:file',
    handler: async (request, reply) => {
      const { file } = request.params;
      if (!UPLOAD_FILE.test(file)) return reply.callNotFound();
      const filePath = path.join(uploadsDir, file);
      const stat = await fs.promises.stat(filePath).catch(() => null);
      if (stat === null || !stat.isFile()) return reply.callNotFound();

      // The files never change once written (a new upload gets a new name): size and time suffice.
      const etag = `W/"${stat.size.toString(16)}-${Math.floor(stat.mtimeMs).toString(16)}"`;
      reply
        .header('cache-control', IMMUTABLE)
        .header('etag', etag)
        .header('last-modified', stat.mtime.toUTCString())
        .type('image/webp');
      if (request.headers['if-none-match'] === etag) return reply.code(304).send();
      reply.header('content-length', stat.size);
      if (request.method === 'HEAD') return reply.send();
      return reply.send(fs.createReadStream(filePath));
    },
  });
}
