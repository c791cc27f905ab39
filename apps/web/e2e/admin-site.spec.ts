import type { AdminSiteSettings } from '@capstan/shared';
import { expect, test, adminToken, loginAsAdmin, watchPageProblems } from './fixtures';

// Staff change the phone number and the hero heading in the admin, and the
// landing page's HTML (no JavaScript) and its JSON-LD show them.
test('a phone number and hero heading changed under Site show on the public landing page', async ({
  page,
  browser,
  request,
}) => {
  const problems = watchPageProblems(page);
  const token = await adminToken(request);
  const auth = { authorization: `Bearer ${token}` };
  const before = (await (await request.get('/api/admin/site', { headers: auth })).json()) as AdminSiteSettings;
  const heading = `Lathes that run for decades ${Date.now()}`;

  try {
    await loginAsAdmin(page);
    const nav = page.getByRole('navigation', { name: 'Admin' });
    await nav.getByRole('link', { name: 'Company' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Company' })).toBeVisible();
    await page.getByLabel('Number 1').fill('+91 99999 00001');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Company settings saved. The public pages show it now.').first()).toBeVisible();

    await nav.getByRole('link', { name: 'Landing page' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Landing page' })).toBeVisible();
    await page.getByLabel('Hero heading').fill(heading);
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Landing page saved. The public pages show it now.').first()).toBeVisible();

    // The server's HTML, as curl sees it.
    const html = await (await request.get('/')).text();
    expect(html).toContain(heading);
    expect(html).toContain('href="tel:+919999900001"');
    const blocks = [...html.matchAll(/<script type="application\/ld\+json">([^<]*)<\/script>/g)].map(
      (match) => JSON.parse(match[1] ?? '{}') as Record<string, unknown>,
    );
    expect(blocks.find((block) => block['@type'] === 'LocalBusiness')?.telephone).toBe('+919999900001');

    // A visitor without JavaScript sees them too.
    const visitorContext = await browser.newContext({ javaScriptEnabled: false });
    const visitor = await visitorContext.newPage();
    await visitor.goto('/');
    await expect(visitor.getByRole('heading', { level: 1 })).toHaveText(heading);
    await expect(visitor.locator('#contact').getByRole('link', { name: '+91 99999 00001' })).toBeVisible();
    await visitorContext.close();

    const activity = (await (await request.get('/api/admin/activity', { headers: auth })).json()) as {
      entries: { action: string }[];
    };
    expect(activity.entries.map((entry) => entry.action)).toEqual(
      expect.arrayContaining(['site.company', 'site.landing']),
    );
    expect(problems).toEqual([]);
  } finally {
    // Other journeys expect the seeded texts.
    const current = (await (await request.get('/api/admin/site', { headers: auth })).json()) as AdminSiteSettings;
    await request.put('/api/site/company', {
      headers: auth,
      data: { ...before.company, updatedAt: current.company.updatedAt },
    });
    await request.put('/api/site/landing', {
      headers: auth,
      data: { ...before.landing, updatedAt: current.landing.updatedAt },
    });
  }
});
