import fs from 'node:fs/promises';
import sharp, { type Metadata } from 'sharp';
import {
  HEIC_REASON,
  MAX_IMAGE_PIXELS,
  NOT_AN_IMAGE_REASON,
  refusedFileMessage,
  TOO_MANY_PIXELS_REASON,
} from '@capstan/shared';
import { HttpError } from '../../http-error';
import { isStorageFailure } from '../../plugins/error-handler';
import { type ImageStore, newImageId, removeImages } from './image-store';
import {
  DERIVED_VARIANTS,
  fitInside,
  LARGE_VARIANT,
  THUMB_VARIANT,
  type Size,
  variantFileName,
} from './image-variants';

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

/** A refused upload: the reason, and once known which file of the request it was. */
export class RefusedImageError extends HttpError {
  /** Which file of the request (set by processImages). */
  fileIndex: number | undefined;

  constructor(
    readonly reason: string,
    readonly fileName?: string,
  ) {
    super(400, refusedFileMessage(fileName, reason));
    this.name = 'RefusedImageError';
  }
}

/**
 * Puts the sender's file name into a refusal from `processImages`: `fileNames[i]` is the name of
 * the i-th file. Anything else passes through unchanged.
 */
export function nameRefusedFile(error: unknown, fileNames: readonly string[]): unknown {
  if (!(error instanceof RefusedImageError) || error.fileName !== undefined) return error;
  const name = error.fileIndex === undefined ? undefined : fileNames[error.fileIndex];
  return name ? new RefusedImageError(error.reason, name) : error;
}

const HEIC_BRANDS = new Set(['heic', 'heix', 'hevc', 'hevx', 'heim', 'heis', 'hevm', 'hevs']);

/** Whether the file is HEIF with HEVC pictures (an iPhone photo), by its `ftyp` brands. */
async function isHeic(inputPath: string): Promise<boolean> {
  let head: Buffer;
  try {
    const file = await fs.open(inputPath);
    try {
      head = Buffer.alloc(64);
      const { bytesRead } = await file.read(head, 0, 64, 0);
      head = head.subarray(0, bytesRead);
    } finally {
      await file.close();
    }
  } catch {
    return false;
  }
  if (head.length < 16 || head.toString('latin1', 4, 8) !== 'ftyp') return false;
  const boxEnd = Math.min(head.readUInt32BE(0), head.length);
  const brands = [head.toString('latin1', 8, 12)];
  for (let at = 16; at + 4 <= boxEnd; at += 4) brands.push(head.toString('latin1', at, at + 4));
  return brands.some((brand) => HEIC_BRANDS.has(brand));
}

async function unreadable(inputPath: string): Promise<RefusedImageError> {
  return new RefusedImageError((await isHeic(inputPath)) ? HEIC_REASON : NOT_AN_IMAGE_REASON);
}

export const decodeOptions = { limitInputPixels: MAX_IMAGE_PIXELS, failOn: 'truncated', animated: false } as const;

type DerivedVariant = (typeof DERIVED_VARIANTS)[number];

/**
 * Writes a smaller size from a local copy of the large file, at exactly `fitInside(large, edge)`,
 * the size the API announces for it, into a new temp file of this process.
 */
export async function renderDerivedVariant(
  store: ImageStore,
  largeFile: string,
  variant: DerivedVariant,
  large: Size,
): Promise<string> {
  const size = fitInside(large, variant.edge);
  const temp = store.temp.newPath();
  try {
    await sharp(largeFile, decodeOptions)
      .resize({ ...size, fit: 'fill' })
      .webp({ quality: variant.quality })
      .toFile(temp);
    return temp;
  } catch (error) {
    await fs.rm(temp, { force: true });
    throw error;
  }
}

/**
 * Puts finished temp files into the store, the large file last: a stored large file then means
 * its smaller sizes were stored before it. If one put fails, those already stored are removed
 * (as far as the store lets us; what stays is an orphan the sweep removes).
 */
async function putAll(store: ImageStore, id: string, files: readonly (readonly [string, string])[]): Promise<void> {
  try {
    for (const [name, file] of files) await store.putFile(name, file);
  } catch (error) {
    // The bucket tells its own status; a local folder's full disk is told here.
    if (isStorageFailure(error)) store.status.failed();
    await removeImages(store, [id]).catch(() => undefined);
    throw error;
  }
}

/**
 * Validates an uploaded file by decoding it (never by its name or declared type), then
 * stores an auto-oriented, metadata-free WebP in three sizes (large, medium, thumbnail). The
 * smaller sizes are scaled from the large file: cheaper than decoding the upload again. All of
 * it happens on this process's temp files; only finished files are put into the store.
 */
export async function processImage(store: ImageStore, inputPath: string): Promise<ProcessedImage> {
  let metadata: Metadata;
  try {
    // Reads the header only, so a huge declared size is refused before any decoding. The pixel
    // limit is checked below instead, so the refusal says "too large", not "not an image".
    metadata = await sharp(inputPath, { ...decodeOptions, limitInputPixels: false }).metadata();
  } catch {
    throw await unreadable(inputPath);
  }
  if (!metadata.format || !ACCEPTED_FORMATS.has(metadata.format)) throw await unreadable(inputPath);
  if (!metadata.width || !metadata.height || metadata.width * metadata.height > MAX_IMAGE_PIXELS) {
    throw new RefusedImageError(TOO_MANY_PIXELS_REASON);
  }

  const id = newImageId();
  const largeFile = store.temp.newPath();
  const temps = [largeFile];
  try {
    let large: Size & { size: number };
    const files: [string, string][] = [];
    try {
      large = await sharp(inputPath, decodeOptions)
        .autoOrient()
        .resize({ width: LARGE_VARIANT.edge, height: LARGE_VARIANT.edge, fit: 'inside', withoutEnlargement: true })
        .webp({ quality: LARGE_VARIANT.quality })
        .toFile(largeFile);
      for (const variant of DERIVED_VARIANTS) {
        const file = await renderDerivedVariant(store, largeFile, variant, large);
        temps.push(file);
        files.push([variantFileName(id, variant), file]);
      }
    } catch (error) {
      // A full disk is not a bad image: let the error handler answer 503 ("nothing was saved").
      if (isStorageFailure(error)) {
        store.status.failed();
        throw error;
      }
      throw await unreadable(inputPath);
    }
    files.push([variantFileName(id, LARGE_VARIANT), largeFile]);
    // Not a refusal when the store fails: the file was fine, the server was not.
    await putAll(store, id, files);
    store.status.succeeded();
    const thumb = fitInside(large, THUMB_VARIANT.edge);
    return {
      id,
      width: large.width,
      height: large.height,
      thumbWidth: thumb.width,
      thumbHeight: thumb.height,
      bytes: large.size,
    };
  } finally {
    await store.temp.remove(temps);
  }
}

/**
 * Processes several files; if one fails, none is kept. A refusal remembers which file it was,
 * for `nameRefusedFile`.
 */
export async function processImages(store: ImageStore, inputPaths: readonly string[]): Promise<ProcessedImage[]> {
  const done: ProcessedImage[] = [];
  try {
    // One at a time: decoding is memory-hungry and a cheap server has little of it.
    for (const [index, input] of inputPaths.entries()) {
      try {
        done.push(await processImage(store, input));
      } catch (error) {
        if (error instanceof RefusedImageError) error.fileIndex = index;
        throw error;
      }
    }
    return done;
  } catch (error) {
    await removeImages(
      store,
      done.map((image) => image.id),
    );
    throw error;
  }
}
