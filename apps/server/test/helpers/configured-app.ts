import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/app';
import { type AppConfig, loadConfig } from '../../src/config';
import { createDatabase, type DatabaseHandle } from '../../src/db/database';
import { migrateToLatest } from '../../src/db/migrate';
import { bootstrapAdmin } from '../../src/modules/auth/bootstrap-admin';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from './test-app';

export interface ConfiguredApp {
  app: FastifyInstance;
  database: DatabaseHandle;
  config: AppConfig;
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
  const config = loadConfig({
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    SEED_DEMO: 'false',
    WEB_DIST_DIR: path.join(dataDir, 'no-web'),
    ...env,
  });
  const database = createDatabase(config);
  await migrateToLatest(database.db);
  await bootstrapAdmin(database.db, { email: ADMIN_EMAIL, password: ADMIN_PASSWORD });
  const app = await buildApp({ config, database, logStream });
  extend?.(app);
  await app.ready();
  return {
    app,
    database,
    config,
    close: async () => {
      await app.close();
      await database.destroy();
      await fs.rm(dataDir, { recursive: true, force: true });
    },
  };
}
