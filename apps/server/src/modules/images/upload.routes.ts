import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { UploadImagesResponse } from '@capstan/shared';
import type { AppContext } from '../../app-context';
import { HttpError } from '../../http-error';
import { nameRefusedFile, processImages } from './image-pipeline';
import { discardImages, imageUrl } from './image-store';
import { insertImages } from './images.repository';
import { readMultipart } from './multipart';

export const uploadRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    // SPEC §7: the service form uploads first, then saves the returned URLs with the service.
    app.post(
      '/api/upload-images',
      { config: { access: 'admin', permission: 'catalogue.write' } },
      async (request, reply) => {
        const { fields, files, fileNames } = await readMultipart(request, ctx.images);
        try {
          if (Object.keys(fields).length > 0) throw new HttpError(400, 'Only image files are accepted here');
          if (files.length === 0) throw new HttpError(400, 'Choose at least one image');
          const processed = await processImages(ctx.images, files).catch((error: unknown) => {
            throw nameRefusedFile(error, fileNames);
          });
          try {
            await insertImages(ctx.db, processed, null, 0, new Date().toISOString());
          } catch (error) {
            await discardImages(
              ctx.images,
              processed.map((image) => image.id),
            );
            throw error;
          }
          const body: UploadImagesResponse = { imageUrls: processed.map((image) => imageUrl(image.id)) };
          // Returned, not sent: the answer then leaves after `finally` has removed the temp files.
          reply.status(201);
          return body;
        } finally {
          await ctx.images.temp.remove(files);
        }
      },
    );
  };
