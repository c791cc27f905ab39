import { SERVICE_FORM_PHOTOS_FIELD, SERVICE_PHOTOS_URL, type Locale, type ServiceRequestPhoto } from '@capstan/shared';
import { type PostOptions, postFormData } from '../lib/post-form-data';

function readPhoto(answer: unknown): ServiceRequestPhoto {
  const photo = answer as Partial<ServiceRequestPhoto> | null;
  if (typeof photo?.id !== 'string' || typeof photo.url !== 'string') {
    throw new Error(`Expected a photo from ${SERVICE_PHOTOS_URL}`);
  }
  return photo as ServiceRequestPhoto;
}

/**
 * `POST /api/service-requests/photos` (public): one photo of a service request, uploaded as soon
 * as it is chosen; the request then names it by its id. `locale` is the page's language, the one
 * a refusal of too many photos is worded in.
 */
export function uploadServicePhoto(
  file: File,
  locale: Locale,
  options: PostOptions = {},
): Promise<ServiceRequestPhoto> {
  const body = new FormData();
  body.append('locale', locale);
  body.append(SERVICE_FORM_PHOTOS_FIELD, file, file.name);
  return postFormData(SERVICE_PHOTOS_URL, body, readPhoto, options);
}
