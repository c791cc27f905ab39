/**
 * What playwright.config.ts starts and the journeys reach: one server per worker, each on a port
 * and data directory of its own. No Playwright import here, so the config can read it.
 */

/** The staff account the e2e servers are started with. */
export const E2E_ADMIN = { email: 'e2e-admin@example.com', password: 'e2e-password-0123456789' };

export const E2E_WORKERS = 2;
const E2E_FIRST_PORT = 3100;

/** The server a worker drives (E2E_PORT moves the first one). */
export function e2eBaseUrl(parallelIndex: number): string {
  const first = Number(process.env.E2E_PORT ?? E2E_FIRST_PORT);
  return `http://127.0.0.1:${first + parallelIndex}`;
}
