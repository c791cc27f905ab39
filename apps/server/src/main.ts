import type { Logger } from 'pino';
import { buildApp } from './app';
import { type AppConfig, loadConfig } from './config';
import { createDatabase, type DatabaseHandle } from './db/database';
import { ifInstanceLockFree, withInstanceLock } from './db/instance-lock';
import { followUpDigestJob } from './modules/inquiries/follow-up-digest-job';
import { Scheduler } from './modules/scheduler/scheduler';
import { scheduledBackupJob } from './modules/backup/scheduled-backup-job';
import { engineerVisitsJob, serviceRemindersJob } from './modules/service-reminders/service-reminder-jobs';
import { migrateToLatest } from './db/migrate';
import { catalogueIsEmpty, demoItemsAwaitingPictures, seedDemoCatalogue } from './db/seed/seed';
import { seedDemoInstalledBase } from './db/seed/demo-installed-base';
import { bootstrapAdmin, existingAdminEmail } from './modules/auth/bootstrap-admin';
import { sealStoredTotpSecrets, totpSecretBox } from './modules/auth/totp-secret-box';
import { DemoPictureCache } from './modules/catalogue/demo-picture-cache';
import { attachDemoPictures } from './modules/catalogue/demo-pictures';
import { createImageStore } from './modules/images/create-image-store';
import type { ImageStore } from './modules/images/image-store';
import { regenerateMissingVariants } from './modules/images/regenerate-variants';
import { sweepOrphanImageFiles } from './modules/images/sweep-orphan-files';
import { sweepUnattachedImages } from './modules/images/sweep-unattached';
import { createLogger } from './plugins/request-logging';
import { warmUpSpecSheetFonts } from './modules/spec-sheet/spec-sheet-fonts';
import { prepareCatalogueLists } from './modules/catalogue/catalogue-lists';
import { warmUpQuotationPdf } from './modules/quotations/quotation-pdf-warm-up';

const SWEEP_INTERVAL_MS = 60 * 60 * 1000;
const PICTURES_DELAY_MS = 1000;
// Half a second for the first page, then the spec sheet fonts' tables (under half a second of CPU).
const FONT_WARM_UP_DELAY_MS = 500;

// Loaded only when needed: it is most of the server's source, and a restart rarely needs it.
const loadDemoCatalogue = async () => (await import('@capstan/demo-catalogue')).demoCatalogue;

/**
 * Stores the demo items into an empty catalogue, then gives every seeded item still without
 * pictures copies of those made at install (decision 054): a second or so, so the site answers
 * with them. Returns how many items got them; those the install did not make are drawn later.
 */
async function seedDemo(
  database: DatabaseHandle,
  images: ImageStore,
  cache: DemoPictureCache,
  log: Logger,
): Promise<{ attached: number; left: number; seeded: number }> {
  const seeded = (await catalogueIsEmpty(database.db))
    ? await seedDemoCatalogue(database, await loadDemoCatalogue())
    : 0;
  const items = await demoItemsAwaitingPictures(database.db, loadDemoCatalogue);
  const attached =
    items.length === 0
      ? 0
      : await attachDemoPictures({ db: database.db, dialect: database.dialect, images }, items, {
          cache,
          cachedOnly: true,
        });
  const left = items.length - attached;
  if (seeded > 0)
    log.info(
      left === 0
        ? `Seeded the demo catalogue: ${seeded} items with their pictures.`
        : `Seeded the demo catalogue: ${seeded} items; ${left} of them get their pictures once the site is up.`,
    );
  return { attached, left, seeded };
}

/**
 * Renders the pictures of seeded items that have none yet (a first start, or one stopped
 * half-way) while the site serves, saying how far it has got about every tenth.
 */
async function makeDemoPictures(
  database: DatabaseHandle,
  images: ImageStore,
  cache: DemoPictureCache,
  log: Logger,
  signal: AbortSignal,
): Promise<void> {
  try {
    // One process draws, the others serve: with several started together each would otherwise
    // draw every picture (the attach step keeps only the first, but the CPU is spent all the same).
    const drew = await ifInstanceLockFree(database, 'demo-pictures', () =>
      drawDemoPictures(database, images, cache, log, signal),
    );
    if (!drew) log.info('Another server process is making the demo pictures.');
  } catch (error) {
    log.error({ err: error }, 'making the demo pictures failed; the rest are made at the next start');
  }
}

