import { type Page } from '@playwright/test';
import { expect, test, gotoReady, pageSettled, watchPageProblems } from './fixtures';

interface ListedItem {
  id: string;
  name: string;
}

/**
 * Resolves once the app's entry, which the page's loader adds after the first paint, has run: it
 * then fetches the page's large chunks ahead (the framework's among them), and from then on only
 * waits for the visitor. Call it before `page.goto`.
 */
function entryWaiting(page: Page): () => Promise<void> {
  const running = page.waitForRequest((request) => /\/assets\/framework-[^/]*\.js$/.test(request.url()));
  return async () => {
    await running;
    await pageSettled(page);
  };
}

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the public pages arrive with their content, and the overlay clears by itself', async ({ page, request }) => {
    const featured = (await (await request.get('/api/products/featured')).json()) as ListedItem[];
    const first = featured[0];
    if (!first) throw new Error('the demo catalogue has no featured machine');

    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.locator('#products').getByText(first.name).first()).toBeAttached();
    // SPEC's 1.5 s overlay is part of the HTML; CSS alone takes it away.
    await expect(page.getByTestId('loading-overlay')).toBeHidden({ timeout: 5000 });
    // The sections below the first screen wait for the whole stylesheet, which applies from the
    // start here (decision 060): shown, and styled.
    expect(await sectionLook(page)).toEqual({ visibility: 'visible', fieldBorder: '1px' });

    await page.goto('/products');
    await expect(page.getByText(first.name).first()).toBeVisible();

    const response = await page.goto(`/product/${first.id}`);
    expect(response?.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1, name: first.name })).toBeVisible();
    expect(await page.title()).toContain(first.name);
  });

  test('unknown products and routes answer 404 with the app’s own screens', async ({ page }) => {
    const product = await page.goto('/product/00000000-0000-4000-8000-000000000000');
    expect(product?.status()).toBe(404);
    const route = await page.goto('/no/such/page');
    expect(route?.status()).toBe(404);
    await expect(page.getByText('404 Not Found')).toBeVisible();
  });
});

/** The handover marks on `<html>` and the floating group's, for a failure's message. */
async function handoverState(page: Page): Promise<string> {
  const state = await page.evaluate(() => {
    const marks = (element: Element | null) =>
      element
        ? element
            .getAttributeNames()
            .filter((name) => name.startsWith('data-') || name.startsWith('aria-'))
            .map((name) => `${name}=${element.getAttribute(name)}`)
        : null;
    return {
      html: marks(document.documentElement),
      group: marks(document.querySelector('[data-floating-actions]')),
      chatButton: marks(document.querySelector('[data-floating-actions] button[aria-expanded]')),
      // Mounted but closed: the tap arrived twice (opened, then closed).
      chatPanelMounted: document.querySelector('[role="log"]') !== null,
    };
  });
  return `the page's handover marks when the chat did not open: ${JSON.stringify(state)}`;
}

/** How the contact section looks: hidden or not, and whether its fields have their border yet. */
function sectionLook(page: Page) {
  return page.locator('#contact').evaluate((section) => ({
    visibility: getComputedStyle(section).visibility,
    fieldBorder: getComputedStyle(section.querySelector('input[name="email"]')!).borderTopWidth,
  }));
}

test('the sections below the first screen stay hidden until the whole stylesheet applies, with no app code needed', async ({
  page,
}) => {
  // With nothing moving on the page, headless Chromium makes no new frame after the sheet applies,
  // and a field's border stays at the start of its 1 ms reduced-motion transition: in motion, as a
  // visitor's browser paints it.
  await page.emulateMedia({ reducedMotion: 'no-preference' });
  // Hold the whole sheet, and let none of the app's code arrive: the page's own loader must turn
  // the sheet on (decision 060).
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/assets/style-*.css', async (route) => {
    await held;
    await route.continue();
  });
  // The loader is a file of its own (decision 059); every other script is the app's.
  await page.route('**/assets/*.js', (route) =>
    route.request().url().includes('/assets/loader-') ? route.continue() : route.abort(),
  );
  await page.goto('/', { waitUntil: 'domcontentloaded' });
  // The first screen paints from the page's own rules...
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.locator('#home')).toHaveCSS('background-image', /gradient/);
  // ...while the sections below it, whose rules are in the held sheet, do not show unstyled.
  expect((await sectionLook(page)).visibility).toBe('hidden');
  release();
  await expect.poll(() => sectionLook(page)).toEqual({ visibility: 'visible', fieldBorder: '1px' });
  expect(await page.locator('html[data-app-ready]').count()).toBe(0);
});

test('hydration takes over the server HTML without errors and without refetching', async ({ page }) => {
  const problems = watchPageProblems(page);
  const apiCalls: string[] = [];
  page.on('request', (r) => {
    if (new URL(r.url()).pathname.startsWith('/api/')) apiCalls.push(r.url());
  });

  await gotoReady(page, '/products?tab=spares');
  // The embedded data seeded the cache: taking the page over made no API call.
  expect(apiCalls).toEqual([]);

  // Interactive after hydration: a search asks the server for that search's page (decision 010).
  await page.getByRole('searchbox').fill('zzzz-no-such-part');
  await expect(page.getByText('No results found for "zzzz-no-such-part"')).toBeVisible();
  expect(apiCalls.map((url) => new URL(url).pathname + new URL(url).search)).toEqual([
    '/api/spareparts?q=zzzz-no-such-part&limit=24',
  ]);
  expect(problems).toEqual([]);
});

