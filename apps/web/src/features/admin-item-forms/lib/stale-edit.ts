import { STALE_EDIT_MESSAGE } from '@capstan/shared';
import { ApiError } from '@/lib/api-client';

/** A save refused because someone else changed the item since this form loaded it (409). */
export function isStaleEdit(error: unknown): error is ApiError {
  return error instanceof ApiError && error.status === 409;
}

/** The server's wording when it sent one, so the alert and the notice say the same thing. */
export function staleEditMessage(error: ApiError): string {
  return error.serverMessage ?? STALE_EDIT_MESSAGE;
}
