import { type APIRequestContext, type Page, expect } from '@playwright/test';

/** The staff account the e2e server is started with (playwright.config.ts). */
export const E2E_ADMIN = { email: 'e2e-admin@example.com', password: 'e2e-password-0123456789' };

/** Collects console errors, failed scripts and CSP violations; assert it stays empty. */
export function watchPageProblems(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(error.message));
  return problems;
}

export async function adminToken(request: APIRequestContext): Promise<string> {
  const response = await request.post('/api/auth/login', { data: E2E_ADMIN });
  expect(response.status()).toBe(200);
  return ((await response.json()) as { token: string }).token;
}

/** The landing page shows a 1.5 s overlay on arrival; wait until it is gone. */
export async function waitForLanding(page: Page): Promise<void> {
  await expect(page.getByTestId('loading-overlay')).toHaveCount(0, { timeout: 5000 });
}
