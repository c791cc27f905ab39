import type { FastifyRequest } from 'fastify';
import { MULTIPART_JSON_FIELDS } from '@capstan/shared';
import type { z } from 'zod';
import type { AppContext } from '../../app-context';
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
  const { fields, files } = await readMultipart(request, ctx.images);
  try {
    const data = parseOrThrow(schema, decodeJsonFields(fields, MULTIPART_JSON_FIELDS));
    return await use(data, files);
  } finally {
    await ctx.images.removeTemp(files);
  }
}
