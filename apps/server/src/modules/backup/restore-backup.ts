import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream';
import { isDeepStrictEqual } from 'node:util';
import zlib from 'node:zlib';
import { countRecords, dropSignIns, integrityProblems, latestMigration, openSnapshot } from './backup.repository';
import {
  DATABASE_ENTRY,
  hashFile,
  type Manifest,
  MANIFEST_ENTRY,
  manifestSignatureMatches,
  parseManifest,
  SIGNATURE_ENTRY,
  UPLOADS_PREFIX,
} from './manifest';
import type { ImageStore } from '../images/image-store';
import { readTar, type TarEntrySink } from './tar';

export const POSTGRES_RESTORE_MESSAGE =
  'DATABASE_URL is set: the server would not use a restored SQLite database. ' +
  'Restore PostgreSQL with pg_restore as the README\'s "Backups" section describes, or unset DATABASE_URL.';

/** A manifest is a few hundred bytes per file; anything near this is not one of ours. */
const MAX_MANIFEST_BYTES = 64 * 1024 * 1024;

export interface RestoreOptions {
  archive: string;
  /** Must be missing or empty. */
  dataDir: string;
  databaseUrl: string | undefined;
  /** BACKUP_SIGNING_KEY: when set, only an archive whose manifest it signed is restored. */
  signingKey?: string | undefined;
  /**
   * Where the server keeps images. A bucket (S3) gets every archived image put back into it; the
   * local store (or none given) finds them in the restored DATA_DIR/uploads.
   */
  images?: ImageStore;
}

export interface RestoreResult {
  dataDir: string;
  manifest: Manifest;
  /** Whether the manifest's signature was checked against the key. */
  signatureVerified: boolean;
}

export const UNSIGNED_BACKUP_MESSAGE =
  'Refusing to restore: BACKUP_SIGNING_KEY is set but the archive is not signed. Restore it without the key only if you trust where it came from.';
export const BAD_SIGNATURE_MESSAGE =
  'Refusing to restore: the archive was not signed with BACKUP_SIGNING_KEY (it was changed after the backup, or signed with another key).';

/** Thrown when the target folder already holds something: restore never merges or overwrites. */
export class RestoreTargetNotEmptyError extends Error {
  constructor(dataDir: string) {
    super(`Refusing to restore: DATA_DIR ${dataDir} is not empty. Restore only into a missing or empty folder.`);
    this.name = 'RestoreTargetNotEmptyError';
  }
}

async function assertEmptyTarget(dataDir: string): Promise<void> {
  const entries = await fs.readdir(dataDir).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return [];
    throw error;
  });
  if (entries.length > 0) throw new RestoreTargetNotEmptyError(dataDir);
}

async function syncDirectory(dir: string): Promise<void> {
  // Makes the renames durable; some platforms cannot open a directory for syncing, which is fine.
  const handle = await fs.open(dir, 'r').catch(() => null);
  if (!handle) return;
  try {
    await handle.sync().catch(() => undefined);
  } finally {
    await handle.close();
  }
}

/** Writes one archived file, hashing the bytes on the way in and checking them against the manifest. */
async function fileSink(
  file: string,
  expected: Manifest['files'][number],
): Promise<TarEntrySink & { close: () => Promise<void> }> {
  const handle = await fs.open(file, 'wx');
  const hash = createHash('sha256');
  let size = 0;
  let closed = false;
  const close = async () => {
    if (closed) return;
    closed = true;
    await handle.close();
  };
  return {
    close,
    write: async (chunk) => {
      hash.update(chunk);
      size += chunk.length;
      try {
        await handle.write(chunk);
      } catch (error) {
        await close();
        throw error;
      }
    },
    end: async () => {
      try {
        if (size !== expected.size || hash.digest('hex') !== expected.sha256) {
          throw new Error(`Checksum mismatch for ${expected.path}: the archive is corrupt`);
        }
        await handle.sync();
      } finally {
        await close();
      }
    },
  };
}