async function drawDemoPictures(
  database: DatabaseHandle,
  images: ImageStore,
  cache: DemoPictureCache,
  log: Logger,
  signal: AbortSignal,
): Promise<void> {
  // Read under the lock: what another process finished before it let go is not drawn again.
  const items = await demoItemsAwaitingPictures(database.db, loadDemoCatalogue);
  if (items.length === 0) return;
  const started = performance.now();
  const total = items.reduce((sum, item) => sum + item.pictures.length, 0);
  log.info(`Making demo pictures 0/${total} (items show a placeholder until theirs are ready)…`);
  let reported = 0;
  const attached = await attachDemoPictures({ db: database.db, dialect: database.dialect, images }, items, {
    signal,
    cache,
    onProgress(done) {
      if (done < total && done - reported < total / 10) return;
      reported = done;
      log.info(`Making demo pictures ${done}/${total}`);
    },
  });
  if (signal.aborted) return;
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  log.info(`Demo pictures ready: ${attached} items in ${seconds} s.`);
}

async function announceAdmin(
  database: DatabaseHandle,
  config: AppConfig,
  log: Logger,
): Promise<{ email: string; generatedPassword?: string } | null> {
  const admin = await bootstrapAdmin(database.db, { email: config.adminEmail, password: config.adminPassword });
  if (admin && !admin.generatedPassword)
    log.info(`Admin account created: ${admin.email} (password from ADMIN_PASSWORD)`);
  if (!admin) {
    // The account only: an existing password is stored as a hash and is never shown.
    const email = await existingAdminEmail(database.db, { email: config.adminEmail });
    log.info(
      email
        ? `Admin account: ${email} (exists; its password is unchanged)`
        : 'No active staff account: create one with npm run admin -- create --email …',
    );
  }
  return admin;
}

