import fs from 'node:fs';
import path from 'node:path';
import type { TestApp } from './test-app';

/** Files the image pipeline has stored in the image store (folder or bucket), sorted. */
export async function storedFiles(t: TestApp): Promise<string[]> {
  const names: string[] = [];
  for await (const file of t.ctx.images.list()) names.push(file.name);
  return names.sort();
}

/** Whatever is left in this process's temp folder; must be empty once a request is answered. */
export function tempFiles(t: TestApp): string[] {
  return fs.readdirSync(t.ctx.images.temp.dir);
}

/** Whether the store holds a file by this name (or the name of an `/uploads/…` URL). */
export async function isStored(t: TestApp, nameOrUrl: string): Promise<boolean> {
  return (await t.ctx.images.head(path.basename(nameOrUrl))) !== null;
}

/** The bytes of a stored file (by name or `/uploads/…` URL), read through the store. */
export async function readStored(t: TestApp, nameOrUrl: string): Promise<Buffer> {
  const file = await t.ctx.images.open(path.basename(nameOrUrl));
  if (!file) throw new Error(`not stored: ${nameOrUrl}`);
  const body = file.body();
  if (Buffer.isBuffer(body)) return body;
  const chunks: Buffer[] = [];
  for await (const chunk of body) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** Names in `after` that were not in `before`. */
export const addedFiles = (before: readonly string[], after: readonly string[]): string[] =>
  after.filter((name) => !before.includes(name));

/** The names of every stored size (large, thumbnail, medium) of an `/uploads/{id}.webp` URL. */
export const imageFiles = (url: string): [string, string, string] => {
  const large = path.basename(url);
  return [large, large.replace(/\.webp$/, '-thumb.webp'), large.replace(/\.webp$/, '-960.webp')];
};

/** Whether every size of an image URL is stored (`true`), none is (`false`), or only some (`'partly'`). */
export async function imageStored(t: TestApp, url: string): Promise<boolean | 'partly'> {
  const found = await Promise.all(imageFiles(url).map((name) => isStored(t, name)));
  return found.every(Boolean) ? true : found.some(Boolean) ? 'partly' : false;
}

export type CountedTable = 'items' | 'images' | 'inquiries' | 'reviews' | 'sessions' | 'item_specifications';

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
    files: await storedFiles(t),
    items: await rowCount(t, 'items'),
    images: await rowCount(t, 'images'),
    specifications: await rowCount(t, 'item_specifications'),
  };
}

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** `/uploads/{id}.webp` → `{id}` (the images table key). */
export const imageIdOf = (url: string): string => path.basename(url, '.webp');