test('the landing page runs no app code until the visitor acts, and a tap made meanwhile is not lost', async ({
  page,
}) => {
  const problems = watchPageProblems(page);
  // The visitor's first move starts the app; on a slow phone it takes a while to arrive. Hold its
  // last chunk, so the taps below surely land before the app has taken the page over.
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/assets/hydrate-*.js', async (route) => {
    await held;
    await route.continue();
  });
  const entryArrived = entryWaiting(page);
  await page.goto('/');
  await page.waitForLoadState('load');
  // The 1.5 s overlay is gone (the CSS hid it), the entry has arrived, and no app code has run to
  // take the page over.
  await expect(page.getByTestId('loading-overlay')).toBeHidden({ timeout: 5000 });
  await entryArrived();
  await expect(page.getByTestId('loading-overlay')).toHaveCount(1);
  expect(await page.locator('html[data-app-ready]').count()).toBe(0);
  // The figures read as the server wrote them, not "0+".
  await expect(page.getByRole('region', { name: 'Company statistics' }).locator('dd').first()).toHaveText('20+');

  // The chat button waits at the page's end until the app runs; reaching it starts the app, and
  // the click on it lands before the app is ready and is replayed once.
  await page.getByRole('button', { name: 'Open chat' }).click();
  expect(await page.locator('html[data-app-ready]').count()).toBe(0);
  release();
  // A lost tap fails this whatever the bound; 5 s was once too short for the app to start, hydrate
  // and open the chat with the engines pass running beside the journeys. This failed once in CI
  // and never when repeated (under load, or with the CPU throttled 16 times): the failure says
  // how far the page got, so the next one shows where the tap went.
  try {
    await expect(page.getByRole('log', { name: 'Chat messages' })).toBeVisible({ timeout: 15_000 });
  } catch (error) {
    throw new Error(`${await handoverState(page)}\n${String(error)}`, { cause: error });
  }
  await expect(page.getByRole('button', { name: 'Close chat' }).first()).toBeVisible();
  await expect(page.locator('html[data-app-ready]')).toHaveCount(1);
  await expect(page.getByTestId('loading-overlay')).toHaveCount(0);
  expect(problems).toEqual([]);
});

test('before the visitor acts, the landing page downloads its large chunks and leaves the small ones for the start', async ({
  page,
}) => {
  const requested: string[] = [];
  const arrived = new Set<string>();
  const isScript = (url: string) => /^\/assets\/.*\.js$/.test(new URL(url).pathname);
  page.on('request', (request) => {
    if (isScript(request.url())) requested.push(new URL(request.url()).pathname);
  });
  page.on('requestfinished', (request) => {
    if (isScript(request.url())) arrived.add(new URL(request.url()).pathname);
  });
  await page.goto('/');
  const { modules, ahead } = JSON.parse((await page.locator('#app-modules').textContent()) ?? '{}') as {
    modules: string[];
    ahead: string[];
  };
  // The entry itself, which the loader adds, is no chunk to fetch ahead.
  const entry = await page.locator('script[data-src]').getAttribute('data-src');
  const chunks = (files: string[]) => files.filter((file) => file !== entry && modules.includes(file)).sort();
  // Each request costs a phone's main thread about as much whatever the file's size (AppModules).
  expect(chunks(ahead).length).toBeGreaterThan(0);
  expect(chunks(ahead).length).toBeLessThan(chunks(modules).length);
  await expect.poll(() => chunks(ahead).filter((file) => !arrived.has(file))).toEqual([]);
  await pageSettled(page);
  expect(chunks(requested)).toEqual(chunks(ahead));
  expect(await page.locator('html[data-app-ready]').count()).toBe(0);
});

test('a tap made before the app’s entry has even arrived is held, and opens what it was for', async ({ page }) => {
  const problems = watchPageProblems(page);
  // A slow phone: the page is painted and tapped while the app's entry (added by the loader after
  // the first paint) is still on its way. Such a tap used to be lost: only the entry held taps.
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/index-[^/]*\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  // Not until `load`: an entry added before it (the first paint came first, as on a busy machine)
  // holds the load event back until it arrives, which here is after the tap.
  await page.goto('/', { waitUntil: 'domcontentloaded' });
  await expect(page.getByTestId('loading-overlay')).toBeHidden({ timeout: 5000 });
  // Down to the footer, as a visitor goes: the first move shows the sections below the first
  // screen (the loader turns the whole stylesheet on), which waiting for `load` did before.
  await page.mouse.wheel(0, 20_000);
  await page.getByRole('button', { name: 'Admin Access' }).click();
  expect(await page.locator('html[data-app-ready]').count()).toBe(0);
  release();
  // The entry arrives after the visitor moved: it starts the app at once, and the held tap opens the dialog.
  await expect(page.getByRole('dialog').getByLabel('Email')).toBeVisible({ timeout: 15_000 });
  await expect(page.locator('html[data-app-ready]')).toHaveCount(1);
  expect(problems).toEqual([]);
});

