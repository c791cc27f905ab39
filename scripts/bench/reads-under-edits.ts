import { setTimeout as sleep } from 'node:timers/promises';
import { LIST_PAGE_LIMIT } from '@capstan/shared';
import { BROWSER_ACCEPT_ENCODING, failuresText, load, type LoadFigures } from './api';
import type { BudgetRow, Section } from './report-format';
import { ms } from './report-format';
import { median } from './stats';

/**
 * Issue 37's business day: visitors read (lists, searches, product pages, `/`) while a member of
 * staff saves one spare part a second and another imports a price list of 1,000 parts each
 * minute. The same readers run once without the writes and once with them; an edit is timed from
 * its save until a visitor's search finds it on every instance.
 */
export interface ReadsUnderEditsFigures {
  spareParts: number;
  connections: number;
  seconds: number;
  withoutEdits: LoadFigures;
  withEdits: LoadFigures;
  /** The same, reading only narrowed lists: a machine's parts, a range filter, both (readers of the catalogue's filters). */
  narrowedWithoutEdits: LoadFigures;
  narrowedWithEdits: LoadFigures;
  edits: number;
  failedEdits: number;
  /** Saved, yet not found on every instance within 5 s. */
  unseenEdits: number;
  /** The first failed save's status and answer, so a run whose saves failed cannot pass for one with edits. */
  firstFailure: string | null;
  /** From the save's start to the first visitor search that finds the new name. */
  visibleMedianMs: number | null;
  visibleMaxMs: number | null;
  /** From the save's start to its answer. */
  saveMedianMs: number | null;
  saveMaxMs: number | null;
  /** Imports of IMPORT_ROWS parts' prices, one at the start of each minute of the runs with edits. */
  imports: number;
  failedImports: number;
  firstFailedImport: string | null;
  /** From the preview's start to the import's last line. */
  importMaxMs: number | null;
}

/** The rows of the price list imported each minute (issue 37). */
export const IMPORT_ROWS = 1000;

/** Each run's length outside the quick bench: a minute holds one import, as staff's day does. */
export const READS_UNDER_EDITS_SECONDS = 60;

interface Session {
  origin: string;
  email: string;
  password: string;
}

