import { type Page } from '@playwright/test';
import { expect, test, gotoReady, pageSettled, scrollUntilShown, waitForLanding } from './fixtures';

// Each journey only looks at the pages: they can share the two servers' workers.
test.describe.configure({ mode: 'parallel' });

interface ListedItem {
  id: string;
}

interface Overlap {
  control: string;
  under: string;
}

/**
 * Every visible link or button that stays put while the page scrolls (a `position: fixed`
 * ancestor outside the header), checked against every visible text node and interactive element
 * of the page: what would sit under it at this scroll position. A text node counts only where the
 * browser actually paints its parent at that point (`elementsFromPoint`), so text clipped away by
 * a scroller or hidden behind something else does not.
 */
function findOverlaps(groupSelector: string | null = null): Overlap[] {
  // Before the app runs the contact group is not fixed (it waits at the page end): name it instead.
  const fixedAncestor = (element: Element): Element | null => {
    if (groupSelector !== null) return element.closest(groupSelector);
    for (let node: Element | null = element; node; node = node.parentElement) {
      if (getComputedStyle(node).position === 'fixed') return node;
    }
    return null;
  };
  const shown = (element: Element) =>
    element.checkVisibility({ opacityProperty: true, visibilityProperty: true, contentVisibilityAuto: true });
  const intersection = (a: DOMRect, b: DOMRect) => {
    const left = Math.max(a.left, b.left);
    const right = Math.min(a.right, b.right);
    const top = Math.max(a.top, b.top);
    const bottom = Math.min(a.bottom, b.bottom);
    return right - left > 1 && bottom - top > 1 ? { x: (left + right) / 2, y: (top + bottom) / 2 } : null;
  };
  const paintedAt = (element: Element, point: { x: number; y: number }) =>
    document.elementsFromPoint(point.x, point.y).some((hit) => hit === element || element.contains(hit));
  const describe = (element: Element) =>
    `${element.tagName.toLowerCase()} "${(element.getAttribute('aria-label') ?? element.textContent ?? '').trim().slice(0, 40)}"`;

  const controls = [...document.querySelectorAll('a[href], button')].filter((element) => {
    const fixed = fixedAncestor(element);
    if (!fixed || element.closest('header') || !shown(element)) return false;
    const box = element.getBoundingClientRect();
    return box.width > 1 && box.height > 1;
  });
  const overlaps: Overlap[] = [];
  for (const control of controls) {
    const group = fixedAncestor(control)!;
    const box = control.getBoundingClientRect();
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      if (!parent || group.contains(parent) || (node.textContent ?? '').trim() === '') continue;
      if (parent.closest('script, style, noscript, template')) continue;
      if (!intersection(parent.getBoundingClientRect(), box) || !shown(parent)) continue;
      const range = document.createRange();
      range.selectNodeContents(node);
      for (const rect of range.getClientRects()) {
        const point = intersection(rect, box);
        if (point && paintedAt(parent, point)) {
          overlaps.push({
            control: describe(control),
            under: `text "${(node.textContent ?? '').trim().slice(0, 40)}"`,
          });
          break;
        }
      }
    }
    const interactive = 'a[href], button, input, select, textarea, summary, [tabindex]:not([tabindex="-1"])';
    for (const element of document.querySelectorAll(interactive)) {
      if (group.contains(element) || !shown(element)) continue;
      const point = intersection(element.getBoundingClientRect(), box);
      if (point && paintedAt(element, point)) overlaps.push({ control: describe(control), under: describe(element) });
    }
  }
  return overlaps;
}

/**
 * Scrolls the whole page in steps of a third of the screen and lists what sat under a floating
 * control. `groupSelector` names the group on a page without JavaScript, where nothing reacts to
 * the scroll (and the browser runs no frame callbacks to wait on).
 */
