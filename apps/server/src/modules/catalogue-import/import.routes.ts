import { PassThrough } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  exportQuerySchema,
  type ImportKind,
  importKindParamsSchema,
  type ImportProgressLine,
  importQuerySchema,
  MAX_IMPORT_FILE_BYTES,
  MAX_PICTURES_ZIP_BYTES,
} from '@capstan/shared';
import type { AppContext } from '../../app-context';
import { HttpError } from '../../http-error';
import { MULTIPART_LIMITS, type MultipartKind, readMultipart } from '../images/multipart';
import { type ApplyOptions, applyImport, exportCatalogue, previewImport } from './import.service';
import { importPictures } from './pictures.service';

const MB = 1024 * 1024;
const WRITE = { access: 'admin', permission: 'catalogue.write' } as const;
/** Downloading is reading: sales quote from these files' prices, but only catalogue writers import. */
const EXPORT = { access: 'admin', permission: 'catalogue.export' } as const;

/** An import's one file, in the field `file`, at most `maxBytes` large. */
const importUpload = (maxBytes: number): MultipartKind => ({
  fileField: 'file',
  limits: { ...MULTIPART_LIMITS, fileSize: maxBytes, files: 1 },
  tooLarge: () => `The file is larger than ${maxBytes / MB} MB: split it into smaller files.`,
  tooManyFiles: 'Send one file at a time.',
});

/**
 * The uploaded file, streamed to a temp file through the shared multipart reader; the caller removes
 * it. The register of installed machines imports its files through it too.
 */
export async function uploadedFile(request: FastifyRequest, ctx: AppContext, maxBytes: number) {
  const { fields, files, fileNames } = await readMultipart(request, ctx.images, importUpload(maxBytes));
  const [file] = files;
  const [field] = Object.keys(fields);
  if (file === undefined || field !== undefined) {
    await ctx.images.temp.remove(files);
    throw new HttpError(
      400,
      field === undefined
        ? 'Choose a file to import (field "file")'
        : `Unexpected field "${field}": send the file alone`,
    );
  }
  return { file, fileName: fileNames[0] ?? '' };
}

const stamp = () => new Date().toISOString().slice(0, 10);

/**
 * Imports the file, answering a stream of progress lines (NDJSON) ending with `done` or `error`; a
 * file that cannot be imported is refused with a plain JSON error before the stream starts.
 */
async function streamImport(
  ctx: AppContext,
  request: FastifyRequest,
  reply: FastifyReply,
  kind: ImportKind,
  upload: { file: string; fileName: string },
  options: Pick<ApplyOptions, 'planId' | 'validRowsOnly'>,
): Promise<FastifyReply> {
  const stream = new PassThrough();
  const send = (line: ImportProgressLine) => stream.write(`${JSON.stringify(line)}\n`);
  let started = false;
  try {
    const { summary, rejectedCsv } = await applyImport(ctx, kind, upload.file, {
      ...options,
      fileName: upload.fileName,
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
    send({ type: 'done', summary, ...(rejectedCsv === null ? {} : { rejectedCsv }) });
  } catch (error) {
    if (!started) throw error;
    request.log.error({ err: error }, 'catalogue import failed after it started');
    send({
      type: 'error',
      message:
        error instanceof HttpError ? error.message : 'The import failed and was rolled back: nothing was changed.',
    });
  } finally {
    stream.end();
  }
  return reply;
}

export const catalogueImportRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/api/catalogue-export/:kind',
      { schema: { params: importKindParamsSchema, querystring: exportQuerySchema }, config: EXPORT },
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
     * `mode=preview` answers what the file would do (JSON). `mode=apply` imports it, `mode=valid-rows`
     * imports its valid rows (the `done` line carries the rejected rows as CSV), both answering a
     * stream of progress lines (NDJSON) ending with `done` or `error`; a file that cannot be
     * imported is refused with a plain JSON error before the stream starts.
     */
    app.post(
      '/api/catalogue-import/:kind',
      { compress: false, schema: { params: importKindParamsSchema, querystring: importQuerySchema }, config: WRITE },
      async (request, reply) => {
        const { kind } = request.params;
        const upload = await uploadedFile(request, ctx, MAX_IMPORT_FILE_BYTES);
        try {
          if (request.query.mode === 'preview') return await previewImport(ctx, kind, upload.file);
          return await streamImport(ctx, request, reply, kind, upload, {
            planId: request.query.planId,
            validRowsOnly: request.query.mode === 'valid-rows',
          });
        } finally {
          await ctx.images.temp.remove([upload.file]);
        }
      },
    );

    app.post(
      '/api/catalogue-import/:kind/pictures',
      { schema: { params: importKindParamsSchema }, config: WRITE },
      async (request, reply) => {
        const { kind } = request.params;
        const upload = await uploadedFile(request, ctx, MAX_PICTURES_ZIP_BYTES);
        try {
          const result = await importPictures(ctx, kind, upload.file, upload.fileName);
          reply.status(200);
          return result;
        } finally {
          await ctx.images.temp.remove([upload.file]);
        }
      },
    );
  };
