import os from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';
import { E2E_ADMIN } from './apps/web/e2e/fixtures';

const port = Number(process.env.E2E_PORT ?? 3100);
const dataDir = path.join(os.tmpdir(), `capstan-e2e-${process.pid}`);

// Journeys run against the real built server on a throwaway data directory, in Debian's Chromium.
export default defineConfig({
  testDir: 'apps/web/e2e',
  timeout: 60_000,
  retries: 0,
  workers: 1,
  reporter: process.env.CI ? 'list' : 'line',
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    launchOptions: {
      executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
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
  webServer: {
    command: `rm -rf ${dataDir} && node --import tsx apps/server/src/main.ts`,
    // Ready once the demo pictures, drawn after the server listens (docs/decisions/018), are all
    // there: journeys look at them. (A url here would count as ready as soon as it answers.)
    wait: { stdout: /Demo pictures ready/ },
    timeout: 240_000,
    reuseExistingServer: false,
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      ADMIN_EMAIL: E2E_ADMIN.email,
      ADMIN_PASSWORD: E2E_ADMIN.password,
      LOG_LEVEL: 'warn',
    },
  },
});