async function scrollThrough(page: Page, groupSelector: string | null = null): Promise<string[]> {
  const problems: string[] = [];
  const viewport = page.viewportSize()!;
  const step = Math.round(viewport.height / 3);
  for (let y = 0; ; y += step) {
    const scrolled = await page.evaluate((top) => {
      window.scrollTo({ top, behavior: 'instant' });
      return { y: window.scrollY, max: document.documentElement.scrollHeight - window.innerHeight };
    }, y);
    // The page may react to the scroll (the bar, the floating group): let it settle.
    if (groupSelector === null) {
      await pageSettled(page);
      // On a busy machine the group's watcher (or a section drawn as it nears the screen) can
      // answer after that: a group that is still over text after 2 s more is a failure.
      await expect
        .poll(() => page.evaluate(findOverlaps, groupSelector), { timeout: 2000 })
        .toEqual([])
        .catch(() => undefined);
    }
    for (const overlap of await page.evaluate(findOverlaps, groupSelector)) {
      problems.push(`at y=${scrolled.y}: ${overlap.control} covers ${overlap.under}`);
    }
    if (scrolled.y >= scrolled.max) break;
  }
  return problems;
}

async function publicPages(page: Page): Promise<string[]> {
  const response = await page.request.get('/api/products?category=machine');
  const machines = (await response.json()) as ListedItem[];
  const first = machines[0];
  if (!first) throw new Error('the demo catalogue has no machine');
  return ['/', '/products', `/product/${first.id}`, '/no/such/page'];
}

/**
 * To the very end of the page, once it has stopped growing: cards drawn as they come into view
 * change its height after the first jump, and a group checked at the old end would sit over text.
 */
async function scrollToEnd(page: Page): Promise<void> {
  let last = -1;
  let steady = 0;
  for (let attempt = 0; attempt < 40 && steady < 3; attempt += 1) {
    const { height, gap } = await page.evaluate(() => {
      window.scrollTo({ top: document.documentElement.scrollHeight, behavior: 'instant' });
      return {
        height: document.documentElement.scrollHeight,
        gap: document.documentElement.scrollHeight - (window.scrollY + window.innerHeight),
      };
    });
    steady = height === last && gap <= 1 ? steady + 1 : 0;
    last = height;
    await pageSettled(page);
  }
  expect(steady, 'the page kept growing at its end').toBe(3);
}

async function openPage(page: Page, url: string): Promise<void> {
  await gotoReady(page, url);
  if (url === '/') await waitForLanding(page);
}

for (const viewport of [
  { width: 390, height: 844 },
  { width: 1440, height: 900 },
]) {
  test.describe(`at ${viewport.width}×${viewport.height}`, () => {
    test.use({ viewport });

    test('nothing on any public page ever sits under a floating control', async ({ page }) => {
      test.setTimeout(240_000);
      const problems: string[] = [];
      for (const url of await publicPages(page)) {
        await openPage(page, url);
        problems.push(...(await scrollThrough(page)).map((problem) => `${url} ${problem}`));
      }
      expect(problems).toEqual([]);
    });

    test('every public page shows the WhatsApp and chat pair, and the way back to the top past 500 px apart from it', async ({
      page,
    }) => {
      for (const url of await publicPages(page)) {
        await openPage(page, url);
        await scrollUntilShown(page, url);
        const group = page.getByRole('group', { name: 'Quick contact' });
        const whatsapp = group.getByRole('link', { name: /^WhatsApp us/ });
        const chat = group.getByRole('button', { name: 'Open chat' });
        // Both shown at once: no menu to open first.
        await expect(whatsapp).toBeVisible();
        await expect(whatsapp).toHaveAttribute('href', /^https:\/\/wa\.me\//);
        await expect(chat).toBeVisible();
        await expect(chat).toHaveAttribute('aria-expanded', 'false');
        // SPEC §2: the way back to the top is offered past 500 px, covering neither of the pair.
        const backToTop = group.getByRole('button', { name: 'Back to top' });
        if ((await page.evaluate(() => window.scrollY)) > 500) {
          await expect(backToTop).toBeVisible();
          const top = (await backToTop.boundingBox())!;
          for (const other of [whatsapp, chat]) {
            const box = (await other.boundingBox())!;
            const apart =
              top.x + top.width <= box.x ||
              box.x + box.width <= top.x ||
              top.y + top.height <= box.y ||
              box.y + box.height <= top.y;
            expect(apart, url).toBe(true);
          }
        } else await expect(backToTop).toHaveCount(0);

        await chat.click();
        await expect(page.getByRole('dialog', { name: 'Chat with us' })).toBeVisible();
        await expect(page.getByRole('textbox', { name: 'Type your message' })).toBeFocused();
        await page.keyboard.press('Escape');
        await expect(page.getByRole('dialog', { name: 'Chat with us' })).toBeHidden();
        await expect(group.getByRole('button', { name: 'Open chat' })).toBeFocused();
      }
    });
  });
}

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the group steps aside while the contact form is in view or a field has focus', async ({ page }) => {
    await openPage(page, '/');
    const toggle = page.getByRole('group', { name: 'Quick contact' });
    await scrollToEnd(page);
    await expect(toggle).toBeVisible();

    await page.locator('#contact').evaluate((section) => section.scrollIntoView({ behavior: 'instant' }));
    await expect(toggle).toBeHidden();

    await openPage(page, '/products');
    await scrollToEnd(page);
    await expect(toggle).toBeVisible();
    await page.getByRole('searchbox').focus();
    await expect(toggle).toBeHidden();
  });
});

