/**
 * `npm run backup -- --out FILE`: one archive with a consistent copy of the database (the SQLite
 * file, or with DATABASE_URL a `pg_dump --format=custom` of PostgreSQL), every stored image (from
 * DATA_DIR/uploads or the S3 bucket) and a manifest of their SHA-256 hashes. Reads DATA_DIR,
 * DATABASE_URL and the image store's settings like the server.
 */
import { parseArgs } from 'node:util';
import { loadConfig } from '../apps/server/src/config';
import { createBackup } from '../apps/server/src/modules/backup/create-backup';
import { createImageStore } from '../apps/server/src/modules/images/create-image-store';

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { out: { type: 'string' } }, allowPositionals: false });
  if (!values.out) throw new Error('Usage: npm run backup -- --out FILE (for example backups/capstan.tar.gz)');
  const config = loadConfig();
  const store = await createImageStore(config.imageStore);
  const { archive, manifest, missingImages, skippedFiles } = await createBackup({
    dataDir: config.dataDir,
    images: store,
    databaseUrl: config.databaseUrl,
    outFile: values.out,
    signingKey: config.backupSigningKey,
  }).finally(() => store.close());
  const { items, inquiries, users, images } = manifest.counts;
  console.log(
    `Backup written to ${archive} (readable by its owner only${config.backupSigningKey ? ', manifest signed' : ''})`,
  );
  console.log(
    `  ${manifest.files.length} files; items: ${items.machine} machines, ${items.spare} spare parts, ` +
      `${items.service} services; ${inquiries} inquiries; ${users} users; ${images} images; schema ${manifest.schemaVersion}` +
      (manifest.postgres
        ? `; PostgreSQL ${manifest.postgres.serverMajor} dumped by pg_dump ${manifest.postgres.pgDumpMajor}`
        : ''),
  );
  if (missingImages.length > 0) {
    console.warn(
      `  Warning: ${missingImages.length} image(s) listed in the database had no file: ${missingImages.join(', ')}`,
    );
  }
  if (skippedFiles.length > 0) {
    console.warn(`  Left out ${skippedFiles.length} file(s) the server did not write: ${skippedFiles.join(', ')}`);
  }
}

main().catch((error: unknown) => {
  console.error(`Backup failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
