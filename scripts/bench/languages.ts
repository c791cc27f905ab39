import { gzipSync } from 'node:zlib';
import type { PageBundle } from './bundle';
import type { BudgetRow } from './report-format';

/** Issue 38's budgets: a Tamil or Hindi page costs little more than the English one. */
export const LANGUAGE_PAGE_GZIP_FACTOR = 1.15;
export const LANGUAGE_JS_EXTRA_BYTES = 10 * 1024;

export interface LanguagePageFigures {
  /** Each page's HTML as the server renders it, gzip at zlib's default level. */
  pages: { path: string; htmlGzipBytes: number }[];
}

/** The pages in each language, and which English page each is compared with. */
export function languageRoutes(productId: string): { path: string; english: string }[] {
  return [
    { path: '/ta/', english: '/' },
    { path: '/hi/', english: '/' },
    { path: `/ta/product/${productId}`, english: `/product/${productId}` },
    { path: `/hi/product/${productId}`, english: `/product/${productId}` },
  ];
}

export async function measureLanguagePages(origin: string, productId: string): Promise<LanguagePageFigures> {
  const paths = new Set(languageRoutes(productId).flatMap(({ path, english }) => [english, path]));
  const pages: LanguagePageFigures['pages'] = [];
  for (const path of paths) {
    const response = await fetch(origin + path);
    if (!response.ok) throw new Error(`${path} answered ${response.status}`);
    pages.push({ path, htmlGzipBytes: gzipSync(Buffer.from(await response.arrayBuffer())).length });
  }
  return { pages };
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

export function languageBudgets(
  figures: LanguagePageFigures,
  bundles: readonly PageBundle[],
  productId: string,
): BudgetRow[] {
  const rows: BudgetRow[] = [];
  const html = (path: string) => figures.pages.find((page) => page.path === path)?.htmlGzipBytes;
  const js = (path: string) => bundles.find((page) => page.route === path)?.jsGzipBytes;
  for (const { path, english } of languageRoutes(productId)) {
    const ours = html(path);
    const base = html(english);
    if (ours !== undefined && base !== undefined) {
      const factor = ours / base;
      rows.push({
        budget: `HTML gzip ${path} ÷ ${english}`,
        value: `${factor.toFixed(2)}× (${kb(ours)} vs ${kb(base)})`,
        limit: `≤ ${LANGUAGE_PAGE_GZIP_FACTOR.toFixed(2)}×`,
        pass: factor <= LANGUAGE_PAGE_GZIP_FACTOR,
      });
    }
    const oursJs = js(path);
    const baseJs = js(english);
    if (oursJs !== undefined && baseJs !== undefined) {
      rows.push({
        budget: `JS loaded by ${path} − ${english} (gzip)`,
        value: kb(oursJs - baseJs),
        limit: `≤ ${kb(LANGUAGE_JS_EXTRA_BYTES)}`,
        pass: oursJs - baseJs <= LANGUAGE_JS_EXTRA_BYTES,
      });
    }
  }
  return rows;
}
