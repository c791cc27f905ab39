import fs from 'node:fs/promises';
import {
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { LRUCache } from 'lru-cache';
import type { S3StoreConfig } from '../../config';
import {
  type ImageStore,
  ImageStoreUnavailableError,
  type ListedFile,
  StoreStatus,
  type StoredFile,
  type StoredFileInfo,
} from './image-store';
import { ProcessTempFiles } from './process-temp-files';

/** Sent with every object, so a CDN or browser reading the bucket directly caches like /uploads does. */
const IMMUTABLE = 'public, max-age=31536000, immutable';
const CONTENT_TYPE = 'image/webp';
/** DeleteObjects takes at most 1,000 keys a call. */
const DELETE_BATCH = 1000;

interface CachedFile {
  info: StoredFileInfo;
  bytes: Buffer;
  /** When the bucket last confirmed it (performance.now()). */
  checkedAt: number;
}

/** The answer to a GET with If-None-Match of the object's current ETag. */
const isNotModified = (error: unknown) => error instanceof S3ServiceException && error.$metadata.httpStatusCode === 304;

function isMissing(error: unknown): boolean {
  // GetObject says NoSuchKey; HEAD has no body, so only its status tells.
  return (
    error instanceof S3ServiceException &&
    (error.name === 'NoSuchKey' || (error.name === 'NotFound' && error.$metadata.httpStatusCode === 404))
  );
}

/** The client for the configured bucket, shared by the image store and the backups kept there. */
export function createS3Client(config: S3StoreConfig): S3Client {
  return new S3Client({
    region: config.region,
    endpoint: config.endpoint,
    forcePathStyle: config.forcePathStyle,
    credentials:
      config.accessKeyId && config.secretAccessKey
        ? { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey }
        : undefined,
    // Checksums only where the API requires them: several S3-compatible servers reject or
    // mishandle the SDK's default CRC headers on every request.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    maxAttempts: 3,
    requestHandler: { connectionTimeout: 5000, requestTimeout: 30_000 },
  });
}

/**
 * Images as objects in an S3-compatible bucket (AWS S3, Cloudflare R2, MinIO, Ceph, Garage),
 * through the official AWS SDK v3 client. Objects are served through a bounded in-memory cache
 * of this process, bounded by bytes rather than a count (a thumbnail is a few KB, a large size
 * several hundred): images never change once written, so a cached copy is never stale
 * (docs/decisions/028).
 */
export class S3ImageStore implements ImageStore {
  readonly kind = 's3';
  readonly temp: ProcessTempFiles;
  readonly cache: LRUCache<string, CachedFile>;
  readonly status = new StoreStatus();
  private readonly client: S3Client;
  private readonly bucket: string;
  /** One fetch per name at a time: a burst of requests for a cold image asks the bucket once. */
  private readonly fetching = new Map<string, Promise<CachedFile | null>>();

  constructor(
    private readonly config: S3StoreConfig,
    tempRoot: string,
  ) {
    this.bucket = config.bucket;
    this.temp = new ProcessTempFiles(tempRoot);
    this.cache = new LRUCache({
      maxSize: config.cacheBytes,
      sizeCalculation: (file) => file.bytes.length,
      // One file taking more than a quarter would flush most of the rest: it is served, not kept.
      maxEntrySize: config.cacheBytes / 4,
    });
    this.client = createS3Client(config);
  }

  get description(): string {
    const where = this.config.endpoint ?? `AWS region ${this.config.region}`;
    return `S3 bucket ${this.bucket} at ${where}`;
  }

  async init(): Promise<void> {
    await this.temp.init();
  }

  /**
   * Every call to the bucket: its outcome is the store's status, and a failure that is not an
   * answer about one object (missing, not modified) becomes ImageStoreUnavailableError, which a request
   * answers with 503 and Retry-After.
   */
  private async send<T>(operation: string, call: () => Promise<T>): Promise<T> {
    try {
      const result = await call();
      this.status.succeeded();
      return result;
    } catch (error) {
      // The bucket answered: about one object, not about itself.
      if (isMissing(error) || isNotModified(error)) {
        this.status.succeeded();
        throw error;
      }
      this.status.failed();
      throw new ImageStoreUnavailableError(operation, error);
    }
  }

  async putFile(name: string, localFile: string): Promise<void> {
    // A buffer, not a stream: the SDK can only retry a body it can send again. Images are at most ~1 MB.
    const body = await fs.readFile(localFile);
    await this.send('store a picture', () =>
      this.client.send(
        new PutObjectCommand({
          Bucket: this.bucket,
          Key: name,
          Body: body,
          ContentType: CONTENT_TYPE,
          CacheControl: IMMUTABLE,
        }),
      ),
    );
    await fs.rm(localFile, { force: true });
  }

  /** The object, or `previous` again when the bucket says it has not changed since. */
  private async fetch(name: string, previous?: CachedFile): Promise<CachedFile | null> {
    const checkedAt = performance.now();
    try {
      const object = await this.send('read a picture', () =>
        this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: name, IfNoneMatch: previous?.info.etag })),
      );
      const bytes = Buffer.from((await object.Body?.transformToByteArray()) ?? []);
      const lastModified = object.LastModified ?? new Date(0);
      const info: StoredFileInfo = {
        name,
        size: bytes.length,
        lastModified,
        etag: object.ETag ?? `W/"${bytes.length.toString(16)}-${lastModified.getTime().toString(16)}"`,
      };
      return { info, bytes, checkedAt };
    } catch (error) {
      if (isMissing(error)) return null;
      if (previous && isNotModified(error)) return { ...previous, checkedAt };
      throw error;
    }
  }

  /**
   * Served from this process's cache while the bucket confirmed it within `cacheRevalidateMs`;
   * older, it is asked again (a conditional GET: no body when unchanged), so a picture another
   * process deleted or replaced is gone from here within that time. While the bucket is away, the
   * cached copy goes on being served.
   */
  private async cached(name: string): Promise<CachedFile | null> {
    const pending = this.fetching.get(name);
    if (pending) return pending;
    const hit = this.cache.get(name);
    if (hit && performance.now() - hit.checkedAt < this.config.cacheRevalidateMs) return hit;
    const fetching = this.fetch(name, hit)
      .then(
        (file) => {
          if (file) this.cache.set(name, file);
          else this.cache.delete(name);
          return file;
        },
        (error: unknown) => {
          if (hit && error instanceof ImageStoreUnavailableError) return hit;
          throw error;
        },
      )
      .finally(() => this.fetching.delete(name));
    this.fetching.set(name, fetching);
    return fetching;
  }

  async open(name: string): Promise<StoredFile | null> {
    const file = await this.cached(name);
    if (!file) return null;
    return { ...file.info, body: () => file.bytes };
  }

  async head(name: string): Promise<StoredFileInfo | null> {
    try {
      const object = await this.send('look up a picture', () =>
        this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: name })),
      );
      const lastModified = object.LastModified ?? new Date(0);
      const size = object.ContentLength ?? 0;
      const etag = object.ETag ?? `W/"${size.toString(16)}-${lastModified.getTime().toString(16)}"`;
      return { name, size, lastModified, etag };
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  async copyToFile(name: string, target: string): Promise<boolean> {
    const file = await this.fetch(name);
    if (!file) return false;
    await fs.writeFile(target, file.bytes, { flag: 'wx' });
    return true;
  }

  async deleteMany(names: readonly string[]): Promise<void> {
    for (const name of names) this.cache.delete(name);
    for (let start = 0; start < names.length; start += DELETE_BATCH) {
      const batch = names.slice(start, start + DELETE_BATCH);
      const result = await this.send('delete pictures', () =>
        this.client.send(
          new DeleteObjectsCommand({
            Bucket: this.bucket,
            Delete: { Objects: batch.map((Key) => ({ Key })), Quiet: true },
          }),
        ),
      );
      const failed = (result.Errors ?? []).filter((error) => error.Code !== 'NoSuchKey');
      if (failed.length > 0) {
        const first = failed[0];
        throw new Error(
          `Could not delete ${failed.length} image file(s) from the bucket, e.g. ${first?.Key}: ${first?.Code} ${first?.Message}`,
        );
      }
    }
  }

  async *list(): AsyncIterable<ListedFile> {
    let token: string | undefined;
    do {
      const page = await this.send('list pictures', () =>
        this.client.send(
          // The delimiter keeps "folders" (what older releases' health probes left, anyone else's) out.
          new ListObjectsV2Command({ Bucket: this.bucket, Delimiter: '/', ContinuationToken: token }),
        ),
      );
      for (const object of page.Contents ?? []) {
        if (object.Key) yield { name: object.Key, lastModified: object.LastModified };
      }
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
  }

  async close(): Promise<void> {
    this.client.destroy();
    await this.temp.dispose();
  }
}
