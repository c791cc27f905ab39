import type { FastifyRequest } from 'fastify';
import { MULTIPART_JSON_FIELDS } from '@capstan/shared';
import type { z } from 'zod';
import type { AppContext } from '../../app-context';
import { nameRefusedFile } from '../images/image-pipeline';
import { decodeJsonFields, readMultipart } from '../images/multipart';
import { parseOrThrow } from '../../validation';

/**
 * Reads a multipart item form (fields + `images` files), validates the fields with the
 * payload's shared schema, and hands the temp files to `use`; they are always removed after.
 */
export async function withItemForm<S extends z.ZodType, T>(
  ctx: AppContext,
  request: FastifyRequest,
  schema: S,
  use: (data: z.output<S>, tempFiles: string[]) => Promise<T>,
): Promise<T> {
  const { fields, files, fileNames } = await readMultipart(request, ctx.images);
  try {
    const data = parseOrThrow(schema, decodeJsonFields(fields, MULTIPART_JSON_FIELDS));
    return await use(data, files);
  } catch (error) {
    // The images are processed inside `use`; only here are the sender's file names known.
    throw nameRefusedFile(error, fileNames);
  } finally {
    await ctx.images.temp.remove(files);
  }
}
