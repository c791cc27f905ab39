import { defineConfig } from 'vitest/config';

/**
 * A suite's folder says what it exercises, and so where it runs (docs/decisions/062):
 * - unit/ and process/ do not depend on the database or the image store: they run once;
 * - db/ and images/ run on SQLite with images on disk, and again on the other engines when
 *   TEST_DATABASE_URL (PostgreSQL) or TEST_S3 (an s3rver bucket) is set, as `npm run
 *   test:engines` does in CI;
 * - *.pg-test.ts need PostgreSQL: included only when one is given, never skipped.
 */
const onOtherEngines = Boolean(process.env.TEST_DATABASE_URL) || ['1', 'true'].includes(process.env.TEST_S3 ?? '');
const include = onOtherEngines ? ['test/db/**/*.test.ts', 'test/images/**/*.test.ts'] : ['test/**/*.test.ts'];
if (process.env.TEST_DATABASE_URL) include.push('test/**/*.pg-test.ts');

export default defineConfig({
  test: {
    name: 'server',
    environment: 'node',
    include,
    globalSetup: ['test/setup/compiled-server.ts', 'test/setup/migrated-database.ts'],
    // Passwords hash at scrypt 2^10 here (2^17 costs seconds per login on a busy machine); the
    // server refuses this setting outside NODE_ENV=test (config.ts, scryptLog2N).
    env: { TEST_SCRYPT_LOG2N: '10' },
    // Image decoding is not instant on a busy machine.
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // Files share imported modules (decision 062): importing the app anew for each file cost 170 s
    // of the SQLite suite's 268. Tests switch modules by a parameter or the database, never
    // vi.mock, and each builds its own app, so nothing a file sets up reaches the next.
    isolate: false,
  },
});
