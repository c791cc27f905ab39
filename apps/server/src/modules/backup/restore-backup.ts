import { createHash } from 'node:crypto';
import { on } from 'node:events';
import { createReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import type { Kysely } from 'kysely';
import { Parser, type ReadEntry } from 'tar';
import {
  countRecords,
  dropSignIns,
  integrityProblems,
  latestMigration,
  openPostgres,
  openSnapshot,
  postgresServerMajor,
  postgresTableCount,
  type SnapshotDatabase,
} from './backup.repository';
import {
  DATABASE_ENTRY,
  POSTGRES_DUMP_ENTRY,
  hashFile,
  type Manifest,
  MANIFEST_ENTRY,
  manifestSignatureMatches,
  parseManifest,
  SIGNATURE_ENTRY,
  UPLOADS_PREFIX,
} from './manifest';
import type { ImageStore } from '../images/image-store';
import { assertToolNotOlder, type PostgresToolPaths, runTool, toolMajorVersion } from './postgres-tools';

export const SQLITE_ARCHIVE_WITH_DATABASE_URL_MESSAGE =
  'This backup holds a SQLite database, but DATABASE_URL is set: the server would not use it. ' +
  'Unset DATABASE_URL to restore it into DATA_DIR.';
export const POSTGRES_ARCHIVE_WITHOUT_DATABASE_URL_MESSAGE =
  'This backup holds a PostgreSQL dump: set DATABASE_URL to an empty PostgreSQL database to restore it into.';

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
   * Where the server keeps images. A bucket (S3) must be empty and gets every archived image put
   * back into it; the local store (or none given) finds them in the restored DATA_DIR/uploads.
   */
  images?: ImageStore;
  /** PostgreSQL only: where pg_restore is, when not on PATH. */
  postgresTools?: PostgresToolPaths;
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

/** Thrown when the image bucket already holds objects: restore never merges or overwrites. */
export class RestoreStoreNotEmptyError extends Error {
  constructor(firstName: string) {
    super(
      `Refusing to restore: the image bucket is not empty (it holds ${firstName}). Restore only into an empty bucket.`,
    );
    this.name = 'RestoreStoreNotEmptyError';
  }
}

/** Thrown when the target PostgreSQL database already has tables: restore never merges. */
export class RestoreDatabaseNotEmptyError extends Error {
  constructor(tables: number) {
    super(
      `Refusing to restore: the database DATABASE_URL names already has ${tables} table(s). ` +
        'Restore only into an empty database (createdb a new one).',
    );
    this.name = 'RestoreDatabaseNotEmptyError';
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

/** One regular file of the archive, as restore sees it. */
interface ArchiveEntry {
  name: string;
  size: number;
}

/** Receives one entry's bytes, in order. */
interface EntrySink {
  write: (chunk: Buffer) => Promise<void>;
  end: () => Promise<void>;
}

/**
 * Reads a .tar.gz with node-tar, handing each entry's bytes to the sink `onEntry` returns; the
 * next entry is read only once that sink is done, so nothing piles up in memory. A link, a folder
 * or anything else that is not a regular file is refused, and so are a damaged header, a damaged
 * gzip stream and an archive cut short.
 */
async function readArchive(archive: string, onEntry: (entry: ArchiveEntry) => Promise<EntrySink>): Promise<void> {
  // Strict: what node-tar would otherwise only warn about (a bad checksum, a truncated entry) fails.
  const parser = new Parser({ strict: true });
  const entries = on(parser, 'entry', { close: ['end'] }) as AsyncIterableIterator<[ReadEntry]>;
  let damage: Error | undefined;
  let current: ReadEntry | undefined;
  parser.on('error', (error: Error) => {
    damage ??= new Error(`Not a valid backup archive: ${error.message}`);
    // An entry cut off by the damage would otherwise wait for the rest of its bytes forever.
    current?.destroy();
  });
  const source = createReadStream(archive);
  source.on('error', (error) => parser.abort(error));
  source.pipe(parser);
  try {
    for await (const [entry] of entries) {
      current = entry;
      if (entry.type !== 'File' && entry.type !== 'OldFile') {
        throw new Error(`Not a valid backup archive: ${entry.path} is not a regular file`);
      }
      const sink = await onEntry({ name: entry.path, size: entry.size });
      // A destroyed entry rejects a read it is waiting in, but not one that starts after: look first.
      if (damage) throw damage;
      for await (const chunk of entry) {
        await sink.write(chunk);
        if (damage) throw damage;
      }
      await sink.end();
    }
  } catch (error) {
    throw damage ?? error;
  } finally {
    source.destroy();
  }
  if (damage) throw damage;
}

/** Writes one archived file, hashing the bytes on the way in and checking them against the manifest. */
async function fileSink(
  file: string,
  expected: Manifest['files'][number],
): Promise<EntrySink & { close: () => Promise<void> }> {
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

function bufferSink(onEnd: (bytes: Buffer) => void): EntrySink {
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

  try {
    await readArchive(archive, async (header) => {
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

/** Restore never merges: a bucket that already holds an object is refused, as a full folder is. */
async function assertEmptyStore(images: ImageStore): Promise<void> {
  for await (const { name } of images.list()) {
    throw new RestoreStoreNotEmptyError(name);
  }
}

/** Checks made before anything is unpacked: pg_restore is there, and the database is empty. */
async function preparePostgresTarget(databaseUrl: string, tools: PostgresToolPaths): Promise<number> {
  const pgRestoreMajor = await toolMajorVersion('pg_restore', tools);
  const target = openPostgres(databaseUrl);
  try {
    await assertEmptyDatabase(target.db);
  } finally {
    await target.close();
  }
  return pgRestoreMajor;
}

async function assertEmptyDatabase(db: Kysely<SnapshotDatabase>): Promise<void> {
  const tables = await postgresTableCount(db);
  if (tables > 0) throw new RestoreDatabaseNotEmptyError(tables);
}

/**
 * Loads a verified dump into the empty database in one transaction (a failing pg_restore leaves
 * it empty), then checks the counts and schema against the manifest and ends every sign-in.
 */
async function restorePostgres(
  databaseUrl: string,
  dumpFile: string,
  manifest: Manifest,
  pgRestoreMajor: number,
  tools: PostgresToolPaths,
): Promise<void> {
  if (!manifest.postgres) throw new Error('The backup manifest lacks the PostgreSQL versions of its dump');
  // pg_restore reads the archive formats of its own and older versions only.
  assertToolNotOlder('pg_restore', pgRestoreMajor, manifest.postgres.pgDumpMajor, 'the pg_dump that wrote the backup');
  const target = openPostgres(databaseUrl);
  try {
    const serverMajor = await postgresServerMajor(target.db);
    assertToolNotOlder('pg_restore', pgRestoreMajor, serverMajor, 'the PostgreSQL server');
    // Again, just before writing: a database filled since the first check is not merged into.
    await assertEmptyDatabase(target.db);
    await runTool(
      'pg_restore',
      ['--single-transaction', '--exit-on-error', '--no-owner', '--no-privileges', dumpFile],
      databaseUrl,
      tools,
    );
    const counts = await countRecords(target.db);
    const schemaVersion = await latestMigration(target.db);
    if (!isDeepStrictEqual(counts, manifest.counts) || schemaVersion !== manifest.schemaVersion) {
      throw new Error(
        `The restored database (${schemaVersion}, counts ${JSON.stringify(counts)}) differs from the manifest ` +
          `(${manifest.schemaVersion}, counts ${JSON.stringify(manifest.counts)}). Drop and recreate the database before trying again.`,
      );
    }
    await dropSignIns(target.db);
  } finally {
    await target.close();
  }
}

/**
 * Restores a backup: a SQLite archive into an empty DATA_DIR; a PostgreSQL one into the empty
 * database DATABASE_URL names, with its images into an empty DATA_DIR. Everything is unpacked and
 * checked in a sibling temp folder first and the images moved into place with one rename, so a
 * corrupt archive leaves nothing behind.
 */
export async function restoreBackup(options: RestoreOptions): Promise<RestoreResult> {
  const dataDir = path.resolve(options.dataDir);
  const tools = options.postgresTools ?? {};
  await fs.access(options.archive).catch(() => {
    throw new Error(`No backup archive at ${options.archive}`);
  });
  await assertEmptyTarget(dataDir);
  const bucket = options.images && options.images.kind !== 'local' ? options.images : undefined;
  if (bucket) await assertEmptyStore(bucket);
  const pgRestoreMajor = options.databaseUrl ? await preparePostgresTarget(options.databaseUrl, tools) : undefined;

  const parent = path.dirname(dataDir);
  await fs.mkdir(parent, { recursive: true });
  const temp = await fs.mkdtemp(path.join(parent, `.${path.basename(dataDir)}.restore-`));
  try {
    await fs.mkdir(path.join(temp, UPLOADS_PREFIX), { recursive: true });
    const { manifest, signatureVerified } = await extractVerified(options.archive, temp, options.signingKey);
    await verifyWrittenFiles(temp, manifest);
    const postgres = manifest.engine === 'postgres';
    if (postgres && (!options.databaseUrl || pgRestoreMajor === undefined)) {
      throw new Error(POSTGRES_ARCHIVE_WITHOUT_DATABASE_URL_MESSAGE);
    }
    if (!postgres && options.databaseUrl) throw new Error(SQLITE_ARCHIVE_WITH_DATABASE_URL_MESSAGE);
    if (!postgres) {
      await verifyDatabase(temp, manifest);
      // After the checks, which compare the file with the manifest byte for byte.
      await endSignIns(temp);
    }
    // Before the database is in place: a failure here leaves the database and DATA_DIR empty (and at
    // worst some images in the bucket that no row names, which the orphan sweep removes).
    if (bucket) await putImagesIntoStore(bucket, temp, manifest);
    if (postgres && options.databaseUrl && pgRestoreMajor !== undefined) {
      const dumpFile = path.join(temp, POSTGRES_DUMP_ENTRY);
      await restorePostgres(options.databaseUrl, dumpFile, manifest, pgRestoreMajor, tools);
      // DATA_DIR gets the images only: the dump now lives in the database.
      await fs.rm(dumpFile);
    }
    await placeRestoredFolder(temp, dataDir);
    return { dataDir, manifest, signatureVerified };
  } catch (error) {
    await fs.rm(temp, { recursive: true, force: true });
    throw error;
  }
}

/** Moves the checked folder (images, and the SQLite database) into place as DATA_DIR. */
async function placeRestoredFolder(temp: string, dataDir: string): Promise<void> {
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
  await syncDirectory(path.dirname(dataDir));
}
