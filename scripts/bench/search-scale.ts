import type { CatalogueFacets } from '../../packages/shared/src/catalogue-filters';
import { median, percentile } from './stats';

/** One kind of search the catalogue makes, timed over distinct queries (no response-cache hits). */
export interface SearchKindFigures {
  kind: string;
  queries: number;
  medianMs: number | null;
  p95Ms: number | null;
  maxMs: number | null;
  /** Matches of the first query, to show the query did narrow something. */
  example: { url: string; total: number } | null;
}

export interface SearchAtScaleFigures {
  spareParts: number;
  /**
   * First search after the catalogue grew. The first read of the grown list made its search index
   * before serving it (decision 070): a search no longer builds it.
   */
  firstSearchMs: number;
  kinds: SearchKindFigures[];
}

interface PartEntry {
  name: string;
  code?: string | null;
  fits?: string[];
}

async function timed(origin: string, path: string): Promise<{ ms: number; total: number; body: unknown }> {
  const started = performance.now();
  const response = await fetch(`${origin}${path}`, { headers: { accept: 'application/json' } });
  const body: unknown = await response.json();
  const ms = performance.now() - started;
  if (!response.ok) throw new Error(`${path}: ${response.status} ${JSON.stringify(body)}`);
  const header = response.headers.get('x-total-count');
  const total = header === null ? ((body as { total?: number }).total ?? 0) : Number(header);
  return { ms, total, body };
}

const words = (text: string) =>
  text
    .toLowerCase()
    .split(/[^a-z]+/)
    .filter((word) => word.length >= 5);
/** One letter left out in the middle: "collet" → "colet". */
const typo = (word: string) => word.slice(0, 2) + word.slice(3);

async function timeAll(origin: string, kind: string, paths: readonly string[]): Promise<SearchKindFigures> {
  const unique = [...new Set(paths)];
  const times: number[] = [];
  let example: SearchKindFigures['example'] = null;
  for (const path of unique) {
    const { ms, total } = await timed(origin, path);
    times.push(ms);
    example ??= { url: path, total };
  }
  return {
    kind,
    queries: unique.length,
    medianMs: median(times),
    p95Ms: percentile(times, 95),
    maxMs: times.length === 0 ? null : Math.max(...times),
    example,
  };
}

const q = (text: string) => encodeURIComponent(text);

/**
 * Search and filters at the large catalogue size, through the API as the catalogue
 * asks (a page of 24). Every query is distinct, so each one runs the search on the in-memory
 * index instead of being answered from the response cache: exact and prefix part numbers,
 * keystroke prefixes of name words, one-typo words, machine names (parts that fit them),
 * specification ranges with and without a search, and the filter panel's facets.
 */
