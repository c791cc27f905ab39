import {
  HEIC_REASON,
  MAX_UPLOAD_FILE_BYTES,
  NOT_AN_IMAGE_REASON,
  TOO_MANY_BYTES_REASON,
  TOO_MANY_PIXELS_REASON,
} from '@capstan/shared';
import { checkImageFiles } from '@/lib/check-image-files';
import type { MessageKey, Translator } from '@/lib/i18n';

/** Why a photo is refused (the uploads' English reasons, shared with the server) → the buyer's language. */
const REASON_KEYS: readonly (readonly [string, MessageKey])[] = [
  [HEIC_REASON, 'service.photoHeic'],
  [NOT_AN_IMAGE_REASON, 'service.photoNotImage'],
  [TOO_MANY_BYTES_REASON, 'service.photoTooLarge'],
  [TOO_MANY_PIXELS_REASON, 'service.photoTooManyPixels'],
];

/**
 * A photo's refusal (`"name.heic" is an iPhone HEIC photo, …`, as the browser's check and the
 * server's image pipeline word it) in the page's language; null for any other text.
 */
export function translatePhotoRefusal(translator: Translator, message: string): string | null {
  for (const [reason, key] of REASON_KEYS) {
    if (!message.endsWith(` ${reason}`)) continue;
    const quoted = message.slice(0, -reason.length - 1);
    let name = quoted;
    try {
      const parsed: unknown = JSON.parse(quoted);
      if (typeof parsed === 'string') name = parsed;
    } catch {
      // Not a quoted file name ("The image"): shown as it came.
    }
    return translator.t(key, { name, megabytes: MAX_UPLOAD_FILE_BYTES / (1024 * 1024) });
  }
  return null;
}

/** What the browser can already tell about a photo before sending it: null when it may go. */
export function photoRefusal(file: File, translator: Translator): string | null {
  const [refusal] = checkImageFiles([file]).refusals;
  return refusal === undefined ? null : (translatePhotoRefusal(translator, refusal) ?? refusal);
}
