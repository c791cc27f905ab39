import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: ['apps/server', 'apps/web', 'scripts/bench'],
    // Vitest's default on 2 cores is one file at a time; most server suites spend their time
    // waiting on a socket, a child process or a disk, so two at a time fill both cores.
    maxWorkers: 2,
  },
});