export async function measureSearchAtScale(origin: string, spareParts: number): Promise<SearchAtScaleFigures> {
  const first = await timed(origin, `/api/spareparts?q=${q('bench warm-up')}&limit=24`);
  // Samples from across the list, read once per page (these are cache misses too, but not timed).
  const samples: PartEntry[] = [];
  for (const offset of [0, Math.floor(spareParts / 3), Math.floor((2 * spareParts) / 3)]) {
    const { body } = await timed(origin, `/api/spareparts?offset=${offset}&limit=40`);
    samples.push(...(body as PartEntry[]));
  }
  const { body: machineBody } = await timed(origin, '/api/products?category=machine&limit=100');
  const machines = machineBody as PartEntry[];

  const codes = samples.flatMap((part) => (part.code ? [part.code] : [])).slice(0, 30);
  const nameWords = [...new Set(samples.flatMap((part) => words(part.name)))].slice(0, 12);
  const page = (query: string) => `/api/spareparts?${query}&limit=24`;

  const kinds: SearchKindFigures[] = [];
  kinds.push(
    await timeAll(
      origin,
      'exact part number',
      codes.map((code) => page(`q=${q(code)}`)),
    ),
  );
  kinds.push(
    await timeAll(
      origin,
      'part number prefix (typed)',
      codes.flatMap((code) => [3, 5, 7].map((length) => page(`q=${q(code.slice(0, length))}`))),
    ),
  );
  kinds.push(
    await timeAll(
      origin,
      'keystroke prefixes of name words',
      nameWords.flatMap((word) =>
        Array.from({ length: word.length - 1 }, (_, n) => page(`q=${q(word.slice(0, n + 2))}`)),
      ),
    ),
  );
  kinds.push(
    await timeAll(
      origin,
      'one typo (5+ letters)',
      nameWords.map((word) => page(`q=${q(typo(word))}`)),
    ),
  );
  kinds.push(
    await timeAll(
      origin,
      'machine name → parts that fit',
      machines.flatMap((machine) => [
        page(`q=${q(machine.name)}`),
        page(`q=${q(machine.code ?? machine.name)}&sort=price`),
      ]),
    ),
  );

  const facetsFor = (query: string) => `/api/catalogue/facets?kind=spare${query === '' ? '' : `&${query}`}`;
  const { body: facetBody } = await timed(origin, facetsFor(''));
  const ranges = (facetBody as CatalogueFacets).specs.flatMap((facet) => {
    const span = facet.max - facet.min;
    if (!(span > 0)) return [];
    const low = Math.round((facet.min + span / 4) * 100) / 100;
    const high = Math.round((facet.max - span / 4) * 100) / 100;
    return [`f=${facet.slug}:${low}-${high}`, `f=${facet.slug}:${low}-`, `f=${facet.slug}:-${high}`];
  });
  kinds.push(
    await timeAll(
      origin,
      'specification range',
      ranges.map((range) => page(range)),
    ),
  );
  kinds.push(
    await timeAll(
      origin,
      'search + range',
      nameWords.flatMap((word) => ranges.slice(0, 3).map((range) => page(`q=${q(word)}&${range}`))),
    ),
  );
  kinds.push(
    await timeAll(origin, 'facets (search, ranges)', [
      ...nameWords.map((word) => facetsFor(`q=${q(word)}`)),
      ...ranges.map((range) => facetsFor(range)),
    ]),
  );
  return { spareParts, firstSearchMs: first.ms, kinds };
}

/** The budget of one distinct search or facets answer at scale: a keystroke's share of its 100 ms. */
export const SEARCH_AT_SCALE_P95_BUDGET_MS = 50;

const msOrNa = (value: number | null) => (value === null ? 'n/a' : value.toFixed(1));

/** The report's lines for search at scale. */
export function searchAtScaleSection(
  figures: SearchAtScaleFigures,
): (string | { headers: string[]; rows: string[][] })[] {
  return [
    `\nSearch and filters at ${figures.spareParts.toLocaleString('en-IN')} spare parts: distinct queries, page of 24, loopback`,
    `first search after growing: ${figures.firstSearchMs.toFixed(0)} ms (the list's first read made its search index)`,
    {
      headers: ['query kind', 'queries', 'median ms', 'p95 ms', 'max ms', 'e.g. (matches)'],
      rows: figures.kinds.map((kind) => [
        kind.kind,
        String(kind.queries),
        msOrNa(kind.medianMs),
        msOrNa(kind.p95Ms),
        msOrNa(kind.maxMs),
        kind.example ? `${decodeURIComponent(kind.example.url)} (${kind.example.total})` : 'n/a',
      ]),
    },
  ];
}

/** Budget rows: every kind's p95 within a keystroke's share. */
export function searchAtScaleBudgets(figures: SearchAtScaleFigures) {
  return figures.kinds.map((kind) => ({
    budget: `search @${figures.spareParts}: ${kind.kind} p95`,
    value: kind.p95Ms === null ? 'n/a' : `${kind.p95Ms.toFixed(1)} ms`,
    limit: `≤ ${SEARCH_AT_SCALE_P95_BUDGET_MS.toFixed(1)} ms`,
    pass: kind.p95Ms === null ? null : kind.p95Ms <= SEARCH_AT_SCALE_P95_BUDGET_MS,
  }));
}
