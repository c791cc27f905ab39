import sharp from 'sharp';
import { decodeOptions, renderDerivedVariant } from './image-pipeline';
import type { ImageStore } from './image-store';
import {
  DERIVED_VARIANTS,
  IMAGE_VARIANTS,
  type ImageVariantSpec,
  idOfImageFile,
  LARGE_VARIANT,
  variantFileName,
} from './image-variants';

export interface RegenerationLog {
  info: (message: string) => void;
  warn: (message: string) => void;
}

export interface RegenerationResult {
  /** Files written. */
  made: number;
  /** Images whose large file could not be read; left as they are. */
  skipped: number;
}

/**
 * Makes the smaller sizes an image lacks (uploads stored before a size existed) from its large
 * file. When nothing is missing this is one listing of the store: no file is read. A broken
 * file is logged and skipped so it can never stop the server from starting.
 */
export async function regenerateMissingVariants(
  store: ImageStore,
  log: RegenerationLog = console,
): Promise<RegenerationResult> {
  const result: RegenerationResult = { made: 0, skipped: 0 };
  // Per image, which of its files are stored (a bit per size): a third of the entries of a set
  // of every file name, which at 100,000 parts' pictures was tens of MB at every start.
  const stored = new Map<string, number>();
  try {
    for await (const file of store.list()) {
      const id = idOfImageFile(file.name);
      if (id === null) continue;
      const bit = IMAGE_VARIANTS.findIndex((variant) => file.name === variantFileName(id, variant));
      if (bit >= 0) stored.set(id, (stored.get(id) ?? 0) | (1 << bit));
    }
  } catch (error) {
    log.warn(`Image sizes not checked: ${errorText(error)}`);
    return result;
  }
  const has = (bits: number, variant: ImageVariantSpec) => (bits & (1 << IMAGE_VARIANTS.indexOf(variant))) !== 0;

  for (const [id, bits] of stored) {
    if (!has(bits, LARGE_VARIANT)) continue;
    const missing = DERIVED_VARIANTS.filter((variant) => !has(bits, variant));
    if (missing.length === 0) continue;
    const name = variantFileName(id, LARGE_VARIANT);
    const largeFile = store.temp.newPath();
    try {
      if (!(await store.copyToFile(name, largeFile))) continue; // deleted meanwhile
      // The header is enough for the size; the large file is stored upright without EXIF.
      const { width, height } = await sharp(largeFile, decodeOptions).metadata();
      if (!width || !height) throw new Error('no image size in the file');
      for (const variant of missing) {
        const file = await renderDerivedVariant(store, largeFile, variant, { width, height });
        try {
          await store.putFile(variantFileName(id, variant), file);
        } finally {
          await store.temp.remove([file]);
        }
        result.made += 1;
      }
    } catch (error) {
      result.skipped += 1;
      log.warn(`Could not make the smaller sizes of /uploads/${name}: ${errorText(error)}`);
    } finally {
      await store.temp.remove([largeFile]);
    }
  }

  if (result.made > 0 || result.skipped > 0) {
    log.info(`Image sizes: ${result.made} file(s) made, ${result.skipped} image(s) skipped.`);
  }
  return result;
}

const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error));
