import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'server',
    environment: 'node',
    // Suites that need a PostgreSQL server are included only when one is given, never skipped.
    include: process.env.TEST_DATABASE_URL ? ['test/**/*.test.ts', 'test/**/*.pg-test.ts'] : ['test/**/*.test.ts'],
    // scrypt at N=2^17 takes a few hundred ms per login, and image decoding is not instant.
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
  },
});
