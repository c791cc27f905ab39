import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';

/**
 * Where processed images live on disk and how they are named. Names are chosen by the
 * server (a UUID), never taken from the client.
 */
export class ImageStore {
  readonly tmpDir: string;

  constructor(readonly uploadsDir: string) {
    this.tmpDir = path.join(uploadsDir, '.tmp');
  }

  async ensureDirectories(): Promise<void> {
    await fs.mkdir(this.tmpDir, { recursive: true });
  }

  newId(): string {
    return randomUUID();
  }

  largePath(id: string): string {
    return path.join(this.uploadsDir, `${id}.webp`);
  }

  thumbPath(id: string): string {
    return path.join(this.uploadsDir, `${id}-thumb.webp`);
  }

  newTempPath(): string {
    return path.join(this.tmpDir, `${randomUUID()}.part`);
  }

  /** Removes both files of each image; missing files are not an error. */
  async remove(ids: readonly string[]): Promise<void> {
    await Promise.all(
      ids.flatMap((id) => [this.largePath(id), this.thumbPath(id)]).map((file) => fs.rm(file, { force: true })),
    );
  }

  async removeTemp(files: readonly string[]): Promise<void> {
    await Promise.all(files.map((file) => fs.rm(file, { force: true })));
  }

  /** Temp files left by a process that died mid-upload. */
  async clearTemp(): Promise<void> {
    await fs.rm(this.tmpDir, { recursive: true, force: true });
    await this.ensureDirectories();
  }
}

export const imageUrl = (id: string) => `/uploads/${id}.webp`;
export const thumbnailUrl = (id: string) => `/uploads/${id}-thumb.webp`;

/** `/uploads/{uuid}.webp` → the image id; anything else → null. */
export function imageIdFromUrl(url: string): string | null {
  const match = /^\/uploads\/([a-f0-9-]{36})\.webp$/.exec(url);
  return match?.[1] ?? null;
}
