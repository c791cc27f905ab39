/**
 * `npm run restore -- FILE`: restores a backup made by `npm run backup` into an empty DATA_DIR,
 * checking every file's SHA-256, the database's integrity and its record counts first.
 */
import { parseArgs } from 'node:util';
import { loadConfig } from '../apps/server/src/config';
import { restoreBackup } from '../apps/server/src/modules/backup/restore-backup';

async function main(): Promise<void> {
  const { positionals } = parseArgs({ options: {}, allowPositionals: true });
  const archive = positionals[0];
  if (!archive || positionals.length > 1) throw new Error('Usage: npm run restore -- FILE');
  const config = loadConfig();
  const { dataDir, manifest, signatureVerified } = await restoreBackup({
    archive,
    dataDir: config.dataDir,
    databaseUrl: config.databaseUrl,
    signingKey: config.backupSigningKey,
  });
  console.log(
    `Restored the backup of ${manifest.createdAt} into ${dataDir}: ${manifest.files.length} files verified, ` +
      `integrity_check ok, counts match the manifest${signatureVerified ? ', signature verified' : ''}; ` +
      'every session was ended, so staff sign in again.',
  );
}

main().catch((error: unknown) => {
  console.error(`Restore failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