async function signIn({ origin, email, password }: Session): Promise<string> {
  const response = await fetch(`${origin}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  if (!response.ok) throw new Error(`Admin login answered ${response.status}`);
  const { token } = (await response.json()) as { token?: string };
  if (typeof token !== 'string') throw new Error('Admin login returned no token');
  return token;
}

async function partIds(origin: string, count: number, offset: number): Promise<string[]> {
  return (await partsFrom(origin, count, offset)).map((entry) => entry.id);
}

/** Up to `count` parts from `offset` in the list, fewer where it ends. */
async function partsFrom(origin: string, count: number, offset: number): Promise<{ id: string; code: string }[]> {
  const parts: { id: string; code: string }[] = [];
  while (parts.length < count) {
    const limit = Math.min(LIST_PAGE_LIMIT, count - parts.length);
    const response = await fetch(`${origin}/api/spareparts?limit=${limit}&offset=${offset + parts.length}`);
    const entries = (await response.json()) as { id: string; code: string }[];
    parts.push(...entries);
    if (entries.length < limit) break;
  }
  // None would make the readers, the editors or the import ask for parts that do not exist.
  if (parts.length === 0) throw new Error(`The list of spare parts holds none from ${offset} on`);
  return parts;
}

/**
 * The readers' requests in turn: one of the list's first pages, a search, a product page, the home
 * page. Visitors page through the first few screens, not through hundreds.
 */
export function readerPaths(productIds: readonly string[]): () => string {
  const searches = ['collet', 'bush 12', 'spindle', 'colet', 'kp-0', 'gear', 'bearing 6', 'belt'];
  let turn = 0;
  return () => {
    turn += 1;
    switch (turn % 4) {
      case 0:
        return `/api/spareparts?offset=${((turn >> 2) % 5) * LIST_PAGE_LIMIT}`;
      case 1:
        return `/api/spareparts?q=${encodeURIComponent(searches[turn % searches.length]!)}`;
      case 2:
        return `/product/${productIds[turn % productIds.length]}`;
      default:
        return '/';
    }
  };
}

/**
 * The requests of visitors narrowing the parts list, in turn: a machine's parts, a range of bores,
 * both. Each is one of its first three pages. Saves of parts reach these pages, and each survives a
 * save that moves nothing into, out of or across it (decision 067).
 */
export function narrowedReaderPaths(machineIds: readonly string[]): () => string {
  let turn = 0;
  return () => {
    turn += 1;
    const offset = ((turn >> 2) % 3) * LIST_PAGE_LIMIT;
    const machine = machineIds[(turn >> 3) % machineIds.length];
    switch (turn % 3) {
      case 0:
        return `/api/spareparts?machine=${machine}&offset=${offset}`;
      case 1:
        return `/api/spareparts?f=bore%3A20-30&offset=${offset}`;
      default:
        return `/api/spareparts?machine=${machine}&f=bore%3A10-40&offset=${offset}`;
    }
  };
}

async function machineIdsOf(origin: string): Promise<string[]> {
  const response = await fetch(`${origin}/api/products?limit=6`);
  const entries = (await response.json()) as { id: string }[];
  return entries.map((entry) => entry.id);
}

/**
 * Starts a save of one part under a new name every second until `until`, whether or not the
 * previous one has been answered (staff do not wait for each other), and times each from its start
 * until a visitor's search finds the new name on every instance: that covers the save, whatever it
 * does before answering, and the search.
 */
async function editEverySecond(
  origin: string,
  instances: readonly string[],
  token: string,
  ids: readonly string[],
  until: number,
) {
  const visible: number[] = [];
  const saves: number[] = [];
  let failed = 0;
  let unseen = 0;
  let firstFailure: string | null = null;
  const editOne = async (serial: number) => {
    const startedAt = performance.now();
    const word = `benchedit${Date.now().toString(36)}${serial}`;
    const form = new FormData();
    form.set('name', `Edited Part ${word}`);
    const saved = await fetch(`${origin}/api/spareparts/${ids[serial % ids.length]}/full`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${token}` },
      body: form,
    });
    saves.push(performance.now() - startedAt);
    if (!saved.ok) {
      failed += 1;
      firstFailure ??= `${saved.status} ${(await saved.text()).slice(0, 200)}`;
      return;
    }
    await saved.arrayBuffer();
    // Every 50 ms for up to 5 s: each poll is a search no cache has seen, and polling faster
    // would make the poller a large part of the load it measures.
    const foundOn = async (instance: string) => {
      for (let tries = 0; tries < 100; tries += 1) {
        const found = (await (await fetch(`${instance}/api/spareparts?q=${word}`)).json()) as unknown[];
        if (found.length > 0) return performance.now() - startedAt;
        await sleep(50);
      }
      return null;
    };
    const times = await Promise.all(instances.map(foundOn));
    if (times.every((time) => time !== null)) visible.push(Math.max(...times));
    else unseen += 1;
  };
  const running: Promise<void>[] = [];
  for (let serial = 1; Date.now() < until; serial += 1) {
    const startedAt = Date.now();
    running.push(editOne(serial));
    await sleep(Math.max(0, 1000 - (Date.now() - startedAt)));
  }
  await Promise.all(running);
  return { visible, saves, edits: running.length, failed, unseen, firstFailure };
}

/**
 * Imports a price list of `codes` (every price changed) at once and then at the start of each
 * minute until `until`, as staff do: the preview, then the import of what it showed.
 */