test('under reduced motion the arrival overlay still clears by itself and lets the first tap through', async ({
  page,
}) => {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  // No app code arrives: only the CSS can take the overlay away.
  await page.route('**/assets/hydrate-*.js', (route) => route.abort());
  await page.goto('/');
  await page.waitForLoadState('load');
  await expect(page.getByTestId('loading-overlay')).toBeHidden({ timeout: 5000 });
  // The first tap reaches the page, not an invisible overlay: the WhatsApp link can be followed.
  // An overlay in the way fails this whatever the bound (Playwright keeps reporting it intercepting
  // the pointer); 2 s once ran out in CI with the engines pass beside the journeys, mid-click.
  await page.getByRole('link', { name: /^WhatsApp us/ }).click({ trial: true, timeout: 10_000 });
  await expect(page.getByRole('button', { name: 'Open chat' })).toBeVisible();
});

test('a product page runs no app code until the visitor acts, and a gallery tap made meanwhile is replayed', async ({
  page,
  request,
}) => {
  const problems = watchPageProblems(page);
  const machines = (await (await request.get('/api/products?category=machine')).json()) as ListedItem[];
  const first = machines[0];
  if (!first) throw new Error('the demo catalogue has no machine');

  const entryArrived = entryWaiting(page);
  await page.goto(`/product/${first.id}`);
  await page.waitForLoadState('load');
  await entryArrived();
  // Everything is on the page as HTML; the app has not started (decision 009).
  await expect(page.getByRole('heading', { level: 1, name: first.name })).toBeVisible();
  expect(await page.locator('html[data-app-ready]').count()).toBe(0);

  // The pointer reaching the button starts the app; the click lands before it is ready and is
  // replayed exactly once (twice would skip to the third view).
  await page.getByRole('button', { name: 'Next image' }).click();
  await expect(page.getByRole('button', { name: 'Zoom in on Side View' })).toBeVisible();
  await expect(page.locator('html[data-app-ready]')).toHaveCount(1);
  // A second replay would come in the frames that follow.
  await pageSettled(page);
  await expect(page.getByRole('button', { name: 'Show Side View' })).toHaveAttribute('aria-current', 'true');
  expect(problems).toEqual([]);
});

test('the catalogue starts at the first input, and letters typed before it is ready are searched for', async ({
  page,
}) => {
  const problems = watchPageProblems(page);
  const entryArrived = entryWaiting(page);
  await page.goto('/products?tab=spares');
  await page.waitForLoadState('load');
  await entryArrived();
  expect(await page.locator('html[data-app-ready]').count()).toBe(0);

  // Focusing the box starts the app; the letters land in the field while it loads.
  await page.locator('#catalogue-search').pressSequentially('collet');
  await expect(page.locator('#catalogue-search')).toHaveValue('collet');
  await expect(page.getByText(/^Showing [\d–]+ of \d+ spare parts matching "collet"$/)).toBeVisible();
  await expect(page).toHaveURL(/q=collet/);
  expect(problems).toEqual([]);
});

test('the first scroll starts the landing app without jumping back to the top', async ({ page }) => {
  await page.goto('/');
  await page.waitForLoadState('load');
  await expect(page.getByTestId('loading-overlay')).toBeHidden({ timeout: 5000 });
  await page.mouse.move(200, 300);
  await page.mouse.wheel(0, 700);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(500);
  await page.locator('html[data-app-ready]').waitFor({ state: 'attached' });
  // Hydration and the router's scroll handling have run; the visitor is still where they scrolled to.
  await pageSettled(page);
  expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(500);
});

// The sections below the first screen are skipped until near (content-visibility: auto, decision
// 007) and hold a reserved height meanwhile: a link to one of them must still land on it.
for (const viewport of [
  { width: 390, height: 844 },
  { width: 1440, height: 900 },
]) {
  test(`a link to /#contact lands on the contact section at ${viewport.width} px`, async ({ page }) => {
    await page.setViewportSize(viewport);
    await page.goto('/#contact');
    await page.waitForLoadState('load');
    await expect(page.getByTestId('loading-overlay')).toBeHidden({ timeout: 5000 });
    // The page scrolls there smoothly (SPEC §2), which takes a slow machine a while: wait until it
    // is just below the sticky header (the section's scroll margin is 5rem), then check it stays.
    const contactTop = () =>
      page.evaluate(() => Math.round(document.getElementById('contact')!.getBoundingClientRect().top));
    const settled = async () => {
      const top = await contactTop();
      return top >= 60 && top <= 100;
    };
    await expect.poll(settled, { timeout: 10_000 }).toBe(true);
    await page.locator('html[data-app-ready]').waitFor({ state: 'attached' });
    await pageSettled(page);
    expect(await contactTop()).toBeGreaterThanOrEqual(60);
    expect(await contactTop()).toBeLessThanOrEqual(100);
    await expect(page.getByRole('heading', { name: 'Get in touch' })).toBeInViewport();
  });
}