async function main(): Promise<void> {
  const started = performance.now();
  // React (loaded with the page renderer) picks its build from NODE_ENV: a server that renders
  // for visitors uses the production one unless told otherwise. Set before anything loads React.
  process.env.NODE_ENV ??= 'production';
  const config = loadConfig();
  const logger = createLogger(config);
  // Start-up lines (the generated password above all) show even when LOG_LEVEL hides info.
  const log = logger.child({}, { level: logger.isLevelEnabled('info') ? config.logLevel : 'info' });
  const database = createDatabase(config, (error) =>
    log.warn(
      { err: error },
      'PostgreSQL ended a connection (a restart, a failover, a terminated session); the next query opens a new one',
    ),
  );
  // Several processes may start at once on one empty database: one at a time migrates
  // and seeds, so the others find it done (decision 029). Seeding checks for an empty catalogue.
  const images = await createImageStore(config.imageStore);
  await images.init();
  // Only what provably dead processes left: another process may be uploading into its own folder.
  await images.temp.sweepDead();
  const pictureCache = new DemoPictureCache(config.demoPicturesDir);
  const demo = await withInstanceLock(database, 'first-start', async () => {
    log.info(`Migrating the ${database.dialect} database…`);
    const { newerMigrations } = await migrateToLatest(database.db);
    if (newerMigrations.length > 0) {
      log.warn(
        `The database was migrated by a newer release (${newerMigrations.join(', ')}); this release serves it as it is ` +
          '(migrations only add, decision 065). Upgrade this server when you can.',
      );
    }
    return config.seedDemo ? await seedDemo(database, images, pictureCache, log) : { attached: 0, left: 0, seeded: 0 };
  });
  log.info(`Images: ${images.description}`);
  // Before the sizes are checked, so no size is made for an image that is about to go. A store
  // that cannot be listed now (a bucket briefly unreachable) must not stop the site from starting.
  const orphans = await sweepOrphanImageFiles({ db: database.db, images }).catch((error: unknown) => {
    log.warn({ err: error }, 'image files not swept at start; the hourly sweep tries again');
    return 0;
  });
  if (orphans > 0) log.info(`Removed the files of ${orphans} image(s) no item or upload refers to.`);
  await regenerateMissingVariants(images);

  const sealed = await sealStoredTotpSecrets(
    database.db,
    totpSecretBox(config.totpEncryptionKey),
    config.totpEncryptionKey,
  );
  if (sealed > 0) log.info(`Encrypted ${sealed} two-factor secret(s) with TOTP_ENCRYPTION_KEY.`);

  // Hashing a new admin's password (scrypt, 128 MiB) takes seconds on a busy machine: listen
  // meanwhile (nobody can know that password before it is printed anyway).
  const adminReady = announceAdmin(database, config, log);
  adminReady.catch(() => undefined); // awaited below; this only keeps it from counting as unhandled

  const app = await buildApp({ config, database, logger, images });
  const sweep = async () => {
    try {
      await sweepUnattachedImages({ db: database.db, dialect: database.dialect, images });
      await sweepOrphanImageFiles({ db: database.db, images });
    } catch (error) {
      app.log.error({ err: error }, 'sweeping unattached images failed');
    }
  };
  await sweep();
  setInterval(() => void sweep(), SWEEP_INTERVAL_MS).unref();
  // Work due once per day across the cluster: one process runs each occurrence (decision 066).
  const scheduler = new Scheduler(
    database.db,
    [
      followUpDigestJob({ ...database, config }),
      scheduledBackupJob({ ...database, config, images }),
      serviceRemindersJob({ ...database, config }),
      engineerVisitsJob({ ...database, config }),
    ],
    app.log,
  );
  scheduler.start();
  const stopPictures = new AbortController();
  let pictures: Promise<void> = Promise.resolve();
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    stopPictures.abort();
    // Stop accepting connections, let requests in flight finish, then release the database.
    await app.close();
    await scheduler.stop();
    // The admin account and the picture in progress are finished (or dropped) before the database goes.
    await adminReady.catch(() => undefined);
    await pictures;
    await images.close();
    await database.destroy();
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  // Fastify announces each address it listens on; the "Serving" line below says it once, with more.
  const level = app.log.level;
  if (['trace', 'debug', 'info'].includes(level)) app.log.level = 'warn';
  try {
    await app.listen({ port: config.port, host: config.host });
  } finally {
    app.log.level = level;
  }
  // "Serving" once the admin account exists too: scripts and tests sign in as soon as they read it.
  const admin = await adminReady;
  const address = `http://${config.host.includes(':') ? `[${config.host}]` : config.host}:${config.port}`;
  if (admin?.generatedPassword) {
    // Printed once: it is stored only as a hash.
    log.info(`First admin account created: ${admin.email} / ${admin.generatedPassword}`);
  }
  // The demo register goes with the demo catalogue it names, on the same first start; after the
  // admin account, who is the engineer of its scheduled visit. Never into a register with rows.
  if (demo.seeded > 0) {
    const machines = await seedDemoInstalledBase(database);
    if (machines > 0) log.info(`Seeded a demo register: ${machines} installed machines and their service requests.`);
  }
  log.info(
    `Serving ${address} (database: ${database.dialect}, ready in ${Math.round(performance.now() - started)} ms)`,
  );
  // After "Serving", like the fonts below: work that used to fall to the first visitor's request.
  prepareCatalogueLists(database.db).catch((error: unknown) =>
    log.warn({ err: error }, 'Catalogue lists not read ahead of the first visitor'),
  );
  // After "Serving": the first Tamil or Hindi spec sheet and the first quotation PDF then do not
  // pay for the fonts' tables and the PDF code's first run.
  setTimeout(() => {
    warmUpSpecSheetFonts()
      .then(warmUpQuotationPdf)
      .catch((error: unknown) => log.warn({ err: error }, 'PDF fonts not warmed up'));
  }, FONT_WARM_UP_DELAY_MS).unref();
  if (demo.left === 0) {
    // Said after "Serving", though they were there before it: scripts and tests wait for this line.
    if (demo.attached > 0) log.info(`Demo pictures ready: ${demo.attached} items, made at install.`);
    return;
  }
  // A moment's head start for the first visitor's page before the pictures take the CPU.
  await new Promise((resolve) => setTimeout(resolve, PICTURES_DELAY_MS));
  if (config.seedDemo && !closing)
    pictures = makeDemoPictures(database, images, pictureCache, log, stopPictures.signal);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
