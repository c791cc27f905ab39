import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { inject } from 'vitest';
import { buildApp } from '../../src/app';
import type { AppContext } from '../../src/app-context';
import { type AppConfig, loadConfig } from '../../src/config';
import { createDatabase, type DatabaseHandle } from '../../src/db/database';
import { migrateToLatest } from '../../src/db/migrate';
import { bootstrapAdmin } from '../../src/modules/auth/bootstrap-admin';
import { catalogueResponseCache } from '../../src/modules/catalogue/catalogue-response-cache';
import { createImageStore } from '../../src/modules/images/create-image-store';
import { onAdminConnection } from './postgres-admin';
import { startS3Server, testWithS3 } from './s3-server';

export const ADMIN_EMAIL = 'staff@example.com';
export const ADMIN_PASSWORD = 'correct horse battery staple';

/**
 * Set TEST_DATABASE_URL (e.g. postgres://postgres:postgres@127.0.0.1:5432/postgres) to run the
 * same suite on PostgreSQL: each test file then gets a database of its own, dropped after.
 */
const adminUrl = process.env.TEST_DATABASE_URL;
/** Whether this run is on PostgreSQL (TEST_DATABASE_URL set). */
export const onPostgres = adminUrl !== undefined;

export interface TestApp {
  app: FastifyInstance;
  ctx: AppContext;
  config: AppConfig;
  database: DatabaseHandle;
  /** Signs in as the seeded admin and returns the bearer token. */
  login: () => Promise<string>;
  close: () => Promise<void>;
}

/**
 * A database of its own on TEST_DATABASE_URL's server, dropped by `drop`: empty, or (`migrated`) a
 * copy of the one test/setup/migrated-database.ts migrated for this run.
 */
export async function createPostgresDatabase({ migrated = false }: { migrated?: boolean } = {}): Promise<{
  url: string;
  drop: () => Promise<void>;
}> {
  if (!adminUrl) throw new Error('TEST_DATABASE_URL is not set');
  const name = `test_${randomBytes(6).toString('hex')}`;
  const template = migrated ? inject('migratedPostgresTemplate') : null;
  if (migrated && !template) throw new Error('No migrated template: test/setup/migrated-database.ts did not run');
  await onAdminConnection(adminUrl, (client) =>
    client.query(template ? `create database ${name} template ${template}` : `create database ${name}`),
  );
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      await onAdminConnection(adminUrl, (client) => client.query(`drop database if exists ${name} with (force)`));
    },
  };
}

/** Opens the database a server process uses (a SQLite file in dataDir, or databaseUrl) for `read`, then closes it. */
export async function withDatabase<T>(
  where: { dataDir: string; databaseUrl: string | undefined },
  read: (database: DatabaseHandle) => Promise<T>,
): Promise<T> {
  const database = createDatabase(where);
  try {
    return await read(database);
  } finally {
    await database.destroy();
  }
}

export async function createTestApp(
  options: {
    webDistDir?: string;
    webSsrEntry?: string;
    /** Suites about SQLite itself (backups) stay on SQLite when TEST_DATABASE_URL is set. */
    database?: 'sqlite';
    /** Extra environment (e.g. SMTP_URL for the mail worker). */
    env?: Record<string, string>;
    /** Suites about the local folder itself stay on it when TEST_S3 is set. */
    images?: 'local';
  } = {},
): Promise<TestApp> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'capstan-test-'));
  const pgDatabase =
    adminUrl && options.database !== 'sqlite' ? await createPostgresDatabase({ migrated: true }) : undefined;
  // A server and bucket of its own per app, so test files never see each other's images.
  const s3 = testWithS3 && options.images !== 'local' ? await startS3Server() : undefined;
  const config = loadConfig({
    DATA_DIR: dataDir,
    DATABASE_URL: pgDatabase?.url,
    LOG_LEVEL: 'silent',
    SEED_DEMO: 'false',
    WEB_DIST_DIR: options.webDistDir ?? path.join(dataDir, 'no-web'),
    WEB_SSR_ENTRY: options.webSsrEntry,
    // Suites send hundreds of requests back to back; load shedding has tests of its own.
    OVERLOAD_MAX_EVENT_LOOP_DELAY_MS: '0',
    OVERLOAD_MAX_QUEUE_WAIT_MS: '0',
    ...s3?.env,
    ...options.env,
  });
  if (!pgDatabase) await fs.copyFile(inject('migratedSqliteFile'), path.join(dataDir, 'app.db'));
  const database = createDatabase(config);
  // Nothing left to run on a copy of the migrated database: what a restarted server finds.
  await migrateToLatest(database.db);
  await bootstrapAdmin(database.db, { email: ADMIN_EMAIL, password: ADMIN_PASSWORD });
  // The app's own store, so tests see what it stored (and its cache) through the same object.
  const images = await createImageStore(config.imageStore);
  const app = await buildApp({ config, database, images });
  await app.ready();
  // A save is answered once every answer it reached is built again, not after a second at most:
  // a suite reads right after it, and a loaded CI machine builds a spec sheet in over a second.
  catalogueResponseCache(database.db).setWriteWait(120_000);
  const ctx: AppContext = { config, db: database.db, dialect: database.dialect, images };

  return {
    app,
    ctx,
    config,
    database,
    login: async () => {
      const response = await app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: ADMIN_EMAIL, password: ADMIN_PASSWORD },
      });
      if (response.statusCode !== 200) throw new Error(`login failed: ${response.statusCode} ${response.body}`);
      return (response.json() as { token: string }).token;
    },
    close: async () => {
      await app.close();
      await images.close();
      await database.destroy();
      await pgDatabase?.drop();
      await s3?.stop();
      await fs.rm(dataDir, { recursive: true, force: true });
    },
  };
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
