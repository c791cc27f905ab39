import fs from 'node:fs';
import path from 'node:path';
import type { TestApp } from './test-app';

/** Files the image pipeline has stored in the uploads folder (the temp folder aside), sorted. */
export function storedFiles(t: TestApp): string[] {
  return fs
    .readdirSync(t.config.uploadsDir)
    .filter((name) => name !== '.tmp')
    .sort();
}

/** Whatever is left in the uploads temp folder; must be empty once a request is answered. */
export function tempFiles(t: TestApp): string[] {
  return fs.readdirSync(path.join(t.config.uploadsDir, '.tmp'));
}

/** Names in `after` that were not in `before`. */
export const addedFiles = (before: readonly string[], after: readonly string[]): string[] =>
  after.filter((name) => !before.includes(name));

/** The file on disk behind an `/uploads/…` URL. */
export const uploadedFile = (t: TestApp, url: string): string => path.join(t.config.uploadsDir, path.basename(url));

/** Every stored size (large, thumbnail, medium) of an `/uploads/{id}.webp` URL. */
export const imageFiles = (t: TestApp, url: string): [string, string, string] => {
  const large = uploadedFile(t, url);
  return [large, large.replace(/\.webp$/, '-thumb.webp'), large.replace(/\.webp$/, '-960.webp')];
};

export type CountedTable = 'items' | 'images' | 'inquiries' | 'sessions' | 'item_specifications';

export async function rowCount(t: TestApp, table: CountedTable): Promise<number> {
  const row = await t.ctx.db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** What a refused write must leave untouched. */
export interface StorageSnapshot {
  files: string[];
  items: number;
  images: number;
  specifications: number;
}

export async function snapshot(t: TestApp): Promise<StorageSnapshot> {
  return {
    files: storedFiles(t),
    items: await rowCount(t, 'items'),
    images: await rowCount(t, 'images'),
    specifications: await rowCount(t, 'item_specifications'),
  };
}

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** `/uploads/{id}.webp` → `{id}` (the images table key). */
export const imageIdOf = (url: string): string => path.basename(url, '.webp');
