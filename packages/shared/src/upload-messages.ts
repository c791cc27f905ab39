import { MAX_UPLOAD_FILE_BYTES } from './constants';

// Why an upload was refused, said after the file's quoted name (refusedFileMessage). The server
// decides by decoding; the admin forms say the same earlier from a file's type, name and size.

export const NOT_AN_IMAGE_REASON = 'is not an image we can read: send JPEG, PNG or WebP';
export const TOO_MANY_PIXELS_REASON = 'is too large (at most 40 megapixels)';
export const TOO_MANY_BYTES_REASON = `is larger than ${MAX_UPLOAD_FILE_BYTES / (1024 * 1024)} MB: each image must be at most that`;
/** iPhone photos are HEIF with HEVC pictures, which our image library cannot decode (decision 013). */
export const HEIC_REASON =
  'is an iPhone HEIC photo, which we cannot read: send it as JPEG (on the iPhone: Settings → Camera → Formats → Most Compatible, or share the photo as JPEG)';

/** `"holiday.heic" is an iPhone HEIC photo, …` */
export const refusedFileMessage = (fileName: string | undefined, reason: string): string =>
  `${fileName === undefined ? 'The image' : JSON.stringify(fileName)} ${reason}`;
