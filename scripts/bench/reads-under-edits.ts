import { setTimeout as sleep } from 'node:timers/promises';
import { LIST_PAGE_LIMIT } from '@capstan/shared';
import { BROWSER_ACCEPT_ENCODING, load, type LoadFigures } from './api';
import type { BudgetRow, Section } from './report-format';
import { ms } from './report-format';
import { median } from './stats';

/**
 * Issue 37's business day: visitors read (lists, searches, product pages, `/`) while a member of
 * staff saves one spare part a second. The same readers run once without the edits and once with
 * them; an edit is timed from its save until a visitor's search finds it.
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
  /** The first failed save's status and answer, so a run whose saves failed cannot pass for one with edits. */
  firstFailure: string | null;
  /** From the save's start to the first visitor search that finds the new name. */
  visibleMedianMs: number | null;
  visibleMaxMs: number | null;
  /** From the save's start to its answer. */
  saveMedianMs: number | null;
  saveMaxMs: number | null;
}

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
  const response = await fetch(`${origin}/api/spareparts?limit=${count}&offset=${offset}`);
  const entries = (await response.json()) as { id: string }[];
  // None would make the readers or the editors ask for parts that do not exist.
  if (entries.length === 0) throw new Error(`The list of spare parts holds none from ${offset} on`);
  return entries.map((entry) => entry.id);
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
 * until a visitor's search finds the new name: that covers the save, whatever it does before
 * answering, and the search.
 */
async function editEverySecond(origin: string, token: string, ids: readonly string[], until: number) {
  const visible: number[] = [];
  const saves: number[] = [];
  let failed = 0;
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
    for (let tries = 0; tries < 100; tries += 1) {
      const found = (await (await fetch(`${origin}/api/spareparts?q=${word}`)).json()) as unknown[];
      if (found.length > 0) {
        visible.push(performance.now() - startedAt);
        return;
      }
      await sleep(50);
    }
  };
  const running: Promise<void>[] = [];
  for (let serial = 1; Date.now() < until; serial += 1) {
    const startedAt = Date.now();
    running.push(editOne(serial));
    await sleep(Math.max(0, 1000 - (Date.now() - startedAt)));
  }
  await Promise.all(running);
  return { visible, saves, edits: running.length, failed, firstFailure };
}

export async function measureReadsUnderEdits(options: {
  session: Session;
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
    const [withEdits, editing] = await Promise.all([
      load(origin, reader(`${what} with an edit a second`), connections, seconds),
      editEverySecond(origin, token, editIds, Date.now() + seconds * 1000),
    ]);
    return { without, withEdits, editing };
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
    firstFailure: mixed.editing.firstFailure ?? narrowedReads.editing.firstFailure,
    visibleMedianMs: median(visible),
    visibleMaxMs: visible.length === 0 ? null : Math.max(...visible),
    saveMedianMs: median(saves),
    saveMaxMs: saves.length === 0 ? null : Math.max(...saves),
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
    ...(figures.firstFailure === null ? [] : [`first failed save: ${figures.firstFailure}`]),
    `edits: ${figures.edits} (${figures.failedEdits} failed); save answered: median ${ms(figures.saveMedianMs)} ms, max ${ms(figures.saveMaxMs)} ms; save sent → found by a visitor's search: median ${ms(figures.visibleMedianMs)} ms, max ${ms(figures.visibleMaxMs)} ms`,
  ];
}

export function readsUnderEditsBudgets(figures: ReadsUnderEditsFigures): BudgetRow[] {
  const ratio = figures.withEdits.requestsPerSecond / figures.withoutEdits.requestsPerSecond;
  const narrowedRatio = figures.narrowedWithEdits.requestsPerSecond / figures.narrowedWithoutEdits.requestsPerSecond;
  // Reads beside failed saves are not reads beside edits.
  const editsSaved = figures.failedEdits === 0;
  return [
    {
      budget: `reads with an edit a second ÷ without, c${figures.connections} @${figures.spareParts}`,
      value: `${(ratio * 100).toFixed(0)} %`,
      limit: '≥ 90 %',
      pass: editsSaved && ratio >= 0.9,
    },
    {
      budget: `narrowed lists with an edit a second ÷ without, c${figures.connections} @${figures.spareParts}`,
      value: `${(narrowedRatio * 100).toFixed(0)} %`,
      limit: '≥ 90 %',
      pass: editsSaved && narrowedRatio >= 0.9,
    },
    {
      budget: `their p99 with edits, c${figures.connections}`,
      value: `${ms(figures.withEdits.latencyP99Ms)} ms`,
      limit: '≤ 150 ms',
      pass: editsSaved && figures.withEdits.latencyP99Ms <= 150,
    },
    {
      budget: 'an edit found by a visitor search (max)',
      value: `${ms(figures.visibleMaxMs)} ms`,
      limit: '≤ 2000 ms',
      pass: figures.visibleMaxMs !== null && figures.visibleMaxMs <= 2000 && figures.failedEdits === 0,
    },
  ];
}
