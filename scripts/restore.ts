/**
 * `npm run restore -- FILE`: restores a backup made by `npm run backup` into an empty DATA_DIR (and,
 * for a PostgreSQL backup, the empty database DATABASE_URL names), checking every file's SHA-256,
 * the database's integrity and its record counts.
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
  const where = manifest.engine === 'postgres' ? `the PostgreSQL database and ${dataDir} (images)` : dataDir;
  const check = manifest.engine === 'postgres' ? 'pg_restore ok' : 'integrity_check ok';
  console.log(
    `Restored the backup of ${manifest.createdAt} into ${where}: ${manifest.files.length} files verified, ` +
      `${check}, counts match the manifest${signatureVerified ? ', signature verified' : ''}; ` +
      'every session was ended, so staff sign in again.',
  );
}

main().catch((error: unknown) => {
  console.error(`Restore failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
