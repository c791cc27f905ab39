import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { SsrEntryModule } from '@capstan/shared';
import { PageStylesheet } from './page-stylesheet';

/** The parts of apps/web/index.html around which each page is assembled. */
export interface HtmlTemplate {
  beforeHead: string;
  /** The build's default <title> and description, used when a page has no metadata of its own. */
  defaultHead: string;
  afterHeadToRoot: string;
  afterRootToData: string;
  afterData: string;
}

interface ManifestChunk {
  file: string;
  imports?: string[];
  css?: string[];
}

/** What the server needs from `npm run build`: the HTML template, the chunk manifest and the renderer. */
export interface WebBuild {
  template: HtmlTemplate;
  entry: SsrEntryModule;
  /** The files of the given source modules' chunks and of the chunks they import, each once. */
  chunkFiles: (modules: readonly string[]) => string[];
  /** The app's stylesheet, cut to each page's rules; absent when it stays a linked file. */
  stylesheet?: PageStylesheet;
}

const MARKERS = ['<!--app-head-->', '<!--/app-head-->', '<!--app-html-->', '<!--app-data-->'] as const;

export function parseTemplate(html: string): HtmlTemplate {
  const parts: string[] = [];
  let rest = html;
  for (const marker of MARKERS) {
    const at = rest.indexOf(marker);
    if (at === -1) throw new Error(`The web app's index.html lacks the ${marker} marker; rebuild it (npm run build)`);
    parts.push(rest.slice(0, at));
    rest = rest.slice(at + marker.length);
  }
  parts.push(rest);
  const [beforeHead = '', defaultHead = '', afterHeadToRoot = '', afterRootToData = '', afterData = ''] = parts;
  return { beforeHead, defaultHead, afterHeadToRoot, afterRootToData, afterData };
}

const STYLESHEET_LINK = /<link rel="stylesheet"[^>]*href="\/(assets\/[^"]+\.css)"[^>]*>/;
/** Where each page's styles go in the template (see PageStylesheet). */
export const STYLE_MARKER = '<!--app-style-->';

/**
 * Takes the app's stylesheet link out of the template, leaving a marker where each page puts its
 * styles. Inline, the page paints as soon as its HTML is in: a linked stylesheet would block the
 * first paint and share a slow connection with the scripts. The CSP allows inline styles (not
 * scripts). A sheet that could close the <style> element stays linked.
 */
export function extractStylesheet(html: string, distDir: string): { html: string; stylesheet?: PageStylesheet } {
  const link = STYLESHEET_LINK.exec(html);
  if (link === null) return { html };
  const file = link[1]!;
  const css = fs.readFileSync(path.join(distDir, file), 'utf8');
  if (css.includes('</')) return { html };
  return { html: html.replace(link[0], STYLE_MARKER), stylesheet: new PageStylesheet(css, `/${file}`) };
}

/**
 * The page is already rendered, so its scripts (hydration) must not compete with the HTML, the
 * styles and the first images for a slow connection: the small entry is fetched at low priority
 * and the app's chunks only after the first paint (main.tsx preloads them then).
 */
export function deprioritizeScripts(html: string): string {
  return html
    .replace(/<script type="module" crossorigin /g, '<script type="module" crossorigin fetchpriority="low" ')
    .replace(/<link rel="modulepreload"[^>]*>\s*/g, '');
}

function readManifest(distDir: string): Record<string, ManifestChunk> {
  const file = path.join(distDir, '.vite', 'manifest.json');
  if (!fs.existsSync(file)) return {};
  return JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, ManifestChunk>;
}

/** Root-relative URLs of the chunks of the given modules and of the chunks they import, each once. */
export function chunkFilesFor(manifest: Record<string, ManifestChunk>, modules: readonly string[]): string[] {
  const files = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || files.has(chunk.file)) return;
    files.add(chunk.file);
    chunk.imports?.forEach(visit);
  };
  modules.forEach(visit);
  return [...files].map((file) => `/${file}`);
}

function isEntryModule(value: unknown): value is SsrEntryModule {
  return typeof value === 'object' && value !== null && typeof (value as { render?: unknown }).render === 'function';
}

/** Loads the built web app, or returns undefined when it has not been built (API-only runs and tests). */
export async function loadWebBuild(distDir: string, ssrEntryPath: string): Promise<WebBuild | undefined> {
  const indexFile = path.join(distDir, 'index.html');
  if (!fs.existsSync(indexFile)) return undefined;
  if (!fs.existsSync(ssrEntryPath)) {
    throw new Error(`The web app is built but its server renderer is missing at ${ssrEntryPath}; run npm run build`);
  }
  const { html, stylesheet } = extractStylesheet(fs.readFileSync(indexFile, 'utf8'), distDir);
  const template = parseTemplate(deprioritizeScripts(html));
  const manifest = readManifest(distDir);
  const entry: unknown = await import(pathToFileURL(ssrEntryPath).href);
  if (!isEntryModule(entry)) throw new Error(`${ssrEntryPath} does not export render()`);
  return { template, entry, chunkFiles: (modules) => chunkFilesFor(manifest, modules), stylesheet };
}
