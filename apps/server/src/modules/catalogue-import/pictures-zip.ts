import fs from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type yauzl from 'yauzl';
import {
  MAX_IMAGES_PER_ITEM,
  MAX_PICTURES_PER_ZIP,
  MAX_PICTURES_UNPACKED_BYTES,
  MAX_UPLOAD_FILE_BYTES,
  refusedFileMessage,
  TOO_MANY_BYTES_REASON,
} from '@capstan/shared';
import { HttpError } from '../../http-error';
import type { ImageStore } from '../images/image-store';
import { listEntries, openEntry, openZip, UnpackBudget } from './zip-entries';

/** A picture of the ZIP, by its name in the ZIP, for the item whose code names it. */
export interface ZipPicture {
  name: string;
  itemId: string;
  /** 1 for `CODE.jpg` or `CODE-1.jpg`, 2 for `CODE-2.jpg`… */
  number: number;
  /** The entry, unpacked to a temp file of this process. */
  tempFile: string;
}

export const NOT_A_ZIP_MESSAGE = 'The pictures file is not a ZIP archive we can read.';

/** Files a ZIP made on a Mac or Windows carries besides the pictures. */
const isClutter = (name: string): boolean =>
  name.endsWith('/') ||
  name.startsWith('__MACOSX/') ||
  path.posix.basename(name).startsWith('.') ||
  /^(thumbs\.db|desktop\.ini)$/i.test(path.posix.basename(name));

/**
 * Which item and which place a file name means: `NP38-COL-25.jpg` is the first picture of the
 * item with that code, `NP38-COL-25-2.jpg` its second. A whole name that is a code wins, so a
 * code that itself ends in `-2` still names its first picture.
 */
function placeOf(name: string, itemByCode: ReadonlyMap<string, string>): { itemId: string; number: number } | null {
  const base = path.posix.basename(name);
  const stem = base.includes('.') ? base.slice(0, base.lastIndexOf('.')) : base;
  const whole = itemByCode.get(stem.trim().toLowerCase());
  if (whole) return { itemId: whole, number: 1 };
  const numbered = /^(.*)-(\d{1,2})$/.exec(stem);
  const itemId = numbered ? itemByCode.get((numbered[1] ?? '').trim().toLowerCase()) : undefined;
  return itemId && numbered ? { itemId, number: Number(numbered[2]) } : null;
}

/**
 * Unpacks the pictures of a ZIP to temp files, checking before anything is unpacked that every
 * file names an item by its code, no item gets more than it may hold and no file is larger than
 * an upload may be. Throws a 400 listing every problem; on any failure no temp file is left.
 */
export async function unpackPictures(
  store: ImageStore,
  zipFile: string,
  itemByCode: ReadonlyMap<string, string>,
  kindLabel: string,
): Promise<ZipPicture[]> {
  const zip = await openZip(zipFile, NOT_A_ZIP_MESSAGE);
  const temps: string[] = [];
  try {
    const entries = (
      await listEntries(
        zip,
        NOT_A_ZIP_MESSAGE,
        MAX_PICTURES_PER_ZIP * 2,
        `The ZIP holds too many files: at most ${MAX_PICTURES_PER_ZIP} pictures at once.`,
      )
    ).filter((entry) => !isClutter(entry.fileName));
    if (entries.length === 0) throw new HttpError(400, 'The ZIP holds no pictures.');
    if (entries.length > MAX_PICTURES_PER_ZIP) {
      throw new HttpError(400, `The ZIP holds ${entries.length} pictures: at most ${MAX_PICTURES_PER_ZIP} at once.`);
    }
    const problems: string[] = [];
    const planned: { entry: yauzl.Entry; name: string; itemId: string; number: number }[] = [];
    for (const entry of entries) {
      const name = path.posix.basename(entry.fileName);
      const place = placeOf(entry.fileName, itemByCode);
      if (!place) {
        problems.push(`"${name}" names no ${kindLabel} by its code (expected CODE.jpg or CODE-2.jpg)`);
      } else if (entry.uncompressedSize > MAX_UPLOAD_FILE_BYTES) {
        problems.push(refusedFileMessage(name, TOO_MANY_BYTES_REASON));
      } else {
        planned.push({ entry, name, ...place });
      }
    }
    const byItem = new Map<string, typeof planned>();
    for (const picture of planned) byItem.set(picture.itemId, [...(byItem.get(picture.itemId) ?? []), picture]);
    for (const pictures of byItem.values()) {
      if (pictures.length > MAX_IMAGES_PER_ITEM) {
        problems.push(
          `${pictures.map((p) => `"${p.name}"`).join(', ')}: an item can have at most ${MAX_IMAGES_PER_ITEM} images`,
        );
      }
      const numbers = new Set<number>();
      for (const picture of pictures) {
        if (numbers.has(picture.number))
          problems.push(`"${picture.name}" is a second picture number ${picture.number} of its item`);
        numbers.add(picture.number);
      }
    }
    if (problems.length > 0) {
      throw new HttpError(400, `Nothing was changed. ${problems.slice(0, 20).join('. ')}.`);
    }

    const budget = new UnpackBudget(MAX_PICTURES_UNPACKED_BYTES, 'The pictures ZIP');
    budget.checkAll(planned.map((picture) => picture.entry));
    const unpacked: ZipPicture[] = [];
    for (const picture of planned) {
      const tempFile = store.temp.newPath();
      temps.push(tempFile);
      // The budget counts what each entry really unpacks to: a ZIP can lie about its sizes.
      const source = await openEntry(zip, picture.entry, budget, NOT_A_ZIP_MESSAGE);
      await pipeline(source, fs.createWriteStream(tempFile, { flags: 'wx' })).catch((error: unknown) => {
        throw error instanceof HttpError ? error : new HttpError(400, NOT_A_ZIP_MESSAGE);
      });
      unpacked.push({ name: picture.name, itemId: picture.itemId, number: picture.number, tempFile });
    }
    return unpacked.sort((a, b) => a.itemId.localeCompare(b.itemId) || a.number - b.number);
  } catch (error) {
    await store.temp.remove(temps);
    throw error;
  } finally {
    zip.close();
  }
}
