import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { SERVICE_FORM_PHOTOS_FIELD, SERVICE_PHOTOS_URL, type ServiceRequestPhoto } from '@capstan/shared';
import type { AppContext } from '../../app-context';
import { HttpError } from '../../http-error';
import { nameRefusedFile } from '../images/image-pipeline';
import { readMultipart } from '../images/multipart';
import { sentLocale } from './service-request-intake';
import { SERVICE_PHOTO_UPLOAD, servicePhotoLimits, storeServicePhoto } from './service-request-photos';

/**
 * `POST /api/service-requests/photos` (public): one photo of a service request, uploaded while the
 * buyer is still typing, through the image pipeline and its refusals. Answers 201 with the photo
 * (ServiceRequestPhoto), whose id the request then names in `photoIds`. A multipart body of one
 * `images` file and, optionally, the page's `locale` (the language of the 429).
 */
export const serviceRequestPhotoRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const limits = servicePhotoLimits(ctx);

    app.post(SERVICE_PHOTOS_URL, { config: { access: 'public' } }, async (request, reply) => {
      const { fields, files, fileNames } = await readMultipart(request, ctx.images, SERVICE_PHOTO_UPLOAD);
      try {
        const unexpected = Object.keys(fields).find((name) => name !== 'locale');
        if (unexpected !== undefined) {
          throw new HttpError(
            400,
            `Unexpected field "${unexpected}": send one photo in "${SERVICE_FORM_PHOTOS_FIELD}"`,
          );
        }
        const [file] = files;
        if (file === undefined) throw new HttpError(400, `Send one photo in "${SERVICE_FORM_PHOTOS_FIELD}"`);
        const limit = limits[sentLocale(fields)];
        await limit.refuseWhenSpent(request);
        const photo: ServiceRequestPhoto = await limit.charge(request, (spend) => storeServicePhoto(ctx, file, spend));
        // Returned, not sent: the answer then leaves after `finally` has removed the temp file.
        reply.status(201);
        return photo;
      } catch (error) {
        throw nameRefusedFile(error, fileNames);
      } finally {
        await ctx.images.temp.remove(files);
      }
    });
  };
