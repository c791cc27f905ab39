import { STALE_EDIT_MESSAGE } from '@capstan/shared';
import { ApiError } from '@/lib/api-client';
import type { AdminTranslator } from '@/lib/i18n/admin';

/** A save refused because someone else changed the item since this form loaded it (409). */
export function isStaleEdit(error: unknown): error is ApiError {
  return error instanceof ApiError && error.status === 409;
}

/**
 * What the alert and the notice both say: the known refusal in the reader's language, any other
 * wording the server sent as it came.
 */
export function staleEditMessage(error: ApiError, t: AdminTranslator['t']): string {
  const sent = error.serverMessage;
  return sent === null || sent === STALE_EDIT_MESSAGE ? t('adminItemForms.staleEdit') : sent;
}
