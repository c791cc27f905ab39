import {
  DEFAULT_LOCALE,
  INQUIRY_RATE_LIMIT,
  INQUIRY_RATE_WINDOW_MS,
  isLocale,
  type Locale,
  LOCALES,
  SERVICE_FORM_PHOTOS_FIELD,
  SERVICE_REQUEST_MAX_PHOTOS,
  SERVICE_REQUEST_TOO_MANY_PHOTOS_MESSAGE,
} from '@capstan/shared';
import { type AcceptedOnlyLimit, acceptedOnlyLimit } from '../../address-limit';
import type { AppContext } from '../../app-context';
import { IMAGE_UPLOADS, MULTIPART_LIMITS, type MultipartKind } from '../images/multipart';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { FormPageCompany } from '../inquiries/inquiry-form-page';
import { currentCompanySettings } from '../site/site-settings.service';
import { serviceLimitMessage } from './service-request-form-page';

// What the API and the plain form share when a buyer raises a request: the photos' limits and the allowance.

/**
 * The company as the buyer's pages show it (its name and phones); null when the settings cannot
 * be read, and the page still works. Only the company's part is read: the one a request reads anyway.
 */
export async function formPageCompany(db: Kysely<Database>): Promise<FormPageCompany> {
  try {
    const company = await currentCompanySettings(db);
    return { name: company.name, phones: company.phones };
  } catch {
    return null;
  }
}

/** A service request's photos: the image uploads' limits and refusals, at most SERVICE_REQUEST_MAX_PHOTOS. */
export const SERVICE_PHOTO_UPLOADS: MultipartKind = {
  fileField: SERVICE_FORM_PHOTOS_FIELD,
  limits: { ...MULTIPART_LIMITS, files: SERVICE_REQUEST_MAX_PHOTOS },
  tooLarge: IMAGE_UPLOADS.tooLarge,
  tooManyFiles: SERVICE_REQUEST_TOO_MANY_PHOTOS_MESSAGE,
};

/**
 * One allowance per address for raising service requests (the JSON call and the plain form alike,
 * the quote requests' figures): one limit object per language, all counting under the one name, so
 * the visitor over it is told in the language of the page they sent from.
 */
export function serviceRequestLimits(ctx: AppContext): Record<Locale, AcceptedOnlyLimit> {
  const limit = (locale: Locale) =>
    acceptedOnlyLimit(ctx.db, {
      name: 'service-requests',
      max: INQUIRY_RATE_LIMIT,
      windowMs: INQUIRY_RATE_WINDOW_MS,
      message: async (minutes) =>
        serviceLimitMessage(
          locale,
          minutes,
          (await formPageCompany(ctx.db))?.phones.map((phone) => phone.number) ?? [],
        ),
    });
  return Object.fromEntries(LOCALES.map((locale) => [locale, limit(locale)])) as Record<Locale, AcceptedOnlyLimit>;
}

/** The language a request was sent in (its `locale`), English when none or unknown. */
export const sentLocale = (fields: unknown): Locale => {
  const locale = typeof fields === 'object' && fields !== null ? (fields as { locale?: unknown }).locale : undefined;
  return isLocale(locale) ? locale : DEFAULT_LOCALE;
};
