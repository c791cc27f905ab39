import fs from 'node:fs';
import { createRequire } from 'node:module';
import { type APIRequestContext, type Page } from '@playwright/test';
import type { AxeResults } from 'axe-core';
import { expect, test, loginAsAdmin, waitForLanding } from './fixtures';

const axeSource = fs.readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** WCAG 2.1 A and AA (contrast 4.5:1, 3:1 for large text; ARIA; structure) plus headings in order. */
async function axeViolations(page: Page): Promise<string[]> {
  // Sections below the fold skip rendering until near (decision 007); render them all to check them.
  await page.addStyleTag({ content: '* { content-visibility: visible !important; }' });
  // Evaluated through the browser's debugging channel, so the page's CSP does not stop it.
  await page.evaluate(axeSource);
  const results = await page.evaluate(() =>
    (window as unknown as { axe: { run: (context: Document, options: object) => Promise<AxeResults> } }).axe.run(
      document,
      {
        runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] },
        rules: { 'heading-order': { enabled: true } },
      },
    ),
  );
  const violations = results.violations.flatMap((violation) =>
    violation.nodes.map((node) => `${violation.id}: ${node.target.join(' ')} — ${node.failureSummary ?? ''}`),
  );
  // axe cannot judge text over a gradient (the hero, the bar) and leaves it for review: judge it here.
  const overGradients = results.incomplete
    .filter((result) => result.id === 'color-contrast')
    .flatMap((result) => result.nodes.map((node) => node.target.join(' ')));
  return [...violations, ...(await gradientContrastFailures(page, overGradients))];
}

/**
 * For text axe leaves for review (over a gradient, mostly): its contrast against every colour
 * stop of the backgrounds painted under it, found in paint order at the text's centre (the fixed
 * bar sits over the hero, not inside it), translucent layers composited over the ones below, so
 * the worst point counts. WCAG: 4.5:1, or 3:1 for large text (24 px, or 18.66 px bold).
 */
async function gradientContrastFailures(page: Page, selectors: string[]): Promise<string[]> {
  return page.evaluate((targets) => {
    const canvas = document.createElement('canvas');
    canvas.width = canvas.height = 1;
    const context = canvas.getContext('2d', { willReadFrequently: true })!;
    const rgba = (colour: string): number[] => {
      context.clearRect(0, 0, 1, 1);
      context.fillStyle = colour;
      context.fillRect(0, 0, 1, 1);
      const [r = 0, g = 0, b = 0, a = 0] = context.getImageData(0, 0, 1, 1).data;
      return [r, g, b, a / 255];
    };
    const over = (top: number[], below: number[]) =>
      [0, 1, 2].map((i) => top[i]! * top[3]! + below[i]! * (1 - top[3]!)).concat(1 - (1 - top[3]!) * (1 - below[3]!));
    const luminance = (colour: number[]) => {
      const [r, g, b] = colour.slice(0, 3).map((channel) => {
        const c = channel / 255;
        return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
      });
      return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
    };
    const contrast = (a: number[], b: number[]) => {
      const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x);
      return (light! + 0.05) / (dark! + 0.05);
    };
    const COLOUR = /(?:rgba?|oklch|oklab|lab|lch|hsla?|color)\([^)]*\)/g;
    /** An element's own background as the colours it can show: gradient stops over its colour. */
    const opacityOf = (element: Element): number => {
      let opacity = 1;
      for (let node: Element | null = element; node; node = node.parentElement) {
        opacity *= Number(getComputedStyle(node).opacity);
      }
      return opacity;
    };
    const layersOf = (element: Element): number[][][] => {
      const style = getComputedStyle(element);
      const opacity = opacityOf(element);
      const faded = (colour: number[]) => [...colour.slice(0, 3), colour[3]! * opacity];
      const layers: number[][][] = [];
      let stops = (style.backgroundImage.match(COLOUR) ?? []).map(rgba).map(faded);
      // A small repeated tile (the hero's dot texture) mostly shows its outer colour: text is
      // read against that, not against one pixel of a dot.
      if (stops.length > 0 && /^\d+(\.\d+)?px \d+(\.\d+)?px$/.test(style.backgroundSize)) stops = stops.slice(-1);
      if (stops.length > 0) layers.push(stops);
      const colour = faded(rgba(style.backgroundColor));
      if (colour[3]! > 0) layers.push([colour]);
      return layers;
    };

    const failures: string[] = [];
    for (const selector of targets) {
      const element = document.querySelector(selector);
      if (!element) continue;
      const box = element.getBoundingClientRect();
      const painted = document.elementsFromPoint(box.left + box.width / 2, box.top + box.height / 2);
      const from = painted.findIndex((candidate) => candidate === element || candidate.contains(element));
      let backgrounds: number[][] = [[0, 0, 0, 0]];
      for (const layer of painted.slice(Math.max(from, 0)).flatMap(layersOf)) {
        backgrounds = backgrounds.flatMap((top) => layer.map((stop) => over(top, stop)));
        if (backgrounds.every((colour) => colour[3] === 1)) break;
      }
      backgrounds = backgrounds.map((colour) => over(colour, [255, 255, 255, 1]));
      const style = getComputedStyle(element);
      const size = parseFloat(style.fontSize);
      const large = size >= 24 || (size >= 18.66 && Number(style.fontWeight) >= 700);
      const worst = Math.min(
        ...backgrounds.map((background) => contrast(over(rgba(style.color), background), background)),
      );
      if (worst < (large ? 3 : 4.5)) failures.push(`contrast ${worst.toFixed(2)} over ${selector}`);
    }
    return failures;
  }, selectors);
}

async function firstItemId(request: APIRequestContext, endpoint: string) {
  const items = (await (await request.get(endpoint)).json()) as { id: string }[];
  return items[0]!.id;
}

for (const viewport of [
  { width: 390, height: 844 },
  { width: 1440, height: 900 },
]) {
  test(`public pages pass axe (contrast, ARIA, headings) at ${viewport.width} px`, async ({ page, request }) => {
    await page.setViewportSize(viewport);
    const pages = [
      '/',
      '/products',
      '/products?tab=services',
      `/product/${await firstItemId(request, '/api/products')}`,
      `/product/${await firstItemId(request, '/api/services')}`,
      '/no/such/page',
    ];
    for (const url of pages) {
      await page.goto(url);
      if (url === '/') await waitForLanding(page);
      expect(await axeViolations(page), url).toEqual([]);
    }
  });
}

test('admin screens pass axe (no caption before a table, no label on a plain span) at 1440 px', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await loginAsAdmin(page);
  for (const url of ['/admin/dashboard', '/admin/activity', '/admin/products', '/admin/featured-products']) {
    await page.goto(url);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByText('Loading...')).toHaveCount(0);
    expect(await axeViolations(page), url).toEqual([]);
  }
});
