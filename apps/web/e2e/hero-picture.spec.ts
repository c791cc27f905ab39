import type { AdminSiteSettings, MachineListEntry } from '@capstan/shared';
import { expect, test, adminToken, loginAsAdmin, watchPageProblems } from './fixtures';

// Staff upload a hero picture under Site → Landing page, and the landing page's
// server HTML (no JavaScript) shows it, sized and at high priority.
test('a hero picture uploaded under Site → Landing page shows on the landing page without JavaScript', async ({
  page,
  browser,
  request,
}) => {
  const problems = watchPageProblems(page);
  const token = await adminToken(request);
  const auth = { authorization: `Bearer ${token}` };
  const before = (await (await request.get('/api/admin/site', { headers: auth })).json()) as AdminSiteSettings;
  expect(before.landing.hero.picture).toBeNull();

  // A real photo-sized picture: a demo machine's large size, as staff would upload a photo.
  const machines = (await (await request.get('/api/products?limit=1')).json()) as MachineListEntry[];
  const source = machines[0]?.images[0];
  expect(source).toMatch(/^\/uploads\//);
  const photo = await (await request.get(source!)).body();

  try {
    await loginAsAdmin(page);
    await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Landing page' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Landing page' })).toBeVisible();
    await page.getByLabel('Hero picture (optional)').setInputFiles({
      name: 'works-floor.webp',
      mimeType: 'image/webp',
      buffer: photo,
    });
    const preview = page.getByRole('img', { name: 'Preview of the hero picture' });
    await expect(preview).toBeVisible();
    await expect.poll(() => preview.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    await page.getByLabel('Picture description').fill('A capstan lathe on the works floor');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Landing page saved. The public pages show it now.').first()).toBeVisible();

    const saved = (await (await request.get('/api/site')).json()) as { landing: AdminSiteSettings['landing'] };
    const picture = saved.landing.hero.picture;
    expect(picture?.alt).toBe('A capstan lathe on the works floor');
    const id = /^\/uploads\/([a-f0-9-]{36})\.webp$/.exec(picture?.url ?? '')?.[1];
    expect(id).toBeTruthy();

    // The server's HTML, as curl sees it.
    const html = await (await request.get('/')).text();
    const hero = html.slice(
      html.indexOf('<section id="home"'),
      html.indexOf('</section>', html.indexOf('<section id="home"')),
    );
    const tag = /<img [^>]*>/.exec(hero)?.[0] ?? '';
    expect(tag).toContain(`src="/uploads/${id}.webp"`);
    expect(tag).toMatch(/fetchpriority="high"/i);
    expect(tag).toMatch(new RegExp(`srcset="/uploads/${id}-thumb\\.webp \\d+w, /uploads/${id}-960\\.webp \\d+w`, 'i'));
    expect(tag).toMatch(/sizes="\(min-width: 1152px\) 440px, /);
    expect(tag).toContain(`width="${picture?.width}"`);
    expect(tag).toContain(`height="${picture?.height}"`);

    // A visitor without JavaScript sees the picture loaded, beside the heading, in its 4:3 frame.
    const visitorContext = await browser.newContext({
      javaScriptEnabled: false,
      viewport: { width: 1440, height: 900 },
    });
    const visitor = await visitorContext.newPage();
    await visitor.goto('/');
    const shown = visitor.locator('#home').getByRole('img', { name: 'A capstan lathe on the works floor' });
    await expect(shown).toBeVisible();
    await expect.poll(() => shown.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    const headingBox = await visitor.getByRole('heading', { level: 1 }).boundingBox();
    const pictureBox = await shown.boundingBox();
    expect(pictureBox!.x).toBeGreaterThan(headingBox!.x + headingBox!.width - 1);
    expect(pictureBox!.width / pictureBox!.height).toBeCloseTo(4 / 3, 1);
    await visitorContext.close();
    expect(problems).toEqual([]);
  } finally {
    // Other journeys expect the seeded landing page.
    const current = (await (await request.get('/api/admin/site', { headers: auth })).json()) as AdminSiteSettings;
    await request.put('/api/site/landing', {
      headers: auth,
      data: { ...before.landing, updatedAt: current.landing.updatedAt },
    });
  }
});
