import { buildApp } from './app';
import { loadConfig } from './config';
import { createDatabase } from './db/database';
import { migrateToLatest } from './db/migrate';
import { demoCatalogue } from '@capstan/demo-catalogue';
import { seedDemoCatalogue } from './db/seed/seed';
import { bootstrapAdmin } from './modules/auth/bootstrap-admin';
import { ImageStore } from './modules/images/image-store';
import { regenerateMissingVariants } from './modules/images/regenerate-variants';
import { sweepOrphanImageFiles } from './modules/images/sweep-orphan-files';
import { sweepUnattachedImages } from './modules/images/sweep-unattached';

const SWEEP_INTERVAL_MS = 60 * 60 * 1000;

async function main(): Promise<void> {
  const started = performance.now();
  // React (loaded with the page renderer) picks its build from NODE_ENV: a server that renders
  // for visitors uses the production one unless told otherwise. Set before anything loads React.
  process.env.NODE_ENV ??= 'production';
  const config = loadConfig();
  const database = createDatabase(config);
  await migrateToLatest(database.db);

  const images = new ImageStore(config.uploadsDir);
  await images.clearTemp();
  // Before the sizes are checked, so no size is made for an image that is about to go.
  const orphans = await sweepOrphanImageFiles({ db: database.db, images });
  if (orphans > 0) console.log(`Removed the files of ${orphans} image(s) no item or upload refers to.`);
  await regenerateMissingVariants(images);

  const admin = await bootstrapAdmin(database.db, { email: config.adminEmail, password: config.adminPassword });
  if (config.seedDemo) {
    const seeded = await seedDemoCatalogue({ db: database.db, dialect: database.dialect, images }, demoCatalogue);
    if (seeded) console.log('Seeded the demo catalogue.');
  }

  const app = await buildApp({ config, database });
  const sweep = async () => {
    try {
      await sweepUnattachedImages({ db: database.db, images });
      await sweepOrphanImageFiles({ db: database.db, images });
    } catch (error) {
      app.log.error({ err: error }, 'sweeping unattached images failed');
    }
  };
  await sweep();
  setInterval(() => void sweep(), SWEEP_INTERVAL_MS).unref();
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    // Stop accepting connections, let requests in flight finish, then release the database.
    await app.close();
    await database.destroy();
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
  const address = `http://${config.host.includes(':') ? `[${config.host}]` : config.host}:${config.port}`;
  if (admin?.generatedPassword) {
    // Printed once: it is stored only as a hash.
    console.log(`\nFirst admin account created: ${admin.email} / ${admin.generatedPassword}\n`);
  }
  console.log(
    `Serving ${address} (database: ${database.dialect}, ready in ${Math.round(performance.now() - started)} ms)`,
  );
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
