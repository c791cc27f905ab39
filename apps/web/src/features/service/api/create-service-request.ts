import type { CreateServiceRequestResponse } from '@capstan/shared';
import { postFormData } from '../lib/post-form-data';

/**
 * `POST /api/service-requests` (issue 40): public, multipart. The app sends the text fields and the
 * ids of the photos it uploaded ahead (`photoIds`, see upload-service-photo.ts); the route also
 * takes photo files in `images`, as the plain form sends them.
 */
export const SERVICE_REQUESTS_URL = '/api/service-requests';

function readReference(answer: unknown): CreateServiceRequestResponse {
  const reference = (answer as Partial<CreateServiceRequestResponse> | null)?.reference;
  if (typeof reference !== 'string') throw new Error(`Expected a reference from ${SERVICE_REQUESTS_URL}`);
  return { reference };
}

/**
 * Sends a service request, reporting how much of the body has gone (`onProgress`, 0 to 1). A
 * refusal throws PublicRequestError; no connection throws a TypeError, as fetch does.
 */
export function createServiceRequest(
  body: FormData,
  onProgress?: (fraction: number) => void,
): Promise<CreateServiceRequestResponse> {
  return postFormData(SERVICE_REQUESTS_URL, body, readReference, { onProgress });
}