function bufferSink(onEnd: (bytes: Buffer) => void): TarEntrySink {
  const chunks: Buffer[] = [];
  return {
    write: async (chunk) => {
      chunks.push(chunk);
    },
    end: async () => onEnd(Buffer.concat(chunks)),
  };
}

/**
 * Unpacks the archive into `dir`, refusing anything the manifest does not list exactly. With a
 * signing key, the manifest's signature is checked before a single file is written.
 */
async function extractVerified(
  archive: string,
  dir: string,
  signingKey: string | undefined,
): Promise<{ manifest: Manifest; signatureVerified: boolean }> {
  let manifest: Manifest | null = null;
  let manifestBytes: Buffer | null = null;
  let signatureSeen = false;
  let signatureVerified = false;
  const expected = new Map<string, Manifest['files'][number]>();
  const written = new Set<string>();
  const closers: (() => Promise<void>)[] = [];

  const gunzip = zlib.createGunzip();
  // pipeline() passes a read error on to gunzip, which ends the loop in readTar with it.
  pipeline(createReadStream(archive), gunzip, () => undefined);
  try {
    await readTar(gunzip, async (header) => {
      if (!manifest) {
        if (header.name !== MANIFEST_ENTRY) throw new Error('Not a backup archive: it does not start with a manifest');
        if (header.size > MAX_MANIFEST_BYTES) throw new Error('The backup manifest is too large');
        return bufferSink((bytes) => {
          const parsed = parseManifest(bytes.toString('utf8'));
          manifest = parsed;
          manifestBytes = bytes;
          for (const file of parsed.files) expected.set(file.path, file);
        });
      }
      if (header.name === SIGNATURE_ENTRY && !signatureSeen && written.size === 0) {
        signatureSeen = true;
        if (header.size > 1024) throw new Error('The backup signature is too large');
        return bufferSink((bytes) => {
          if (!signingKey || !manifestBytes) return;
          if (!manifestSignatureMatches(manifestBytes, bytes.toString('utf8'), signingKey)) {
            throw new Error(BAD_SIGNATURE_MESSAGE);
          }
          signatureVerified = true;
        });
      }
      if (signingKey && !signatureVerified) throw new Error(UNSIGNED_BACKUP_MESSAGE);
      const entry = expected.get(header.name);
      if (!entry) throw new Error(`The archive holds a file its manifest does not list: ${header.name}`);
      if (written.has(header.name)) throw new Error(`The archive holds ${header.name} twice`);
      if (header.size !== entry.size) throw new Error(`Size mismatch for ${header.name}: the archive is corrupt`);
      written.add(header.name);
      const sink = await fileSink(path.join(dir, header.name), entry);
      closers.push(sink.close);
      return sink;
    });
  } finally {
    // A corrupt stream can stop mid-file: no handle may outlive the attempt.
    await Promise.all(closers.map((close) => close()));
  }

  if (!manifest) throw new Error('Not a backup archive: it has no manifest');
  const complete: Manifest = manifest;
  const missing = complete.files.filter((file) => !written.has(file.path)).map((file) => file.path);
  if (missing.length > 0) throw new Error(`The archive lacks files its manifest lists: ${missing.join(', ')}`);
  if (signingKey && !signatureVerified) throw new Error(UNSIGNED_BACKUP_MESSAGE);
  return { manifest: complete, signatureVerified };
}

/** Sessions and pending sign-ins in the archive are dropped: nobody is signed in on a restored server. */
async function endSignIns(dir: string): Promise<void> {
  const snapshot = openSnapshot(path.join(dir, DATABASE_ENTRY), { readonly: false });
  try {
    await dropSignIns(snapshot.db);
  } finally {
    await snapshot.close();
  }
}

