import fs from 'node:fs/promises';
import path from 'node:path';
import type { Browser } from '@playwright/test';

/** The folder inside the web build the bench serves its reference files from; removed at the end. */
export const benchDir = (webDistDir: string) => path.join(webDistDir, 'bench');

// A rebuild of the web app during a run empties its folder; the files are kept here to put back.
const written = new Map<string, string | Buffer>();

async function writeBenchFile(webDistDir: string, name: string, content: string | Buffer): Promise<void> {
  const file = path.join(benchDir(webDistDir), name);
  written.set(file, content);
  await fs.mkdir(path.dirname(file), { recursive: true });
  await fs.writeFile(file, content);
}

/** Puts back any reference file a rebuild removed; called right before each measurement. */
export async function restoreBenchFiles(): Promise<void> {
  for (const [file, content] of written) {
    const present = await fs.stat(file).then(
      () => true,
      () => false,
    );
    if (present) continue;
    await fs.mkdir(path.dirname(file), { recursive: true });
    await fs.writeFile(file, content);
  }
}

function stripScripts(html: string): string {
  return html
    .replace(/<script\b[^>]*>[\s\S]*?<\/script>/gi, '')
    .replace(/<link\b[^>]*rel=["']?modulepreload["']?[^>]*>/gi, '');
}

const hasEmptyRoot = (html: string) => /<div id="root">\s*<\/div>/.test(html);

/**
 * The "physical limit" for the landing page: the same markup and CSS with no script at all.
 * Server-rendered HTML is used as it is; before server rendering existed the root was empty,
 * so the DOM Chromium built is captured instead.
 */
export async function writeStaticLanding(browser: Browser, origin: string, webDistDir: string) {
  const served = await fetch(`${origin}/`).then((r) => r.text());
  let source: 'server-html' | 'rendered-dom' = 'server-html';
  let html = served;
  if (hasEmptyRoot(served)) {
    source = 'rendered-dom';
    const page = await browser.newPage();
    await page.goto(`${origin}/`, { waitUntil: 'networkidle' });
    html = `<!doctype html>\n${await page.evaluate(() => document.documentElement.outerHTML)}`;
    await page.close();
  }
  const limit = stripScripts(html);
  await writeBenchFile(webDistDir, 'static-landing.html', limit);
  await writeBenchFile(webDistDir, 'static-landing-without-overlay.html', withoutArrivalOverlay(limit));
  return {
    url: `${origin}/bench/static-landing.html`,
    /** The same, without SPEC §2's 1.5 s arrival overlay: what the overlay costs the Speed Index. */
    withoutOverlayUrl: `${origin}/bench/static-landing-without-overlay.html`,
    source,
  };
}

/** Where the element whose content starts at `from` ends, counting nested elements of its name. */
function closingTagEnd(html: string, name: string, from: number): number | undefined {
  const tags = new RegExp(`<(/?)${name}\\b[^>]*>`, 'g');
  tags.lastIndex = from;
  let depth = 1;
  for (let tag = tags.exec(html); tag !== null; tag = tags.exec(html)) {
    depth += tag[1] === '/' ? -1 : 1;
    if (depth === 0) return tag.index + tag[0].length;
  }
  return undefined;
}

/** The markup without the arrival overlay's element (`data-arrival-overlay`) and all inside it. */
export function withoutArrivalOverlay(html: string): string {
  const opening = /<div\b[^>]*\sdata-arrival-overlay\b[^>]*>/.exec(html);
  if (opening === null) throw new Error('the landing page has no arrival overlay to leave out');
  const end = closingTagEnd(html, 'div', opening.index + opening[0].length);
  if (end === undefined) throw new Error('the arrival overlay is not closed');
  return html.slice(0, opening.index) + html.slice(end);
}

/** Writes a response body as a static file next to the app so the same process serves both. */
export async function writeStaticTwin(
  webDistDir: string,
  name: string,
  body: Buffer,
  extension: 'json' | 'html' = 'json',
): Promise<string> {
  await writeBenchFile(webDistDir, `${name}.${extension}`, body);
  return `/bench/${name}.${extension}`;
}

export async function removeBenchDir(webDistDir: string): Promise<void> {
  await fs.rm(benchDir(webDistDir), { recursive: true, force: true });
}
