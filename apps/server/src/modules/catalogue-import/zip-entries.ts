import { type Readable, Transform, type TransformCallback } from 'node:stream';
import yauzl from 'yauzl';
import { MAX_ZIP_ENTRY_RATIO, ZIP_RATIO_GRACE_BYTES } from '@capstan/shared';
import { HttpError } from '../../http-error';

const MB = 1024 * 1024;

/** The largest number of entries a ZIP we read may list (an .xlsx has about ten, pictures 600). */
const MAX_LISTED_ENTRIES = 5_000;

export const formatMb = (bytes: number): string => `${Math.round(bytes / MB)} MB`;

/**
 * How much a ZIP may unpack to: each entry is checked against its declared sizes before it is
 * opened, and its unpacked bytes are counted as they come, because a ZIP can lie about its sizes.
 * One budget serves every entry read from one file, so many entries cannot add up to a bomb either.
 */
export class UnpackBudget {
  private used = 0;

  constructor(
    readonly maxBytes: number,
    /** Names the file in refusals: "The spreadsheet", "The pictures ZIP". */
    private readonly what: string,
  ) {}

  tooLarge(): HttpError {
    return new HttpError(
      400,
      `${this.what} unpacks to more than ${formatMb(this.maxBytes)}, the most we read: nothing was imported. Split it into smaller files.`,
    );
  }

  tooPacked(name: string): HttpError {
    return new HttpError(
      400,
      `${this.what} holds "${name}", packed more than ${MAX_ZIP_ENTRY_RATIO} times, which no real file is (a ZIP bomb?): nothing was imported.`,
    );
  }

  damaged(): HttpError {
    return new HttpError(400, `${this.what} is damaged: nothing was imported.`);
  }

  /** Refuses an entry whose declared sizes break the limits, before anything is unpacked. */
  check(entry: yauzl.Entry): void {
    if (this.used + entry.uncompressedSize > this.maxBytes) throw this.tooLarge();
    if (
      entry.uncompressedSize > ZIP_RATIO_GRACE_BYTES &&
      entry.uncompressedSize > Math.max(entry.compressedSize, 1) * MAX_ZIP_ENTRY_RATIO
    ) {
      throw this.tooPacked(entry.fileName);
    }
  }

  /** Refuses, before anything is unpacked, entries whose declared sizes together break the limits. */
  checkAll(entries: readonly yauzl.Entry[]): void {
    let total = this.used;
    for (const entry of entries) {
      this.check(entry);
      total += entry.uncompressedSize;
      if (total > this.maxBytes) throw this.tooLarge();
    }
  }

  /**
   * A pass-through that counts the entry's unpacked bytes and fails as soon as they pass what the
   * entry declared or what the budget has left (yauzl also stops at the declared size; this does
   * not depend on it, and names the limit).
   */
  meter(entry: yauzl.Entry): Transform {
    let seen = 0;
    return new Transform({
      transform: (chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback) => {
        seen += chunk.length;
        this.used += chunk.length;
        if (this.used > this.maxBytes) return done(this.tooLarge());
        if (seen > entry.uncompressedSize) return done(this.damaged());
        done(null, chunk);
      },
    });
  }
}

export function openZip(file: string, notAZip: string): Promise<yauzl.ZipFile> {
  return new Promise((resolve, reject) => {
    yauzl.open(file, { lazyEntries: true, autoClose: false, validateEntrySizes: true }, (error, zip) => {
      if (error || !zip) reject(new HttpError(400, notAZip));
      else resolve(zip);
    });
  });
}

/** The entries of the central directory (nothing is unpacked). */
export function listEntries(
  zip: yauzl.ZipFile,
  notAZip: string,
  maxEntries = MAX_LISTED_ENTRIES,
  tooMany = `The ZIP holds too many files: at most ${maxEntries}.`,
): Promise<yauzl.Entry[]> {
  return new Promise((resolve, reject) => {
    const entries: yauzl.Entry[] = [];
    zip.on('entry', (entry: yauzl.Entry) => {
      entries.push(entry);
      if (entries.length > maxEntries) {
        reject(new HttpError(400, tooMany));
        return;
      }
      zip.readEntry();
    });
    zip.on('end', () => resolve(entries));
    zip.on('error', () => reject(new HttpError(400, notAZip)));
    zip.readEntry();
  });
}

/** An entry's unpacked bytes, checked against the budget before it is opened and while it streams. */
export async function openEntry(
  zip: yauzl.ZipFile,
  entry: yauzl.Entry,
  budget: UnpackBudget,
  notAZip: string,
): Promise<Readable> {
  budget.check(entry);
  const raw = await new Promise<Readable>((resolve, reject) => {
    zip.openReadStream(entry, (error, stream) => {
      if (error || !stream) reject(new HttpError(400, notAZip));
      else resolve(stream);
    });
  });
  const meter = budget.meter(entry);
  // yauzl's own errors (a size or checksum that does not match, bad deflate data) mean a damaged entry.
  raw.on('error', (error: unknown) => meter.destroy(error instanceof HttpError ? error : budget.damaged()));
  // Once the meter refuses, nothing more of the entry is unpacked.
  meter.on('close', () => raw.destroy());
  return raw.pipe(meter);
}
