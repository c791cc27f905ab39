import fs from 'node:fs/promises';
import sharp, { type Metadata } from 'sharp';
import { MAX_IMAGE_PIXELS } from '@capstan/shared';
import { HttpError } from '../../http-error';
import { isStorageFailure } from '../../plugins/error-handler';
import type { ImageStore } from './image-store';
import { DERIVED_VARIANTS, fitInside, LARGE_VARIANT, THUMB_VARIANT, type Size } from './image-variants';

export interface ProcessedImage {
  id: string;
  width: number;
  height: number;
  thumbWidth: number;
  thumbHeight: number;
  bytes: number;
}

// SVG is refused on purpose: it can carry script, and it is not a photo of a machine.
const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'webp', 'gif', 'avif', 'heif', 'tiff']);

export const UNSUPPORTED_IMAGE_MESSAGE = 'Only JPEG, PNG, WebP, GIF, AVIF or TIFF images can be uploaded';

export const decodeOptions = { limitInputPixels: MAX_IMAGE_PIXELS, failOn: 'truncated', animated: false } as const;

type DerivedVariant = (typeof DERIVED_VARIANTS)[number];

/**
 * Writes a smaller size from the stored large file at exactly `fitInside(large, edge)`, the
 * size the API announces for it. Written beside and renamed into place, so a crash never
 * leaves a half-written file that would count as present.
 */
export async function writeDerivedVariant(
  store: ImageStore,
  id: string,
  variant: DerivedVariant,
  large: Size,
): Promise<void> {
  const size = fitInside(large, variant.edge);
  const temp = store.newTempPath();
  try {
    await sharp(store.largePath(id), decodeOptions)
      .resize({ ...size, fit: 'fill' })
      .webp({ quality: variant.quality })
      .toFile(temp);
    await fs.rename(temp, store.variantPath(id, variant));
  } finally {
    await fs.rm(temp, { force: true });
  }
}

/**
 * Validates an uploaded file by decoding it (never by its name or declared type), then
 * stores an auto-oriented, metadata-free WebP in three sizes (large, medium, thumbnail). The
 * smaller sizes are scaled from the large file: cheaper than decoding the upload again.
 */
export async function processImage(store: ImageStore, inputPath: string): Promise<ProcessedImage> {
  let metadata: Metadata;
  try {
    // Reads the header only, so a huge declared size is refused before any decoding. The pixel
    // limit is checked below instead, so the refusal says "too large", not "not an image".
    metadata = await sharp(inputPath, { ...decodeOptions, limitInputPixels: false }).metadata();
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
      .resize({ width: LARGE_VARIANT.edge, height: LARGE_VARIANT.edge, fit: 'inside', withoutEnlargement: true })
      .webp({ quality: LARGE_VARIANT.quality })
      .toFile(store.largePath(id));
    for (const variant of DERIVED_VARIANTS) await writeDerivedVariant(store, id, variant, large);
    const thumb = fitInside(large, THUMB_VARIANT.edge);
    return {
      id,
      width: large.width,
      height: large.height,
      thumbWidth: thumb.width,
      thumbHeight: thumb.height,
      bytes: large.size,
    };
  } catch (error) {
    await store.remove([id]);
    // A full disk is not a bad image: let the error handler answer 503 ("nothing was saved").
    if (isStorageFailure(error)) throw error;
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
