import fs from 'node:fs/promises';
import { createWriteStream } from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { SqliteDatabase } from '../../db/sqlite-driver';
import { create as createTar } from 'tar';
import type { ImageStore } from '../images/image-store';
import { LARGE_VARIANT, variantFileName } from '../images/image-variants';
import { LocalImageStore } from '../images/local-image-store';
import {
  countRecords,
  imageIds,
  integrityProblems,
  latestMigration,
  openPostgres,
  openSnapshot,
  postgresServerMajor,
  withExportedSnapshot,
} from './backup.repository';
import {
  DATABASE_ENTRY,
  POSTGRES_DUMP_ENTRY,
  hashFile,
  isUploadName,
  type Manifest,
  MANIFEST_ENTRY,
  MANIFEST_FORMAT,
  type ManifestFile,
  SIGNATURE_ENTRY,
  signManifest,
  UPLOADS_PREFIX,
} from './manifest';
import { assertToolNotOlder, type PostgresToolPaths, runTool, toolMajorVersion } from './postgres-tools';

export interface BackupOptions {
  dataDir: string;
  /** Where the images are; all of them go into the archive. */
  images: ImageStore;
  databaseUrl: string | undefined;
  /** The archive to write (a gzip-compressed tar); replaced atomically if it exists. */
  outFile: string;
  /** BACKUP_SIGNING_KEY: when set, the manifest is signed (HMAC-SHA-256) so restore can detect tampering. */
  signingKey?: string | undefined;
  now?: Date;
  /** PostgreSQL only: where pg_dump is, when not on PATH. */
  postgresTools?: PostgresToolPaths;
}

export interface BackupResult {
  archive: string;
  manifest: Manifest;
  /** Images the database lists whose file was not in the store (the server regenerates sizes, not originals). */
  missingImages: string[];
  /** Files in the image store with names the server never writes (left out, and reported). */
  skippedFiles: string[];
}

/** All remaining pages in one step: one read transaction, so concurrent writers cannot make it restart. */
const ALL_PAGES = 0x7fffffff;

/**
 * Copies every stored image into `target` (from a folder: hard links, a snapshot that survives
 * the server deleting the original; from a bucket: downloads). A file already collected is not
 * fetched again. A file the server would never have written (`.DS_Store`, a file someone copied
 * in by hand) is left out and named in `skipped` rather than stopping the backup.
 */