async function importEachMinute(origin: string, token: string, codes: readonly string[], until: number) {
  const durations: number[] = [];
  let failed = 0;
  let firstFailure: string | null = null;
  const send = (csv: string, query: string) => {
    const form = new FormData();
    form.append('file', new Blob([csv], { type: 'text/csv' }), 'price-list.csv');
    return fetch(`${origin}/api/catalogue-import/spare-parts?${query}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      body: form,
    });
  };
  const importOnce = async (serial: number) => {
    const startedAt = performance.now();
    const csv = ['code,price', ...codes.map((code, n) => `${code},${10_000 + serial * 100 + (n % 100)}`)].join('\r\n');
    const failure = (why: string) => {
      failed += 1;
      firstFailure ??= why.slice(0, 200);
    };
    const preview = await send(csv, 'mode=preview');
    const previewed = await preview.text();
    if (!preview.ok) return failure(`preview: ${preview.status} ${previewed}`);
    const { planId } = JSON.parse(previewed) as { planId: string };
    const applied = await send(csv, `mode=apply&planId=${planId}`);
    // The import answers a line per 1,000 rows and ends with `done` or `error` (decision 034).
    const last = (await applied.text()).trim().split('\n').at(-1) ?? '';
    if (applied.ok && last.startsWith('{"type":"done"')) durations.push(performance.now() - startedAt);
    else failure(`import: ${applied.status} ${last}`);
  };
  const running: Promise<void>[] = [];
  // By the clock of the first, not each wait's: a timer may end a millisecond early.
  for (let serial = 1, at = Date.now(); at < until; serial += 1, at += 60_000) {
    await sleep(Math.max(0, at - Date.now()));
    running.push(importOnce(serial));
  }
  await Promise.all(running);
  return { durations, imports: running.length, failed, firstFailure };
}

export async function measureReadsUnderEdits(options: {
  session: Session;
  /** Where an edit must be found by a search; the session's origin when left out. */
  instances?: readonly string[];
  spareParts: number;
  connections: number;
  seconds: number;
  log: (message: string) => void;
}): Promise<ReadsUnderEditsFigures> {
  const { session, connections, seconds, log } = options;
  const { origin } = session;
  const token = await signIn(session);
  const readIds = await partIds(origin, 100, 0);
  // Edited parts are far from the ones read, as staff work through another part of the catalogue.
  const editIds = await partIds(origin, 100, Math.max(0, options.spareParts - 200));
  // The price list covers the middle of the catalogue, away from both.
  const importCodes = (await partsFrom(origin, IMPORT_ROWS, Math.floor(options.spareParts / 2))).map((p) => p.code);
  const target = (name: string) => ({
    name,
    path: '/api/spareparts (list, search, product page, /)',
    acceptEncoding: BROWSER_ACCEPT_ENCODING,
    nextPath: readerPaths(readIds),
  });

  const narrowedPaths = narrowedReaderPaths(await machineIdsOf(origin));
  const narrowed = (name: string) => ({
    name,
    path: "/api/spareparts (a machine's parts, a range of bores, both)",
    acceptEncoding: BROWSER_ACCEPT_ENCODING,
    nextPath: narrowedPaths,
  });
  /** Reads without edits, then with a save a second; every kind of answer warmed first, as on a site up for a while. */
  const readsWithAndWithout = async (reader: (name: string) => Parameters<typeof load>[1], what: string) => {
    log(`${what} without edits: c${connections}, ${seconds} s`);
    await load(origin, reader('warm-up'), connections, 2);
    const without = await load(origin, reader(`${what} without edits`), connections, seconds);
    log(`${what} while staff save a part a second: c${connections}, ${seconds} s`);
    const until = Date.now() + seconds * 1000;
    const [withEdits, editing, importing] = await Promise.all([
      load(origin, reader(`${what} with an edit a second`), connections, seconds),
      editEverySecond(origin, options.instances ?? [origin], token, editIds, until),
      importEachMinute(origin, token, importCodes, until),
    ]);
    return { without, withEdits, editing, importing };
  };
  const mixed = await readsWithAndWithout(target, 'reads');
  const narrowedReads = await readsWithAndWithout(narrowed, 'narrowed lists');
  const saves = [...mixed.editing.saves, ...narrowedReads.editing.saves];
  const visible = [...mixed.editing.visible, ...narrowedReads.editing.visible];
  return {
    spareParts: options.spareParts,
    connections,
    seconds,
    withoutEdits: mixed.without,
    withEdits: mixed.withEdits,
    narrowedWithoutEdits: narrowedReads.without,
    narrowedWithEdits: narrowedReads.withEdits,
    edits: mixed.editing.edits + narrowedReads.editing.edits,
    failedEdits: mixed.editing.failed + narrowedReads.editing.failed,
    unseenEdits: mixed.editing.unseen + narrowedReads.editing.unseen,
    firstFailure: mixed.editing.firstFailure ?? narrowedReads.editing.firstFailure,
    visibleMedianMs: median(visible),
    visibleMaxMs: visible.length === 0 ? null : Math.max(...visible),
    saveMedianMs: median(saves),
    saveMaxMs: saves.length === 0 ? null : Math.max(...saves),
    imports: mixed.importing.imports + narrowedReads.importing.imports,
    failedImports: mixed.importing.failed + narrowedReads.importing.failed,
    firstFailedImport: mixed.importing.firstFailure ?? narrowedReads.importing.firstFailure,
    importMaxMs: [...mixed.importing.durations, ...narrowedReads.importing.durations].reduce<number | null>(
      (max, took) => Math.max(max ?? 0, took),
      null,
    ),
  };
}

export function readsUnderEditsSection(figures: ReadsUnderEditsFigures): Section {
  const row = (run: LoadFigures) => [
    run.name,
    run.requestsPerSecond.toFixed(0),
    ms(run.latencyP50Ms),
    ms(run.latencyP99Ms),
    String(run.non2xx + run.errors),
  ];
  return [
    `\nReads while staff edit (${figures.spareParts} spare parts, c${figures.connections}, ${figures.seconds} s each)`,
    {
      headers: ['run', 'req/s', 'p50 ms', 'p99 ms', 'not 2xx'],
      rows: [
        row(figures.withoutEdits),
        row(figures.withEdits),
        row(figures.narrowedWithoutEdits),
        row(figures.narrowedWithEdits),
      ],
    },
    ...[figures.withoutEdits, figures.withEdits, figures.narrowedWithoutEdits, figures.narrowedWithEdits].flatMap(
      (run) => (Object.keys(run.failures).length === 0 ? [] : [`${run.name}, what failed: ${failuresText(run)}`]),
    ),
    ...(figures.firstFailure === null ? [] : [`first failed save: ${figures.firstFailure}`]),
    ...(figures.firstFailedImport === null ? [] : [`first failed import: ${figures.firstFailedImport}`]),
    `imports of ${IMPORT_ROWS} prices: ${figures.imports} (${figures.failedImports} failed), the longest ${ms(figures.importMaxMs)} ms from preview to done`,
    `edits: ${figures.edits} (${figures.failedEdits} failed, ${figures.unseenEdits} not found within 5 s); save answered: median ${ms(figures.saveMedianMs)} ms, max ${ms(figures.saveMaxMs)} ms; save sent → found by a visitor's search: median ${ms(figures.visibleMedianMs)} ms, max ${ms(figures.visibleMaxMs)} ms`,
  ];
}

/** Reads beside failed saves or imports are not reads beside them. */
export function writesDone(figures: ReadsUnderEditsFigures): boolean {
  return figures.failedEdits === 0 && figures.failedImports === 0 && figures.imports > 0;
}

/** Every edit saved and found on every instance within 2 s. */
export function editsFound(figures: ReadsUnderEditsFigures): boolean {
  return (
    figures.visibleMaxMs !== null &&
    figures.visibleMaxMs <= 2000 &&
    figures.failedEdits === 0 &&
    figures.unseenEdits === 0
  );
}

export function readsUnderEditsBudgets(figures: ReadsUnderEditsFigures): BudgetRow[] {
  const ratio = figures.withEdits.requestsPerSecond / figures.withoutEdits.requestsPerSecond;
  const narrowedRatio = figures.narrowedWithEdits.requestsPerSecond / figures.narrowedWithoutEdits.requestsPerSecond;
  const editsSaved = writesDone(figures);
  return [
    {
      budget: `reads with staff writing ÷ without, c${figures.connections} @${figures.spareParts}`,
      value: `${(ratio * 100).toFixed(0)} %`,
      limit: '≥ 90 %',
      pass: editsSaved && ratio >= 0.9,
    },
    {
      budget: `narrowed lists with staff writing ÷ without, c${figures.connections} @${figures.spareParts}`,
      value: `${(narrowedRatio * 100).toFixed(0)} %`,
      limit: '≥ 90 %',
      pass: editsSaved && narrowedRatio >= 0.9,
    },
    {
      budget: `their p99 with staff writing, c${figures.connections}`,
      value: `${ms(figures.withEdits.latencyP99Ms)} ms`,
      limit: '≤ 150 ms',
      pass: editsSaved && figures.withEdits.latencyP99Ms <= 150,
    },
    {
      budget: 'an edit found by a visitor search (max)',
      value: `${ms(figures.visibleMaxMs)} ms`,
      limit: '≤ 2000 ms',
      pass: editsFound(figures),
    },
  ];
}
