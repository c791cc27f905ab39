import sharp, { type Metadata } from 'sharp';
import { MAX_IMAGE_PIXELS } from '@capstan/shared';
import { HttpError } from '../../http-error';
import type { ImageStore } from './image-store';

export interface ProcessedImage {
  id: string;
  width: number;
  height: number;
  thumbWidth: number;
  thumbHeight: number;
  bytes: number;
}

const LARGE_EDGE = 1600;
const THUMB_EDGE = 480;
// SVG is refused on purpose: it can carry script, and it is not a photo of a machine.
const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'webp', 'gif', 'avif', 'heif', 'tiff']);

export const UNSUPPORTED_IMAGE_MESSAGE = 'Only JPEG, PNG, WebP, GIF, AVIF or TIFF images can be uploaded';

const decodeOptions = { limitInputPixels: MAX_IMAGE_PIXELS, failOn: 'truncated', animated: false } as const;

/**
 * Validates an uploaded file by decoding it (never by its name or declared type), then
 * stores an auto-oriented, metadata-free WebP in a large size and a thumbnail.
 */
export async function processImage(store: ImageStore, inputPath: string): Promise<ProcessedImage> {
  let metadata: Metadata;
  try {
    // Reads the header only, so a huge declared size is refused before any decoding.
    metadata = await sharp(inputPath, decodeOptions).metadata();
  } catch {
    throw new HttpError(400, UNSUPPORTED_IMAGE_MESSAGE);
  }
  if (!metadata.format || !ACCEPTED_FORMATS.has(metadata.format)) {
    throw new HttpError(400, UNSUPPORTED_IMAGE_MESSAGE);
  }
  if (!metadata.width || !metadata.height || metadata.width * metadata.height > MAX_IMAGE_PIXELS) {
    throw new HttpError(400, 'The image is too large (at most 40 megapixels)');
  }

  const id = store.newId();
  try {
    const large = await sharp(inputPath, decodeOptions)
      .autoOrient()
      .resize({ width: LARGE_EDGE, height: LARGE_EDGE, fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 82 })
      .toFile(store.largePath(id));
    const thumb = await sharp(inputPath, decodeOptions)
      .autoOrient()
      .resize({ width: THUMB_EDGE, height: THUMB_EDGE, fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 75 })
      .toFile(store.thumbPath(id));
    return {
      id,
      width: large.width,
      height: large.height,
      thumbWidth: thumb.width,
      thumbHeight: thumb.height,
      bytes: large.size,
    };
  } catch {
    await store.remove([id]);
    throw new HttpError(400, UNSUPPORTED_IMAGE_MESSAGE);
  }
}

/** Processes several files; if one fails, none is kept. */
export async function processImages(store: ImageStore, inputPaths: readonly string[]): Promise<ProcessedImage[]> {
  const done: ProcessedImage[] = [];
  try {
    // One at a time: decoding is memory-hungry and a cheap server has little of it.
    for (const input of inputPaths) done.push(await processImage(store, input));
    return done;
  } catch (error) {
    await store.remove(done.map((image) => image.id));
    throw error;
  }
}
