import { fitInside, IMAGE_SIZES } from '@capstan/shared';

/**
 * The largest size the server keeps of a picture: a phone photo is cut to it in the browser before
 * it is sent, so three photos of 4 MB travel as about 300 KB each on a slow connection.
 */
export const PHOTO_MAX_EDGE = IMAGE_SIZES[IMAGE_SIZES.length - 1]!.edge;
/** A picture already that small is sent as it is unless it is heavier than this (a PNG screenshot). */
const SHRINK_ABOVE_BYTES = 700 * 1024;
const JPEG_QUALITY = 0.82;

const jpegName = (name: string): string => `${name.replace(/\.[^./\\]*$/, '') || 'photo'}.jpg`;

function toJpeg(canvas: HTMLCanvasElement): Promise<Blob | null> {
  return new Promise((resolve) => canvas.toBlob(resolve, 'image/jpeg', JPEG_QUALITY));
}

/**
 * The photo as JPEG at most PHOTO_MAX_EDGE pixels on its longer side, upright as the camera held
 * it; the file itself when it is already small, or when this browser cannot decode it (the server
 * then says why it refuses it). A HEIC photo the browser can decode (Safari) goes as JPEG.
 */
export async function shrinkPhoto(file: File): Promise<File> {
  if (typeof createImageBitmap !== 'function' || !/^image\/(?!svg|gif)/i.test(file.type)) return file;
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
  } catch {
    return file;
  }
  try {
    const size = fitInside({ width: bitmap.width, height: bitmap.height }, PHOTO_MAX_EDGE);
    const alreadySmall = size.width === bitmap.width && size.height === bitmap.height;
    const readable = /^image\/(jpeg|png|webp)$/i.test(file.type);
    if (alreadySmall && readable && file.size <= SHRINK_ABOVE_BYTES) return file;
    const canvas = document.createElement('canvas');
    canvas.width = size.width;
    canvas.height = size.height;
    const context = canvas.getContext('2d');
    if (context === null) return file;
    // JPEG has no transparency: a screenshot's clear parts come out white, not black.
    context.fillStyle = '#fff';
    context.fillRect(0, 0, size.width, size.height);
    context.imageSmoothingQuality = 'high';
    context.drawImage(bitmap, 0, 0, size.width, size.height);
    const blob = await toJpeg(canvas);
    if (blob === null || (readable && blob.size >= file.size)) return file;
    return new File([blob], jpegName(file.name), { type: 'image/jpeg', lastModified: file.lastModified });
  } catch {
    return file;
  } finally {
    bitmap.close();
  }
}
