import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { SsrEntryModule } from '@capstan/shared';
import { PageStylesheet } from './page-stylesheet';

/**
 * The parts of apps/web/index.html around which each page is assembled. What the build wrote
 * between the page head's end marker and `</head>` (its entry script and stylesheet tags) is left
 * out: the server writes its own tags there, from Vite's manifest (see `BuildAssets`).
 */
export interface HtmlTemplate {
  beforeHead: string;
  /** `</head>` and what follows, up to the root element's content. */
  afterHeadToRoot: string;
  afterRootToData: string;
  afterData: string;
}

interface ManifestChunk {
  file: string;
  imports?: string[];
  css?: string[];
}

/** The built files every page refers to, as root-relative URLs, read from Vite's manifest. */
export interface BuildAssets {
  /** The app's entry module (index.html's script). */
  entry: string;
  /** The loader of the pages that wait for the visitor (apps/web/src/boot/deferred-start.ts). */
  loader: string;
  /** The app's one stylesheet. */
  stylesheet: string;
}

/** A built chunk: its root-relative URL and its size on disk. */
export interface ChunkFile {
  url: string;
  bytes: number;
}

/** What the server needs from `npm run build`: the HTML template, the chunk manifest and the renderer. */
export interface WebBuild {
  template: HtmlTemplate;
  entry: SsrEntryModule;
  assets: BuildAssets;
  /** The files of the given source modules' chunks and of the chunks they import, each once. */
  chunkFiles: (modules: readonly string[]) => ChunkFile[];
  /** The app's stylesheet, cut to each page's rules; absent when it stays a linked file. */
  stylesheet?: PageStylesheet;
}

const MARKERS = ['<!--app-head-->', '<!--/app-head-->', '</head>', '<!--app-html-->', '<!--app-data-->'] as const;

export function parseTemplate(html: string): HtmlTemplate {
  const parts: string[] = [];
  let rest = html;
  for (const marker of MARKERS) {
    const at = rest.indexOf(marker);
    if (at === -1) throw new Error(`The web app's index.html lacks the ${marker} marker; rebuild it (npm run build)`);
    parts.push(rest.slice(0, at));
    // `</head>` is markup of the page, not a marker: it stays, at the start of the next part.
    rest = marker === '</head>' ? rest.slice(at) : rest.slice(at + marker.length);
  }
  parts.push(rest);
  // Not kept: the default title and description (each page writes its own head) and Vite's tags.
  const [beforeHead = '', , , afterHeadToRoot = '', afterRootToData = '', afterData = ''] = parts;
  return { beforeHead, afterHeadToRoot, afterRootToData, afterData };
}

/** The manifest's key for the loader: its source file, a Rollup input of apps/web/vite.config.ts. */
const LOADER_SOURCE = 'src/boot/deferred-start.ts';
const ENTRY_SOURCE = 'index.html';
/** With `cssCodeSplit: false`, Vite writes the app's one stylesheet under this name. */
const STYLESHEET_SOURCE = 'style.css';

export function buildAssets(manifest: Record<string, ManifestChunk>): BuildAssets {
  const file = (key: string) => {
    const chunk = manifest[key];
    if (chunk === undefined) throw new Error(`The web build's manifest lacks ${key}; rebuild it (npm run build)`);
    return `/${chunk.file}`;
  };
  return { entry: file(ENTRY_SOURCE), loader: file(LOADER_SOURCE), stylesheet: file(STYLESHEET_SOURCE) };
}

/**
 * The stylesheet, for each page to inline its part (PageStylesheet). A sheet that could close
 * the <style> element stays a plain linked file.
 */
function readStylesheet(distDir: string, href: string): PageStylesheet | undefined {
  const css = fs.readFileSync(path.join(distDir, href), 'utf8');
  return css.includes('</') ? undefined : new PageStylesheet(css, href);
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

/** Each built chunk's size, read from disk once when the build is loaded: its files never change. */
function chunkSizes(distDir: string, manifest: Record<string, ManifestChunk>): ReadonlyMap<string, number> {
  const sizes = new Map<string, number>();
  for (const { file } of Object.values(manifest)) {
    const url = `/${file}`;
    if (!sizes.has(url)) sizes.set(url, fs.statSync(path.join(distDir, file)).size);
  }
  return sizes;
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
  const template = parseTemplate(fs.readFileSync(indexFile, 'utf8'));
  const manifest = readManifest(distDir);
  const assets = buildAssets(manifest);
  const entry: unknown = await import(pathToFileURL(ssrEntryPath).href);
  if (!isEntryModule(entry)) throw new Error(`${ssrEntryPath} does not export render()`);
  const sizes = chunkSizes(distDir, manifest);
  return {
    template,
    entry,
    assets,
    chunkFiles: (modules) => chunkFilesFor(manifest, modules).map((url) => ({ url, bytes: sizes.get(url) ?? 0 })),
    stylesheet: readStylesheet(distDir, assets.stylesheet),
  };
}
