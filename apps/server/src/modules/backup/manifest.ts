import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import fs from 'node:fs';
import { z } from 'zod';

/** Entry names inside the archive, relative to DATA_DIR. */
export const MANIFEST_ENTRY = 'manifest.json';
/** HMAC-SHA-256 of the manifest's exact bytes, hex, right after it; only when a signing key is set. */
export const SIGNATURE_ENTRY = 'manifest.json.hmac-sha256';
export const DATABASE_ENTRY = 'app.db';
/** A PostgreSQL deployment's database: `pg_dump --format=custom` of it (restored with pg_restore). */
export const POSTGRES_DUMP_ENTRY = 'postgres.dump';
export const UPLOADS_PREFIX = 'uploads/';

/** Image files are server-named (UUID + variant suffix): anything else in an archive is refused. */
const UPLOAD_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,90}$/;

export const isUploadName = (name: string): boolean => UPLOAD_NAME.test(name) && !name.includes('..');

/** The only paths a backup may contain, so a crafted archive cannot write outside the restore folder. */
export function isArchivedPath(entry: string): boolean {
  if (entry === DATABASE_ENTRY || entry === POSTGRES_DUMP_ENTRY) return true;
  return entry.startsWith(UPLOADS_PREFIX) && isUploadName(entry.slice(UPLOADS_PREFIX.length));
}

const count = z.number().int().min(0);

export const backupCountsSchema = z.object({
  items: z.object({ machine: count, spare: count, service: count }),
  inquiries: count,
  users: count,
  images: count,
});
export type BackupCounts = z.infer<typeof backupCountsSchema>;

export const manifestFileSchema = z.object({
  path: z.string().refine(isArchivedPath, { message: 'unexpected path' }),
  size: count,
  sha256: z.string().regex(/^[a-f0-9]{64}$/),
});
export type ManifestFile = z.infer<typeof manifestFileSchema>;

export const MANIFEST_FORMAT = 'capstan-backup';

export const backupEngineSchema = z.enum(['sqlite', 'postgres']);
export type BackupEngine = z.infer<typeof backupEngineSchema>;

/** The archive entry that holds each engine's database. */
export const databaseEntryOf = (engine: BackupEngine): string =>
  engine === 'postgres' ? POSTGRES_DUMP_ENTRY : DATABASE_ENTRY;

const majorVersion = z.number().int().min(1);

export const manifestSchema = z
  .object({
    format: z.literal(MANIFEST_FORMAT),
    formatVersion: z.literal(1),
    createdAt: z.iso.datetime(),
    /** Name of the last migration applied to the backed-up database. */
    schemaVersion: z.string().min(1),
    /** Archives made before PostgreSQL was covered have no engine: they hold a SQLite database. */
    engine: backupEngineSchema.default('sqlite'),
    /** PostgreSQL only: the major versions of the server and of the pg_dump that wrote the dump. */
    postgres: z.object({ serverMajor: majorVersion, pgDumpMajor: majorVersion }).optional(),
    counts: backupCountsSchema,
    files: z
      .array(manifestFileSchema)
      .refine((files) => new Set(files.map((f) => f.path)).size === files.length, { message: 'duplicate paths' }),
  })
  .refine((manifest) => manifest.files.some((file) => file.path === databaseEntryOf(manifest.engine)), {
    message: 'no database',
    path: ['files'],
  })
  .refine((manifest) => (manifest.engine === 'postgres') === (manifest.postgres !== undefined), {
    message: 'PostgreSQL versions go with a PostgreSQL dump only',
    path: ['postgres'],
  });
export type Manifest = z.infer<typeof manifestSchema>;

export function parseManifest(json: string): Manifest {
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch {
    throw new Error('The backup manifest is not valid JSON');
  }
  const parsed = manifestSchema.safeParse(value);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new Error(`The backup manifest is invalid: ${problems}`);
  }
  return parsed.data;
}

export async function hashFile(file: string): Promise<{ size: number; sha256: string }> {
  const hash = createHash('sha256');
  let size = 0;
  for await (const chunk of fs.createReadStream(file) as AsyncIterable<Buffer>) {
    hash.update(chunk);
    size += chunk.length;
  }
  return { size, sha256: hash.digest('hex') };
}

/**
 * The manifest's checksums catch corruption, but anyone who can write an archive can rewrite them
 * too. A keyed MAC over the manifest (which holds every file's SHA-256) can only be made with the key.
 */
export function signManifest(manifestBytes: Buffer, key: string): string {
  return createHmac('sha256', key).update(manifestBytes).digest('hex');
}

export function manifestSignatureMatches(manifestBytes: Buffer, signature: string, key: string): boolean {
  const expected = Buffer.from(signManifest(manifestBytes, key), 'utf8');
  const given = Buffer.from(signature.trim(), 'utf8');
  return expected.length === given.length && timingSafeEqual(expected, given);
}