test('the pair works from the keyboard: Tab goes from WhatsApp to the chat, Enter opens it, Escape closes it', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await openPage(page, '/no/such/page');
  const group = page.getByRole('group', { name: 'Quick contact' });
  // On a busy machine the pair can still be changing after the app is ready (it stays hidden until
  // its watching code has looked at what lies under it): once, in CI with the engines pass beside
  // the journeys, the Tab below did not reach the chat. Start from a pair at rest.
  await expect(page.locator('[data-floating-actions]')).not.toHaveAttribute('data-awaiting-clearance');
  await pageSettled(page);
  const whatsApp = group.getByRole('link', { name: /^WhatsApp us/ });
  await expect(whatsApp).toBeVisible();
  await whatsApp.focus();
  await expect(whatsApp).toBeFocused();
  await page.keyboard.press('Tab');
  const chat = group.getByRole('button', { name: 'Open chat' });
  await expect(chat).toBeFocused();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Chat with us' });
  await expect(dialog).toBeVisible();
  // The chat takes the focus once it has drawn (its input); Escape is the chat's from then on.
  await expect(dialog.getByLabel('Type your message')).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog', { name: 'Chat with us' })).toBeHidden();
  await expect(chat).toBeFocused();
});

test('when the app takes over, the group stays unseen until it has looked at what lies under it', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  // The watching code loads after the app starts; on a slow phone that takes a while. Hold it.
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/assets/watch-clearance-*.js', async (route) => {
    await held;
    await route.continue();
  });
  await gotoReady(page, '/');
  await waitForLanding(page);
  const group = page.locator('[data-floating-actions]');
  await expect(group).toHaveCSS('position', 'fixed');
  // At the top of the home page on a phone the statistics lie where the button floats.
  expect(await page.evaluate(findOverlaps, null)).toEqual([]);
  await expect(page.getByRole('group', { name: 'Quick contact' })).toBeHidden();

  release();
  await expect(group).not.toHaveAttribute('data-awaiting-clearance');
  await pageSettled(page);
  expect(await page.evaluate(findOverlaps, null)).toEqual([]);
  await page.evaluate(() => window.scrollTo({ top: document.documentElement.scrollHeight, behavior: 'instant' }));
  await expect(page.getByRole('group', { name: 'Quick contact' })).toBeVisible();
});

test.describe('before the app starts', () => {
  test.use({ javaScriptEnabled: false, viewport: { width: 390, height: 844 } });

  for (const width of [390, 1440]) {
    test(`the group covers nothing at any scroll position without the app at ${width} px`, async ({ page }) => {
      await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
      for (const url of await publicPages(page)) {
        await page.goto(url);
        await expect(page.getByRole('group', { name: 'Quick contact' })).toHaveCount(1);
        expect(await scrollThrough(page, '[data-floating-actions]'), url).toEqual([]);
      }
    });
  }

  test('the WhatsApp link of the pair works as HTML', async ({ page }) => {
    for (const url of ['/', '/products', '/no/such/page']) {
      await page.goto(url);
      await page.evaluate(() => window.scrollTo({ top: document.documentElement.scrollHeight, behavior: 'instant' }));
      const whatsapp = page.getByRole('group', { name: 'Quick contact' }).getByRole('link', { name: /^WhatsApp us/ });
      await expect(whatsapp, url).toBeVisible();
      await expect(whatsapp, url).toHaveAttribute('href', /^https:\/\/wa\.me\//);
    }
  });
});
