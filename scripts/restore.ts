/**
 * `npm run restore -- FILE`: restores a backup made by `npm run backup` into an empty DATA_DIR (and,
 * for a PostgreSQL backup, the empty database DATABASE_URL names; with S3_BUCKET, the images into
 * that empty bucket), checking every file's SHA-256,
 * the database's integrity and its record counts.
 */
import { parseArgs } from 'node:util';
import { loadConfig } from '../apps/server/src/config';
import { restoreBackup } from '../apps/server/src/modules/backup/restore-backup';
import { createImageStore } from '../apps/server/src/modules/images/create-image-store';

async function main(): Promise<void> {
  const { positionals } = parseArgs({ options: {}, allowPositionals: true });
  const archive = positionals[0];
  if (!archive || positionals.length > 1) throw new Error('Usage: npm run restore -- FILE');
  const config = loadConfig();
  // Nothing on disk is created for a local store: the restored DATA_DIR holds its images.
  const images = config.imageStore.kind === 's3' ? await createImageStore(config.imageStore) : undefined;
  const { dataDir, manifest, signatureVerified } = await restoreBackup({
    archive,
    dataDir: config.dataDir,
    databaseUrl: config.databaseUrl,
    signingKey: config.backupSigningKey,
    images,
  }).finally(() => images?.close());
  const where = manifest.engine === 'postgres' ? `the PostgreSQL database and ${dataDir}` : dataDir;
  const check = manifest.engine === 'postgres' ? 'pg_restore ok' : 'integrity_check ok';
  console.log(
    `Restored the backup of ${manifest.createdAt} into ${where}: ${manifest.files.length} files verified, ` +
      `${check}, counts match the manifest${signatureVerified ? ', signature verified' : ''}; ` +
      `${images ? `images put into the ${images.description}; ` : ''}every session was ended, so staff sign in again.`,
  );
}

main().catch((error: unknown) => {
  console.error(`Restore failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