/** Reads every restored file back from disk: what was written is what the manifest promised. */
async function verifyWrittenFiles(dir: string, manifest: Manifest): Promise<void> {
  for (const file of manifest.files) {
    const actual = await hashFile(path.join(dir, file.path));
    if (actual.size !== file.size || actual.sha256 !== file.sha256) {
      throw new Error(`Checksum mismatch for ${file.path} after writing it`);
    }
  }
}

async function verifyDatabase(dir: string, manifest: Manifest): Promise<void> {
  const snapshot = openSnapshot(path.join(dir, DATABASE_ENTRY), { readonly: true });
  try {
    const problems = integrityProblems(snapshot.file);
    if (problems.length > 0) throw new Error(`The restored database failed integrity_check: ${problems.join('; ')}`);
    const counts = await countRecords(snapshot.db);
    if (!isDeepStrictEqual(counts, manifest.counts)) {
      throw new Error(
        `The restored database's counts ${JSON.stringify(counts)} differ from the manifest's ${JSON.stringify(manifest.counts)}`,
      );
    }
    const schemaVersion = await latestMigration(snapshot.db);
    if (schemaVersion !== manifest.schemaVersion) {
      throw new Error(`The restored database is at ${schemaVersion}, the manifest says ${manifest.schemaVersion}`);
    }
  } finally {
    await snapshot.close();
  }
}

/** Puts the verified images into a store outside DATA_DIR; the folder then holds only the database. */
async function putImagesIntoStore(images: ImageStore, dir: string, manifest: Manifest): Promise<void> {
  for (const file of manifest.files) {
    if (!file.path.startsWith(UPLOADS_PREFIX)) continue;
    await images.putFile(file.path.slice(UPLOADS_PREFIX.length), path.join(dir, file.path));
  }
  await fs.rm(path.join(dir, UPLOADS_PREFIX), { recursive: true, force: true });
}

/**
 * Restores a backup into an empty DATA_DIR. Everything is unpacked and checked in a sibling temp
 * folder first and moved into place with one rename, so a failure leaves nothing half-restored.
 */
export async function restoreBackup(options: RestoreOptions): Promise<RestoreResult> {
  if (options.databaseUrl) throw new Error(POSTGRES_RESTORE_MESSAGE);
  const dataDir = path.resolve(options.dataDir);
  await fs.access(options.archive).catch(() => {
    throw new Error(`No backup archive at ${options.archive}`);
  });
  await assertEmptyTarget(dataDir);

  const parent = path.dirname(dataDir);
  await fs.mkdir(parent, { recursive: true });
  const temp = await fs.mkdtemp(path.join(parent, `.${path.basename(dataDir)}.restore-`));
  try {
    await fs.mkdir(path.join(temp, UPLOADS_PREFIX), { recursive: true });
    const { manifest, signatureVerified } = await extractVerified(options.archive, temp, options.signingKey);
    await verifyWrittenFiles(temp, manifest);
    await verifyDatabase(temp, manifest);
    // After the checks, which compare the file with the manifest byte for byte.
    await endSignIns(temp);
    // Before the database is in place: a failure here leaves DATA_DIR empty (and at worst some
    // images in the bucket that no row names, which the orphan sweep removes).
    if (options.images && options.images.kind !== 'local') await putImagesIntoStore(options.images, temp, manifest);
    await syncDirectory(path.join(temp, UPLOADS_PREFIX));
    await syncDirectory(temp);

    // An empty target is removed so the rename can take its place; a target that filled up
    // meanwhile makes rmdir fail, and the restore with it.
    await assertEmptyTarget(dataDir);
    await fs.rmdir(dataDir).catch((error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') return;
      if (error.code === 'ENOTEMPTY' || error.code === 'EEXIST') throw new RestoreTargetNotEmptyError(dataDir);
      throw error;
    });
    await fs.rename(temp, dataDir);
    await syncDirectory(parent);
    return { dataDir, manifest, signatureVerified };
  } catch (error) {
    await fs.rm(temp, { recursive: true, force: true });
    throw error;
  }
}
