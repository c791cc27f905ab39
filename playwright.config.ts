import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';
import { E2E_ADMIN, E2E_WORKERS, e2eBaseUrl } from './apps/web/e2e/servers';

/**
 * Journeys run against the real built server on a throwaway data directory, in Debian's Chromium.
 * Most of a journey's time is the browser waiting (for paint, idle, a smooth scroll), so two run at
 * once, each worker against a server and data directory of its own (fixtures.ts picks it by the
 * worker's index): journeys change the site (its settings, the featured six, the catalogue), and
 * none must see another's changes half-way.
 */
const servers = Array.from({ length: E2E_WORKERS }, (_, index) => {
  const port = new URL(e2eBaseUrl(index)).port;
  const dataDir = path.join(os.tmpdir(), `capstan-e2e-${process.pid}-${index}`);
  return {
    command: `rm -rf ${dataDir} && node apps/server/dist/main.mjs`,
    // Ready once the demo pictures, drawn after the server listens (docs/decisions/018), are all
    // there: journeys look at them. (A url here would count as ready as soon as it answers.)
    wait: { stdout: /Demo pictures ready/ },
    timeout: 240_000,
    reuseExistingServer: false,
    env: {
      PORT: port,
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      ADMIN_EMAIL: E2E_ADMIN.email,
      ADMIN_PASSWORD: E2E_ADMIN.password,
      LOG_LEVEL: 'warn',
    },
  };
});

/**
 * Debian's headless shell (`apt-get install chromium-headless-shell`) where it is installed: the
 * same Blink and V8 as `/usr/bin/chromium` without the full browser around them, as Playwright's own
 * headless default is. The journeys took 296 s in it and 434 s in the full browser, both cores busy
 * in either. The bench measures in the full browser, which visitors have.
 */
const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';
const chromePath = process.env.CHROME_PATH ?? (fs.existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : '/usr/bin/chromium');

export default defineConfig({
  testDir: 'apps/web/e2e',
  timeout: 60_000,
  retries: 0,
  workers: E2E_WORKERS,
  reporter: process.env.CI ? 'list' : 'line',
  use: {
    // SPEC §2's cog turns forever, so an open page never stops making frames: 12-14% of a core
    // each in headless Chromium, a fifth of the journeys' time on two cores. Journeys assert what
    // visitors do, not the motion; the few about motion ask for it (page.emulateMedia).
    reducedMotion: 'reduce',
    launchOptions: {
      executablePath: chromePath,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
  webServer: servers,
});
