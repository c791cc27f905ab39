import { defineConfig } from 'vitest/config';

// The bench's smoke test: its scripts still run (the full bench is `npm run bench`, outside `npm test`).
export default defineConfig({
  test: {
    name: 'bench',
    environment: 'node',
    include: ['*.test.ts'],
    testTimeout: 120_000,
    hookTimeout: 180_000,
  },
});
