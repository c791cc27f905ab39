import fs from 'node:fs';
import path from 'node:path';
import { SqliteDatabase } from '../../../src/db/sqlite-driver';
import { IMAGE_VARIANTS, variantFileName } from '../../../src/modules/images/image-variants';

export interface InquiryRow {
  id: string;
  first_name: string;
  last_name: string;
  email: string;
  phone: string;
  message: string;
  product: string | null;
}

export interface DatabaseInspection {
  integrity: string;
  inquiries: Map<string, InquiryRow>;
  itemIds: Set<string>;
  imageRows: number;
  /** Image rows with at least one size missing on disk. */
  imagesMissingFiles: string[];
  /** Image files on disk with no row (left by a process killed between writing files and committing). */
  filesWithoutRow: number;
}

/** Reads the SQLite file directly, read-only, once no server process has it open. */
export function inspectDatabase(dataDir: string): DatabaseInspection {
  const db = new SqliteDatabase(path.join(dataDir, 'app.db'), { readonly: true, fileMustExist: true });
  try {
    const integrity = (db.pragma('integrity_check') as { integrity_check: string }[])
      .map((row) => row.integrity_check)
      .join('; ');
    const inquiries = new Map(
      (
        db
          .prepare('select id, first_name, last_name, email, phone, message, product from inquiries')
          .all() as InquiryRow[]
      ).map((row) => [row.id, row]),
    );
    const itemIds = new Set((db.prepare('select id from items').all() as { id: string }[]).map((row) => row.id));
    const images = db.prepare('select id from images').all() as { id: string }[];
    const uploads = path.join(dataDir, 'uploads');
    const imagesMissingFiles = images
      .filter(({ id }) => IMAGE_VARIANTS.some((v) => !fs.existsSync(path.join(uploads, variantFileName(id, v)))))
      .map(({ id }) => id);
    const known = new Set(images.flatMap(({ id }) => IMAGE_VARIANTS.map((v) => variantFileName(id, v))));
    const filesWithoutRow = fs.readdirSync(uploads).filter((name) => name.endsWith('.webp') && !known.has(name)).length;
    return { integrity, inquiries, itemIds, imageRows: images.length, imagesMissingFiles, filesWithoutRow };
  } finally {
    db.close();
  }
}
