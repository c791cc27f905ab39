import fs from 'node:fs';
import { PassThrough } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  exportQuerySchema,
  importKindParamsSchema,
  type ImportProgressLine,
  importQuerySchema,
  MAX_IMPORT_FILE_BYTES,
  MAX_PICTURES_ZIP_BYTES,
} from '@capstan/shared';
import type { AppContext } from '../../app-context';
import { HttpError } from '../../http-error';
import { applyImport, exportCatalogue, previewImport } from './import.service';
import { importPictures } from './pictures.service';

const MB = 1024 * 1024;
const WRITE = { access: 'admin', permission: 'catalogue.write' } as const;

/** The one file of a multipart body (field `file`), with the limit for this kind of file. */
async function uploadedFile(request: FastifyRequest, maxBytes: number) {
  if (!request.isMultipart()) throw new HttpError(415, 'Expected a multipart/form-data body with the file');
  const part = await request.file({ limits: { fileSize: maxBytes, files: 1, fields: 0, parts: 1 } });
  if (!part || part.fieldname !== 'file') {
    part?.file.resume();
    throw new HttpError(400, 'Choose a file to import (field "file")');
  }
  return part;
}

const tooLarge = (maxBytes: number) =>
  new HttpError(413, `The file is larger than ${maxBytes / MB} MB: split it into smaller files.`);

const stamp = () => new Date().toISOString().slice(0, 10);

export const catalogueImportRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/api/catalogue-export/:kind',
      { schema: { params: importKindParamsSchema, querystring: exportQuerySchema }, config: WRITE },
      async (request, reply) => {
        const { kind } = request.params;
        const { format } = request.query;
        const body = await exportCatalogue(ctx, kind, format);
        return reply
          .header('cache-control', 'no-store')
          .header('content-disposition', `attachment; filename="${kind}-${stamp()}.${format}"`)
          .type(
            format === 'csv'
              ? 'text/csv; charset=utf-8'
              : 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
          )
          .send(body);
      },
    );

    /**
     * `mode=preview` answers what the file would do (JSON). `mode=apply` imports it and answers a
     * stream of progress lines (NDJSON) ending with `done` or `error`; a file that cannot be
     * imported is refused with a plain JSON error before the stream starts.
     */
    app.post(
      '/api/catalogue-import/:kind',
      { compress: false, schema: { params: importKindParamsSchema, querystring: importQuerySchema }, config: WRITE },
      async (request, reply) => {
        const { kind } = request.params;
        const part = await uploadedFile(request, MAX_IMPORT_FILE_BYTES);
        const bytes = await part.toBuffer();
        if (part.file.truncated) throw tooLarge(MAX_IMPORT_FILE_BYTES);
        if (request.query.mode === 'preview') return previewImport(ctx, kind, bytes);

        const stream = new PassThrough();
        const send = (line: ImportProgressLine) => stream.write(`${JSON.stringify(line)}\n`);
        let started = false;
        try {
          const summary = await applyImport(ctx, kind, bytes, {
            fileName: part.filename,
            planId: request.query.planId,
            onStart: () => {
              started = true;
              void reply
                .header('cache-control', 'no-store')
                .header('x-content-type-options', 'nosniff')
                .type('application/x-ndjson; charset=utf-8')
                .send(stream);
            },
            onProgress: async (done, total) => {
              send({ type: 'progress', done, total });
            },
          });
          send({ type: 'done', summary });
        } catch (error) {
          if (!started) throw error;
          request.log.error({ err: error }, 'catalogue import failed after it started');
          send({
            type: 'error',
            message:
              error instanceof HttpError
                ? error.message
                : 'The import failed and was rolled back: nothing was changed.',
          });
        } finally {
          stream.end();
        }
        return reply;
      },
    );

    app.post(
      '/api/catalogue-import/:kind/pictures',
      { schema: { params: importKindParamsSchema }, config: WRITE },
      async (request, reply) => {
        const { kind } = request.params;
        const part = await uploadedFile(request, MAX_PICTURES_ZIP_BYTES);
        const zipFile = ctx.images.temp.newPath();
        try {
          await pipeline(part.file, fs.createWriteStream(zipFile, { flags: 'wx' }));
          if (part.file.truncated) throw tooLarge(MAX_PICTURES_ZIP_BYTES);
          const result = await importPictures(ctx, kind, zipFile, part.filename);
          reply.status(200);
          return result;
        } finally {
          await ctx.images.temp.remove([zipFile]);
        }
      },
    );
  };
