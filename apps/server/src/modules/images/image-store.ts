import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import {
  IMAGE_VARIANTS,
  LARGE_VARIANT,
  THUMB_VARIANT,
  variantFileName,
  variantUrl,
  type ImageVariantSpec,
} from './image-variants';

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

  variantPath(id: string, variant: ImageVariantSpec): string {
    return path.join(this.uploadsDir, variantFileName(id, variant));
  }

  largePath(id: string): string {
    return this.variantPath(id, LARGE_VARIANT);
  }

  newTempPath(): string {
    return path.join(this.tmpDir, `${randomUUID()}.part`);
  }

  /** Removes every size of each image; missing files are not an error. */
  async remove(ids: readonly string[]): Promise<void> {
    await Promise.all(
      ids
        .flatMap((id) => IMAGE_VARIANTS.map((variant) => this.variantPath(id, variant)))
        .map((file) => fs.rm(file, { force: true })),
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

export const imageUrl = (id: string) => variantUrl(id, LARGE_VARIANT);
export const thumbnailUrl = (id: string) => variantUrl(id, THUMB_VARIANT);

/** `/uploads/{uuid}.webp` → the image id; anything else → null. */
export function imageIdFromUrl(url: string): string | null {
  const match = /^\/uploads\/([a-f0-9-]{36})\.webp$/.exec(url);
  return match?.[1] ?? null;
}