async function collectUploads(images: ImageStore, target: string, skipped: Set<string>): Promise<void> {
  await fs.mkdir(target, { recursive: true });
  const collected = new Set(await fs.readdir(target));
  try {
    for await (const { name } of images.list()) {
      if (!isUploadName(name)) {
        skipped.add(name);
        continue;
      }
      if (collected.has(name)) continue;
      // false: deleted meanwhile
      if (await images.copyToFile(name, path.join(target, name))) collected.add(name);
    }
  } catch (error) {
    // No uploads folder yet: a server that never stored an image.
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
}

/** A consistent copy of the live database through SQLite's online backup API, never a file copy. */
async function snapshotDatabase(liveFile: string, snapshotFile: string): Promise<void> {
  const live = new SqliteDatabase(liveFile, { fileMustExist: true });
  try {
    live.pragma('busy_timeout = 5000');
    await live.backup(snapshotFile, { progress: () => ALL_PAGES });
  } finally {
    live.close();
  }
}

async function writeArchive(
  file: string,
  manifest: Manifest,
  staging: string,
  mtime: Date,
  signingKey: string | undefined,
): Promise<void> {
  // The manifest first: restore knows every expected hash before it writes a byte.
  const manifestBytes = Buffer.from(`${JSON.stringify(manifest, null, 2)}\n`);
  await fs.writeFile(path.join(staging, MANIFEST_ENTRY), manifestBytes);
  const entries = [MANIFEST_ENTRY];
  if (signingKey) {
    await fs.writeFile(path.join(staging, SIGNATURE_ENTRY), `${signManifest(manifestBytes, signingKey)}\n`);
    entries.push(SIGNATURE_ENTRY);
  }
  entries.push(...manifest.files.map((entry) => entry.path));

  const hashedSize = new Map(manifest.files.map((entry) => [entry.path, entry.size]));
  const changed: string[] = [];
  const archive = createTar(
    {
      cwd: staging,
      gzip: { level: 6 },
      // No owner, group or access times: the same plain ustar entries whoever runs the backup.
      portable: true,
      mtime,
      filter: (entry, stat) => {
        if (hashedSize.has(entry) && hashedSize.get(entry) !== stat.size) changed.push(entry);
        return true;
      },
    },
    entries,
  );
  // Owner only: the archive holds password hashes, two-factor secrets and customers' inquiries.
  await pipeline(archive, createWriteStream(file, { flags: 'wx', mode: 0o600 }));
  if (changed.length > 0) throw new Error(`${changed.join(', ')} changed while it was being archived`);
  const handle = await fs.open(file, 'r+');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/** The database, staged for the archive, and what the manifest says about it. */
interface StagedDatabase {
  entry: string;
  counts: Manifest['counts'];
  schemaVersion: string;
  imageIds: string[];
  postgres?: Manifest['postgres'];
}

async function stageSqlite(liveFile: string, staging: string): Promise<StagedDatabase> {
  const snapshotFile = path.join(staging, DATABASE_ENTRY);
  await snapshotDatabase(liveFile, snapshotFile);
  const snapshot = openSnapshot(snapshotFile, { readonly: false });
  try {
    // A single self-contained file: no -wal or -shm needed to open it read-only on restore.
    snapshot.file.pragma('journal_mode = DELETE');
    const problems = integrityProblems(snapshot.file);
    if (problems.length > 0) throw new Error(`The database snapshot failed integrity_check: ${problems.join('; ')}`);
    return {
      entry: DATABASE_ENTRY,
      counts: await countRecords(snapshot.db),
      schemaVersion: await latestMigration(snapshot.db),
      imageIds: await imageIds(snapshot.db),
    };
  } finally {
    await snapshot.close();
  }
}

/**
 * `pg_dump --format=custom` of the live database, taken from an exported snapshot so the counts
 * and image ids in the manifest are those of the dump exactly, while the server keeps writing.
 */
async function stagePostgres(databaseUrl: string, staging: string, tools: PostgresToolPaths): Promise<StagedDatabase> {
  const pgDumpMajor = await toolMajorVersion('pg_dump', tools);
  const live = openPostgres(databaseUrl);
  try {
    const serverMajor = await postgresServerMajor(live.db);
    assertToolNotOlder('pg_dump', pgDumpMajor, serverMajor, 'the PostgreSQL server');
    const dumpFile = path.join(staging, POSTGRES_DUMP_ENTRY);
    return await withExportedSnapshot(live.db, async (trx, snapshot) => {
      const staged = {
        entry: POSTGRES_DUMP_ENTRY,
        counts: await countRecords(trx),
        schemaVersion: await latestMigration(trx),
        imageIds: await imageIds(trx),
        postgres: { serverMajor, pgDumpMajor },
      };
      await runTool('pg_dump', ['--format=custom', `--snapshot=${snapshot}`, `--file=${dumpFile}`], databaseUrl, tools);
      return staged;
    });
  } finally {
    await live.close();
  }
}

export async function createBackup(options: BackupOptions): Promise<BackupResult> {
  const liveFile = path.join(options.dataDir, DATABASE_ENTRY);
  if (!options.databaseUrl) {
    await fs.access(liveFile).catch(() => {
      throw new Error(`No database to back up at ${liveFile}`);
    });
  }
  const outFile = path.resolve(options.outFile);
  const { images } = options;
  if (images instanceof LocalImageStore && outFile.startsWith(path.resolve(images.uploadsDir) + path.sep))
    throw new Error('The backup must not be written into the uploads folder');
  await fs.mkdir(path.dirname(outFile), { recursive: true });
  // On PostgreSQL DATA_DIR holds only the images, and may not exist yet on an instance without any.
  await fs.mkdir(options.dataDir, { recursive: true });

  // Inside DATA_DIR, so that images can be hard-linked rather than copied.
  const staging = await fs.mkdtemp(path.join(options.dataDir, '.backup-staging-'));
  const partial = `${outFile}.partial-${path.basename(staging)}`;
  try {
    const stagedUploads = path.join(staging, 'uploads');
    // Images are written before the rows that name them and deleted after: collecting before the
    // snapshot keeps files deleted meanwhile, collecting again after catches files added meanwhile.
    const skipped = new Set<string>();
    await collectUploads(images, stagedUploads, skipped);
    const database = options.databaseUrl
      ? await stagePostgres(options.databaseUrl, staging, options.postgresTools ?? {})
      : await stageSqlite(liveFile, staging);
    await collectUploads(images, stagedUploads, skipped);

    const uploadNames = (await fs.readdir(stagedUploads)).sort();
    const files: ManifestFile[] = [];
    for (const entry of [database.entry, ...uploadNames.map((name) => UPLOADS_PREFIX + name)]) {
      files.push({ path: entry, ...(await hashFile(path.join(staging, entry))) });
    }
    const present = new Set(uploadNames);
    const missingImages = database.imageIds.filter((id) => !present.has(variantFileName(id, LARGE_VARIANT)));

    const createdAt = options.now ?? new Date();
    const manifest: Manifest = {
      format: MANIFEST_FORMAT,
      formatVersion: 1,
      createdAt: createdAt.toISOString(),
      schemaVersion: database.schemaVersion,
      engine: options.databaseUrl ? 'postgres' : 'sqlite',
      ...(database.postgres ? { postgres: database.postgres } : {}),
      counts: database.counts,
      files,
    };
    await writeArchive(partial, manifest, staging, createdAt, options.signingKey);
    await fs.rename(partial, outFile);
    return { archive: outFile, manifest, missingImages, skippedFiles: [...skipped].sort() };
  } finally {
    await fs.rm(partial, { force: true });
    await fs.rm(staging, { recursive: true, force: true });
  }
}
