import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import { IMAGE_VARIANTS, LARGE_VARIANT, THUMB_VARIANT, variantFileName, variantUrl } from './image-variants';
import type { ProcessTempFiles } from './process-temp-files';

/** What a store knows about one stored file without reading it. */
export interface StoredFileInfo {
  name: string;
  size: number;
  lastModified: Date;
  /** Quoted, as sent in the ETag header; the same in every process serving the same store. */
  etag: string;
}

/** A stored file ready to be sent: its body is only opened when asked for (not for HEAD or 304). */
export interface StoredFile extends StoredFileInfo {
  body: () => Readable | Buffer;
}

/** One entry of a listing; `lastModified` when the backend has it for free (S3), else ask `head`. */
export interface ListedFile {
  name: string;
  lastModified?: Date;
}

/**
 * What the store's own recent operations say of it: the last one that reached the store, against
 * the last that failed for the store's sake (not for a bad picture). Health reports it; asking
 * the store on every health call would be a write per call (decision 064).
 */
export class StoreStatus {
  #lastSuccess = 0;
  #lastFailure = 0;

  succeeded(at = Date.now()): void {
    this.#lastSuccess = at;
  }

  failed(at = Date.now()): void {
    this.#lastFailure = at;
  }

  get state(): 'ok' | 'failing' {
    return this.#lastFailure > this.#lastSuccess ? 'failing' : 'ok';
  }
}

/** The store (a bucket, its network) did not answer or refused to work: nothing was stored. */
export class ImageStoreUnavailableError extends Error {
  constructor(operation: string, cause: unknown) {
    super(`The image store failed to ${operation}`, { cause });
    this.name = 'ImageStoreUnavailableError';
  }
}

/**
 * Where processed images are kept (docs/decisions/028). Every file is addressed by its name
 * (`{uuid}{suffix}.webp`, chosen by the server, never by a client). Images are processed by sharp
 * on local temp files of this process; only finished files are put into the store, so a store
 * never holds half a file.
 */
export interface ImageStore {
  readonly kind: 'local' | 's3';
  /** Where the images are, for the start-up log (never a secret). */
  readonly description: string;
  /** This process's own temp files. */
  readonly temp: ProcessTempFiles;
  /** Creates what the store needs on this machine (folders); touches no remote service. */
  init(): Promise<void>;
  /** Moves a finished local file into the store under `name`; the local file is gone afterwards. */
  putFile(name: string, localFile: string): Promise<void>;
  /** The file for serving, or null when there is none by that name. */
  open(name: string): Promise<StoredFile | null>;
  head(name: string): Promise<StoredFileInfo | null>;
  /** Copies the stored file to a new local file (`target` must not exist); false when there is no such file. */
  copyToFile(name: string, target: string): Promise<boolean>;
  /** Deletes these files; missing ones are not an error. */
  deleteMany(names: readonly string[]): Promise<void>;
  /** Every file in the store (its top level), in no particular order. */
  list(): AsyncIterable<ListedFile>;
  /** What its recent operations say: uploads that failed for the store's sake make it 'failing'. */
  readonly status: StoreStatus;
  /** Releases connections and this process's temp folder. */
  close(): Promise<void>;
}

/** Ids are chosen by the server (a UUID), never taken from the client. */
export const newImageId = (): string => randomUUID();

/** The names of every stored size of an image. */
export const imageFileNames = (id: string): string[] => IMAGE_VARIANTS.map((variant) => variantFileName(id, variant));

/** Removes every size of each image; missing files are not an error. */
export async function removeImages(store: ImageStore, ids: readonly string[]): Promise<void> {
  if (ids.length === 0) return;
  await store.deleteMany(ids.flatMap(imageFileNames));
}

/**
 * Removes the files of images whose rows are already gone (after a commit, or after a failure
 * that must not be masked). The change stands either way, so a store that fails here does not
 * fail the request: files without a row are orphans, which the orphan sweep removes within hours.
 */
export async function discardImages(store: ImageStore, ids: readonly string[]): Promise<void> {
  await removeImages(store, ids).catch(() => undefined);
}

export const imageUrl = (id: string) => variantUrl(id, LARGE_VARIANT);
export const thumbnailUrl = (id: string) => variantUrl(id, THUMB_VARIANT);

/** `/uploads/{uuid}.webp` → the image id; anything else → null. */
export function imageIdFromUrl(url: string): string | null {
  const match = /^\/uploads\/([a-f0-9-]{36})\.webp$/.exec(url);
  return match?.[1] ?? null;
}
