import {
  HEIC_REASON,
  MAX_UPLOAD_FILE_BYTES,
  NOT_AN_IMAGE_REASON,
  refusedFileMessage,
  TOO_MANY_BYTES_REASON,
} from '@capstan/shared';

const HEIC = /\.hei[cf]$|^image\/hei[cf]/i;
// What the server can never accept, whatever the decoder says (it refuses SVG on purpose).
const NEVER_AN_IMAGE = /^image\/svg/i;

/**
 * Sorts chosen files before any upload: the ones to keep, and a message per refused file that
 * names it and says why (the server's wording; the server still decides by decoding).
 */
export function checkImageFiles(files: readonly File[]): { accepted: File[]; refusals: string[] } {
  const accepted: File[] = [];
  const refusals: string[] = [];
  for (const file of files) {
    let reason: string | null = null;
    if (HEIC.test(file.name) || HEIC.test(file.type)) reason = HEIC_REASON;
    // An empty type is the browser not knowing, not a refusal: the server decodes it.
    else if ((file.type !== '' && !file.type.startsWith('image/')) || NEVER_AN_IMAGE.test(file.type)) {
      reason = NOT_AN_IMAGE_REASON;
    } else if (file.size > MAX_UPLOAD_FILE_BYTES) reason = TOO_MANY_BYTES_REASON;
    if (reason === null) accepted.push(file);
    else refusals.push(refusedFileMessage(file.name, reason));
  }
  return { accepted, refusals };
}
