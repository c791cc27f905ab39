import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/app';
import { type AppConfig, loadConfig } from '../../src/config';
import { createDatabase, type DatabaseHandle } from '../../src/db/database';
import { migrateToLatest } from '../../src/db/migrate';
import { bootstrapAdmin } from '../../src/modules/auth/bootstrap-admin';
import { createImageStore } from '../../src/modules/images/create-image-store';
import type { ImageStore } from '../../src/modules/images/image-store';
import { startS3Server, testWithS3 } from './s3-server';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from './test-app';

export interface ConfiguredApp {
  app: FastifyInstance;
  database: DatabaseHandle;
  config: AppConfig;
  images: ImageStore;
  close: () => Promise<void>;
}

/**
 * A SQLite test app built from extra environment variables (thresholds, log level) and,
 * optionally, a stream that receives its log lines.
 */
export async function createConfiguredApp(
  env: Record<string, string>,
  logStream?: NodeJS.WritableStream,
  /** Adds what a test needs (a route that fails, say) before the app is ready. */
  extend?: (app: FastifyInstance) => void,
): Promise<ConfiguredApp> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'capstan-test-'));
  const s3 = testWithS3 ? await startS3Server() : undefined;
  const config = loadConfig({
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    SEED_DEMO: 'false',
    WEB_DIST_DIR: path.join(dataDir, 'no-web'),
    ...s3?.env,
    ...env,
  });
  const database = createDatabase(config);
  await migrateToLatest(database.db);
  await bootstrapAdmin(database.db, { email: ADMIN_EMAIL, password: ADMIN_PASSWORD });
  const images = await createImageStore(config.imageStore);
  const app = await buildApp({ config, database, logStream, images });
  extend?.(app);
  await app.ready();
  return {
    app,
    database,
    config,
    images,
    close: async () => {
      await app.close();
      await images.close();
      await database.destroy();
      await s3?.stop();
      await fs.rm(dataDir, { recursive: true, force: true });
    },
  };
}
