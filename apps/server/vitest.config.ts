import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'server',
    environment: 'node',
    // Suites that need a PostgreSQL server are included only when one is given, never skipped.
    include: process.env.TEST_DATABASE_URL ? ['test/**/*.test.ts', 'test/**/*.pg-test.ts'] : ['test/**/*.test.ts'],
    // Passwords hash at scrypt 2^10 here (2^17 costs seconds per login on a busy machine); the
    // server refuses this setting outside NODE_ENV=test (config.ts, scryptLog2N).
    env: { TEST_SCRYPT_LOG2N: '10' },
    // Image decoding is not instant on a busy machine.
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
  },
});
