/**
 * `npm run restore -- FILE`: restores a backup made by `npm run backup` into an empty DATA_DIR,
 * checking every file's SHA-256, the database's integrity and its record counts first.
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
  const images = config.imageStore.kind === 's3' ? createImageStore(config.imageStore) : undefined;
  const { dataDir, manifest, signatureVerified } = await restoreBackup({
    archive,
    dataDir: config.dataDir,
    databaseUrl: config.databaseUrl,
    signingKey: config.backupSigningKey,
    images,
  }).finally(() => images?.close());
  console.log(
    `Restored the backup of ${manifest.createdAt} into ${dataDir}: ${manifest.files.length} files verified, ` +
      `integrity_check ok, counts match the manifest${signatureVerified ? ', signature verified' : ''}; ` +
      `${images ? `images put into the ${images.description}; ` : ''}every session was ended, so staff sign in again.`,
  );
}

main().catch((error: unknown) => {
  console.error(`Restore failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
