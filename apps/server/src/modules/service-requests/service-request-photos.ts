import type { Kysely } from 'kysely';
import {
  type Locale,
  LOCALES,
  SERVICE_FORM_PHOTOS_FIELD,
  SERVICE_PHOTO_IDS_FIELD,
  SERVICE_PHOTO_NOT_KEPT_MESSAGE,
  SERVICE_PHOTO_UPLOAD_LIMIT,
  SERVICE_PHOTO_UPLOAD_WINDOW_MS,
  type ServiceRequestPhoto,
} from '@capstan/shared';
import { type AcceptedOnlyLimit, acceptedOnlyLimit } from '../../address-limit';
import type { AppContext } from '../../app-context';
import type { Database, ImagesTable } from '../../db/schema';
import { writeTransaction } from '../../db/write-transaction';
import { serverTranslator } from '../../i18n/server-translator';
import { RequestValidationError, type ValidationIssue } from '../../validation';
import { processImages } from '../images/image-pipeline';
import { discardImages, imageUrl, thumbnailUrl } from '../images/image-store';
import { insertImages } from '../images/images.repository';
import { IMAGE_UPLOADS, MULTIPART_LIMITS, type MultipartKind } from '../images/multipart';
import { UNATTACHED_IMAGE_TTL_MS } from '../images/sweep-unattached';
import { imagesUsedBySiteSettings } from '../site/site-settings.service';
import { attachUploadedPhoto } from './service-request-photos.repository';
import { formPageCompany } from './service-request-intake';

// Photos uploaded while the buyer is still typing, then given to the request they send (issue 40).

/** One photo per upload, with the language of the page (`locale`) for the refusal of too many. */
export const SERVICE_PHOTO_UPLOAD: MultipartKind = {
  fileField: SERVICE_FORM_PHOTOS_FIELD,
  limits: { ...MULTIPART_LIMITS, files: 1 },
  tooLarge: IMAGE_UPLOADS.tooLarge,
  tooManyFiles: 'Send one photo at a time',
};

/**
 * How long after its upload a photo can still be given to a request: an hour less than the sweep
 * of unattached uploads waits, so a photo that sweep may be deleting (on another process, by
 * another clock) is never given to a request, and a request never points at a deleted photo.
 */
export const SERVICE_PHOTO_ATTACHABLE_MS = UNATTACHED_IMAGE_TTL_MS - 60 * 60 * 1000;

/** What a 429 of the photo uploads says, in the page's language, with the numbers to call instead. */
export function servicePhotoLimitMessage(locale: Locale, minutes: number, phones: readonly string[]): string {
  const tr = serverTranslator(locale);
  return [
    tr.t('serviceDesk.photoLimitIntro'),
    phones.length > 0
      ? tr.t('serviceDesk.limitCall', { phones: tr.list(phones) })
      : tr.t('serviceDesk.limitCallAnyway'),
    tr.t('serviceDesk.limitAgain', { minutes }),
  ].join(' ');
}

/**
 * The photo uploads' allowance per address, under a name of its own: photos a buyer sends and
 * retries do not use up the requests' allowance, nor the other way round. One limit object per
 * language, all counting under the one name (as the requests' own).
 */
export function servicePhotoLimits(ctx: AppContext): Record<Locale, AcceptedOnlyLimit> {
  const limit = (locale: Locale) =>
    acceptedOnlyLimit(ctx.db, {
      name: 'service-request-photos',
      max: SERVICE_PHOTO_UPLOAD_LIMIT,
      windowMs: SERVICE_PHOTO_UPLOAD_WINDOW_MS,
      message: async (minutes) =>
        servicePhotoLimitMessage(
          locale,
          minutes,
          (await formPageCompany(ctx.db))?.phones.map((phone) => phone.number) ?? [],
        ),
    });
  return Object.fromEntries(LOCALES.map((locale) => [locale, limit(locale)])) as Record<Locale, AcceptedOnlyLimit>;
}

/** A request's photo as the API answers it. */
export const toServiceRequestPhoto = (image: Pick<ImagesTable, 'id' | 'width' | 'height'>): ServiceRequestPhoto => ({
  id: image.id,
  url: imageUrl(image.id),
  thumbUrl: thumbnailUrl(image.id),
  width: image.width,
  height: image.height,
});

/**
 * Stores one uploaded photo as an image of no item and no request, for a request to take within
 * SERVICE_PHOTO_ATTACHABLE_MS (else the sweep of unattached uploads removes it). Decoded first,
 * outside the transaction; `spend` counts it against the sender's allowance with the row, and if
 * the row is not kept its files are removed.
 */
export async function storeServicePhoto(
  ctx: AppContext,
  file: string,
  spend: (trx: Kysely<Database>) => Promise<void>,
  now = new Date(),
): Promise<ServiceRequestPhoto> {
  const processed = await processImages(ctx.images, [file]);
  try {
    await writeTransaction(ctx, async (trx) => {
      await spend(trx);
      await insertImages(trx, processed, null, 0, now.toISOString());
    });
  } catch (error) {
    await discardImages(
      ctx.images,
      processed.map((image) => image.id),
    );
    throw error;
  }
  const [image] = processed;
  if (!image) throw new Error('The image pipeline answered no image for one file');
  return toServiceRequestPhoto(image);
}

/**
 * Gives a new request the photos uploaded ahead, in the order named, after `firstPosition` (the
 * photo files sent with it). Each must still be an unattached upload, young enough, and not a
 * picture the site settings show (whose address is public); otherwise a 400 names each one at
 * `photoIds.N`, and the caller's transaction keeps nothing.
 */
export async function attachServicePhotos(
  ctx: Pick<AppContext, 'dialect'>,
  trx: Kysely<Database>,
  requestId: string,
  photoIds: readonly string[],
  firstPosition: number,
  now: Date,
): Promise<void> {
  if (photoIds.length === 0) return;
  const uploadedSince = new Date(now.getTime() - SERVICE_PHOTO_ATTACHABLE_MS).toISOString();
  const shownBySite = new Set(await imagesUsedBySiteSettings(trx, ctx.dialect));
  const issues: ValidationIssue[] = [];
  for (const [index, id] of photoIds.entries()) {
    const attached =
      !shownBySite.has(id) && (await attachUploadedPhoto(trx, requestId, id, firstPosition + index, uploadedSince));
    if (!attached) issues.push({ path: [SERVICE_PHOTO_IDS_FIELD, index], message: SERVICE_PHOTO_NOT_KEPT_MESSAGE });
  }
  if (issues.length > 0) throw new RequestValidationError(issues);
}
