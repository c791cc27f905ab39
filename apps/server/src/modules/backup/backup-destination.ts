import { createReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import type { S3Client } from '@aws-sdk/client-s3';
import type { BackupDestinationConfig } from '../../config';

/** An archive being read back for download. */
export interface StoredArchive {
  body: Readable;
  size: number | undefined;
}

/** Where scheduled backups are kept (decision 068): a folder, or the images' bucket under backups/. */
export interface BackupDestination {
  /** For people: "the folder /srv/capstan/backups". */
  readonly description: string;
  /** Moves a finished archive in under `name`; the local file is gone afterwards. */
  put(name: string, localFile: string): Promise<void>;
  open(name: string): Promise<StoredArchive | null>;
  /** Missing archives are not an error. */
  remove(name: string): Promise<void>;
}

/** Archives readable by the server's user only: they hold every password hash and inquiry. */
class FolderDestination implements BackupDestination {
  constructor(private readonly dir: string) {}

  get description(): string {
    return `the folder ${this.dir}`;
  }

  async put(name: string, localFile: string): Promise<void> {
    await fs.mkdir(this.dir, { recursive: true, mode: 0o700 });
    const target = path.join(this.dir, name);
    // Across file systems a rename fails; copy then remove instead.
    await fs.rename(localFile, target).catch(async () => {
      await fs.copyFile(localFile, target);
      await fs.rm(localFile, { force: true });
    });
    await fs.chmod(target, 0o600);
  }

  async open(name: string): Promise<StoredArchive | null> {
    const file = path.join(this.dir, name);
    const stat = await fs.stat(file).catch(() => null);
    if (!stat?.isFile()) return null;
    return { body: createReadStream(file), size: stat.size };
  }

  async remove(name: string): Promise<void> {
    await fs.rm(path.join(this.dir, name), { force: true });
  }
}

const PREFIX = 'backups/';

/**
 * Archives as objects under backups/ in the images' bucket. The image store lists only the
 * bucket's top level, so its sweeps never see them; they are uploaded in parts (an archive holds
 * every picture, and need not fit in memory).
 */
class BucketDestination implements BackupDestination {
  private client: Promise<S3Client> | undefined;
  private readonly bucket: string;

  constructor(private readonly config: Extract<BackupDestinationConfig, { kind: 'bucket' }>) {
    this.bucket = config.bucket;
  }

  get description(): string {
    return `the bucket ${this.bucket}, under ${PREFIX}`;
  }

  // The S3 SDK is loaded by the first backup that goes to the bucket, not by every server that
  // starts with this destination configured: about 20 MB of an idle server's memory (issue 37).
  private s3(): Promise<S3Client> {
    this.client ??= import('../images/s3-image-store').then(({ createS3Client }) => createS3Client(this.config));
    return this.client;
  }

  async put(name: string, localFile: string): Promise<void> {
    const [{ Upload }, client] = await Promise.all([import('@aws-sdk/lib-storage'), this.s3()]);
    const upload = new Upload({
      client,
      params: {
        Bucket: this.bucket,
        Key: PREFIX + name,
        Body: createReadStream(localFile),
        ContentType: 'application/gzip',
      },
    });
    await upload.done();
    await fs.rm(localFile, { force: true });
  }

  async open(name: string): Promise<StoredArchive | null> {
    const [{ GetObjectCommand, S3ServiceException }, client] = await Promise.all([
      import('@aws-sdk/client-s3'),
      this.s3(),
    ]);
    try {
      const object = await client.send(new GetObjectCommand({ Bucket: this.bucket, Key: PREFIX + name }));
      return { body: object.Body as Readable, size: object.ContentLength };
    } catch (error) {
      if (error instanceof S3ServiceException && error.name === 'NoSuchKey') return null;
      throw error;
    }
  }

  async remove(name: string): Promise<void> {
    const [{ DeleteObjectCommand }, client] = await Promise.all([import('@aws-sdk/client-s3'), this.s3()]);
    await client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: PREFIX + name }));
  }
}

export function createBackupDestination(config: BackupDestinationConfig): BackupDestination {
  return config.kind === 'folder' ? new FolderDestination(config.dir) : new BucketDestination(config);
}
