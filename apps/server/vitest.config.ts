import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'server',
    environment: 'node',
    include: ['test/**/*.test.ts'],
    // scrypt at N=2^17 takes a few hundred ms per login, and image decoding is not instant.
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
  },
});
