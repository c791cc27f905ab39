import type { FastifyInstance } from 'fastify';
import type { ImageStore } from '../modules/images/image-store';

const IMMUTABLE = 'public, max-age=31536000, immutable';
/** Only names the image pipeline writes: a UUID, an optional size suffix, `.webp`. */
const UPLOAD_FILE = /^[a-f0-9]{8}-[a-f0-9]{4}-[a-f0-9]{4}-[a-f0-9]{4}-[a-f0-9]{12}(-thumb|-960)?\.webp$/;

/**
 * `GET /uploads/{file}`: the processed images, by exact name, from the image store (a folder:
 * one stat and a file stream; a bucket: through the store's bounded cache). Not @fastify/static:
 * its wildcard route lists the whole folder on every request to check the name's spelling, and
 * with 25,000 parts (75,000 files) that made each thumbnail take 70 ms of the server's time. The
 * names here are checked against the pipeline's own pattern instead, so no other file, path or
 * spelling can be asked for.
 */
export function registerUploadFiles(app: FastifyInstance, images: ImageStore): void {
  app.route<{ Params: { file: string } }>({
    method: ['GET', 'HEAD'],
    url: '/uploads/:file',
    handler: async (request, reply) => {
      const { file } = request.params;
      if (!UPLOAD_FILE.test(file)) return reply.callNotFound();
      const stored = await images.open(file);
      if (stored === null) return reply.callNotFound();

      reply
        .header('cache-control', IMMUTABLE)
        .header('etag', stored.etag)
        .header('last-modified', stored.lastModified.toUTCString())
        .type('image/webp');
      if (request.headers['if-none-match'] === stored.etag) return reply.code(304).send();
      reply.header('content-length', stored.size);
      if (request.method === 'HEAD') return reply.send();
      return reply.send(stored.body());
    },
  });
}
