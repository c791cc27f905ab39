import { rawBody } from './api';
import { median } from './stats';

/** The sheets of the same items in one of the other languages (decision 073). */
export interface SpecSheetLanguageFigures {
  /** Each item's first request in the language: rendered with its Noto font and shaped by fontkit. */
  coldMs: number[];
  coldMedianMs: number | null;
  coldMaxMs: number | null;
  /** The first sheet in the language in the process: it also reads and parses the language's fonts. */
  firstMs: number | null;
  bytes: number[];
}

export const SHEET_LANGUAGES = ['ta', 'hi'] as const;
export type SheetLanguage = (typeof SHEET_LANGUAGES)[number];
export const SHEET_LANGUAGE_NAMES: Record<SheetLanguage, string> = { ta: 'Tamil', hi: 'Hindi' };

/** How long a spec sheet PDF takes, rendered for the first time and then from the cache. */
export interface SpecSheetFigures {
  /** The first request for each of these items' sheets: each one rendered (picture, fonts, QR code). */
  coldMs: number[];
  coldMedianMs: number | null;
  coldMaxMs: number | null;
  /** The same sheet asked for again and again: served from the response cache. */
  cachedMs: number[];
  cachedMedianMs: number | null;
  /** Sizes of the sheets rendered. */
  bytes: number[];
  /** The same items' sheets at /ta/… and /hi/…, after the English ones. */
  languages: Record<SheetLanguage, SpecSheetLanguageFigures>;
  method: string;
}

async function ids(origin: string, apiPath: string, count: number): Promise<string[]> {
  const items = JSON.parse((await rawBody(origin + apiPath)).toString('utf8')) as { id: string }[];
  return items.slice(0, count).map((item) => item.id);
}

async function timed(url: string): Promise<{ ms: number; bytes: number }> {
  const started = performance.now();
  const body = await rawBody(url);
  const ms = performance.now() - started;
  if (body.subarray(0, 5).toString('latin1') !== '%PDF-') throw new Error(`${url} did not answer a PDF`);
  return { ms, bytes: body.length };
}

export async function measureSpecSheets(origin: string, quick: boolean): Promise<SpecSheetFigures> {
  // Machines, parts and services of the demo catalogue, each with its picture (all of the kinds a
  // sheet is drawn for); asked for one after another, so each time is one render alone.
  const perKind = quick ? 2 : 4;
  const items = [
    ...(await ids(origin, '/api/products', perKind)),
    ...(await ids(origin, '/api/spareparts', perKind)),
    ...(await ids(origin, '/api/services', Math.ceil(perKind / 2))),
  ];
  if (items.length === 0) throw new Error('no items to render spec sheets for');
  const cold = [];
  for (const id of items) cold.push(await timed(`${origin}/product/${id}/spec-sheet.pdf`));

  const cachedUrl = `${origin}/product/${items[0]}/spec-sheet.pdf`;
  const cachedMs: number[] = [];
  for (let run = 0; run < (quick ? 20 : 100); run += 1) cachedMs.push((await timed(cachedUrl)).ms);

  const languages = {} as Record<SheetLanguage, SpecSheetLanguageFigures>;
  for (const language of SHEET_LANGUAGES) {
    const runs = [];
    for (const id of items) runs.push(await timed(`${origin}/${language}/product/${id}/spec-sheet.pdf`));
    const ms = runs.map((run) => run.ms);
    languages[language] = {
      coldMs: ms,
      coldMedianMs: median(ms),
      coldMaxMs: Math.max(...ms),
      firstMs: ms[0] ?? null,
      bytes: runs.map((run) => run.bytes),
    };
  }

  const coldMs = cold.map((run) => run.ms);
  return {
    coldMs,
    coldMedianMs: median(coldMs),
    coldMaxMs: Math.max(...coldMs),
    cachedMs,
    cachedMedianMs: median(cachedMs),
    bytes: cold.map((run) => run.bytes),
    languages,
    method:
      'GET /product/{id}/spec-sheet.pdf on loopback, request to last byte, one at a time, load shedding off: ' +
      "cold = each item's first request after the server started (one render each, the first also reads the " +
      'fonts); cached = one sheet asked for again, served from the response cache. Then the same items at ' +
      "/ta/… and /hi/…: each item's first request in the language (items without translations print the " +
      "sheet's own words in the language and their English texts; the first also reads the Noto fonts).",
  };
}
