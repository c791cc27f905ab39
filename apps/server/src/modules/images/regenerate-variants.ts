import fs from 'node:fs/promises';
import sharp from 'sharp';
import { decodeOptions, writeDerivedVariant } from './image-pipeline';
import type { ImageStore } from './image-store';
import { DERIVED_VARIANTS, idOfLargeFile, variantFileName } from './image-variants';

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
 * file. When nothing is missing this is one directory listing: no file is decoded. A broken
 * file is logged and skipped so it can never stop the server from starting.
 */
export async function regenerateMissingVariants(
  store: ImageStore,
  log: RegenerationLog = console,
): Promise<RegenerationResult> {
  const result: RegenerationResult = { made: 0, skipped: 0 };
  let names: Set<string>;
  try {
    names = new Set(await fs.readdir(store.uploadsDir));
  } catch (error) {
    log.warn(`Image sizes not checked: ${errorText(error)}`);
    return result;
  }

  for (const name of names) {
    const id = idOfLargeFile(name);
    if (!id) continue;
    const missing = DERIVED_VARIANTS.filter((variant) => !names.has(variantFileName(id, variant)));
    if (missing.length === 0) continue;
    try {
      // The header is enough for the size; the large file is stored upright without EXIF.
      const { width, height } = await sharp(store.largePath(id), decodeOptions).metadata();
      if (!width || !height) throw new Error('no image size in the file');
      for (const variant of missing) {
        await writeDerivedVariant(store, id, variant, { width, height });
        result.made += 1;
      }
    } catch (error) {
      result.skipped += 1;
      log.warn(`Could not make the smaller sizes of /uploads/${name}: ${errorText(error)}`);
    }
  }

  if (result.made > 0 || result.skipped > 0) {
    log.info(`Image sizes: ${result.made} file(s) made, ${result.skipped} image(s) skipped.`);
  }
  return result;
}

const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error));
