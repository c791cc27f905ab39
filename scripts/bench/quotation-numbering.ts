import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { QuotationInput } from '@capstan/shared';
import { PrivatePostgres } from '../../apps/server/test/helpers/private-postgres';
import { ownedCleanup as owned } from './processes';
import { type BuyerPageFigures, measureBuyerPage } from './quotation-buyer-page';
import { startServer } from './server';
import { percentile } from './stats';

/**
 * Issue 39's numbering under concurrency: two server instances on one PostgreSQL database, one
 * inquiry, and 200 `POST /api/inquiries/{id}/quotations` sent at once, half to each instance.
 * Every one must be created, and the numbers must be 200 distinct ones of one series with no gap.
 */
export interface QuotationNumberingFigures {
  /** null when measured; otherwise why not (no PostgreSQL programs). */
  notMeasured: string | null;
  requests: number;
  /** Answered 201. */
  created: number;
  /** Answers other than 201, by status (0: no answer). */
  failures: Record<string, number>;
  distinctNumbers: number;
  /** Numbers given to more than one quotation. */
  duplicates: string[];
  /** Sequence numbers missing between the lowest and the highest given. */
  gaps: number[];
  /** The series' numbers seen (`KPM/Q/2026-27`), one when all is well. */
  series: string[];
  firstNumber: string | null;
  lastNumber: string | null;
  /** From the first request sent to the last answer. */
  wallMs: number | null;
  latencyP50Ms: number | null;
  latencyP99Ms: number | null;
  perInstance: { origin: string; created: number }[];
  method: string;
  /** Lighthouse on the buyer's page of one of these quotations, once sent. */
  buyerPage: BuyerPageFigures;
}

export const NUMBERING_REQUESTS = 200;

const empty = (notMeasured: string | null): QuotationNumberingFigures => ({
  notMeasured,
  requests: 0,
  created: 0,
  failures: {},
  distinctNumbers: 0,
  duplicates: [],
  gaps: [],
  series: [],
  firstNumber: null,
  lastNumber: null,
  wallMs: null,
  latencyP50Ms: null,
  latencyP99Ms: null,
  perInstance: [],
  method: '',
  buyerPage: { notMeasured, figures: null, method: '' },
});

async function signIn(origin: string, email: string, password: string): Promise<string> {
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

async function createInquiry(origin: string): Promise<string> {
  const response = await fetch(`${origin}/api/inquiries`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': '203.0.113.39' },
    body: JSON.stringify({
      firstName: 'Bench',
      lastName: 'Numbering',
      email: 'numbering@example.com',
      phone: '+91 98765 43210',
      message: 'Two capstan lathes, quoted 200 times at once by npm run bench.',
    }),
  });
  if (response.status !== 201)
    throw new Error(`POST /api/inquiries answered ${response.status}: ${await response.text()}`);
  const { id } = (await response.json()) as { id?: string };
  if (typeof id !== 'string') throw new Error('POST /api/inquiries answered no id');
  return id;
}

/** A quotation of the kind staff make: a buyer in another state, a lathe and a service. */
const quotationBody = (index: number): QuotationInput => ({
  buyer: { name: `Bench buyer ${index + 1}`, company: 'Patil Auto Components Pvt. Ltd.', state: '27' },
  lines: [
    { description: 'NP-38 All-Geared Capstan Lathe', hsn: '8458', quantity: 2, rate: 1_850_000, gstRate: 18 },
    { description: 'Installation and commissioning', hsn: '9987', quantity: 1, rate: 9_000, gstRate: 18 },
  ],
  freight: 18_500,
  validityDays: 30,
});

/** `KPM/Q/2026-27/0042` → its series and sequence. */
function parseNumber(number: string): { series: string; sequence: number } | null {
  const match = /^(.+)\/(\d{4,})$/.exec(number);
  return match ? { series: match[1]!, sequence: Number(match[2]) } : null;
}

/** Counts, duplicates and gaps of the numbers handed out (exported for the bench's own test). */
export function checkNumbers(numbers: readonly string[]) {
  const seen = new Map<string, number>();
  for (const number of numbers) seen.set(number, (seen.get(number) ?? 0) + 1);
  const duplicates = [...seen].filter(([, count]) => count > 1).map(([number]) => number);
  const parsed = [...seen.keys()].map(parseNumber);
  const series = [...new Set(parsed.map((entry) => entry?.series ?? '(not a quotation number)'))];
  const sequences = parsed
    .filter((entry): entry is { series: string; sequence: number } => entry !== null)
    .map((entry) => entry.sequence)
    .sort((a, b) => a - b);
  const gaps: number[] = [];
  for (let index = 1; index < sequences.length; index += 1) {
    for (let missing = sequences[index - 1]! + 1; missing < sequences[index]!; missing += 1) gaps.push(missing);
  }
  const ordered = [...seen.keys()].sort((a, b) => (parseNumber(a)?.sequence ?? 0) - (parseNumber(b)?.sequence ?? 0));
  return {
    distinctNumbers: seen.size,
    duplicates,
    gaps,
    series,
    firstNumber: ordered[0] ?? null,
    lastNumber: ordered[ordered.length - 1] ?? null,
  };
}

export async function measureQuotationNumbering(options: {
  repoRoot: string;
  webDistDir: string;
  /** Lighthouse runs on the buyer's page (the median is reported). */
  lighthouseRuns: number;
  log: (message: string) => void;
}): Promise<QuotationNumberingFigures> {
  const { log } = options;
  const stops: (() => Promise<void>)[] = [];
  try {
    let postgres: PrivatePostgres;
    try {
      postgres = await PrivatePostgres.create();
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      log(`quotation numbering: not measured: ${reason}`);
      return empty(reason);
    }
    stops.push(owned(() => postgres.destroy()));
    const dataDirs = await Promise.all(
      ['a', 'b'].map((name) => fs.mkdtemp(path.join(os.tmpdir(), `bench-numbering-${name}-`))),
    );
    stops.push(
      owned(() => Promise.all(dataDirs.map((dir) => fs.rm(dir, { recursive: true, force: true }))).then(() => {})),
    );
    // No demo catalogue: typed lines need none, and drawing its pictures would run beside the burst.
    const common = {
      repoRoot: options.repoRoot,
      webDistDir: options.webDistDir,
      loadShedding: false,
      env: { DATABASE_URL: postgres.url, SEED_DEMO: 'false' },
    };
    log('quotation numbering: instance A on a PostgreSQL of its own');
    const a = await startServer({ ...common, dataDir: dataDirs[0]! });
    stops.push(owned(a.stop));
    log('quotation numbering: instance B on the same database');
    const b = await startServer({ ...common, dataDir: dataDirs[1]! });
    stops.push(owned(b.stop));

    const token = await signIn(a.origin, a.adminEmail, a.adminPassword);
    const inquiryId = await createInquiry(a.origin);
    const origins = [a.origin, b.origin];
    log(`quotation numbering: ${NUMBERING_REQUESTS} quotations at once, half through each instance`);
    const started = performance.now();
    const answers = await Promise.all(
      Array.from({ length: NUMBERING_REQUESTS }, async (_, index) => {
        const origin = origins[index % origins.length]!;
        const sent = performance.now();
        try {
          const response = await fetch(`${origin}/api/inquiries/${inquiryId}/quotations`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
            body: JSON.stringify(quotationBody(index)),
          });
          const body = (await response.json().catch(() => null)) as { id?: unknown; number?: unknown } | null;
          const number = typeof body?.number === 'string' ? body.number : null;
          const id = typeof body?.id === 'string' ? body.id : null;
          return { origin, status: response.status, id, number, ms: performance.now() - sent };
        } catch {
          return { origin, status: 0, id: null, number: null, ms: performance.now() - sent };
        }
      }),
    );
    const wallMs = performance.now() - started;

    const created = answers.filter((answer) => answer.status === 201 && answer.number !== null);
    const failures: Record<string, number> = {};
    for (const answer of answers.filter((entry) => !created.includes(entry))) {
      failures[String(answer.status)] = (failures[String(answer.status)] ?? 0) + 1;
    }
    const latencies = answers.map((answer) => answer.ms);
    const sendable = created.find((answer) => answer.origin === a.origin && answer.id !== null);
    const buyerPage = sendable
      ? await measureBuyerPage({
          repoRoot: options.repoRoot,
          origin: a.origin,
          token,
          quotationId: sendable.id!,
          runs: options.lighthouseRuns,
          log,
        })
      : { notMeasured: 'no quotation was created', figures: null, method: '' };
    return {
      buyerPage,
      notMeasured: null,
      requests: NUMBERING_REQUESTS,
      created: created.length,
      failures,
      ...checkNumbers(created.map((answer) => answer.number!)),
      wallMs,
      latencyP50Ms: percentile(latencies, 50),
      latencyP99Ms: percentile(latencies, 99),
      perInstance: origins.map((origin) => ({
        origin,
        created: created.filter((answer) => answer.origin === origin).length,
      })),
      method:
        `Two servers (node apps/server/dist/main.mjs, NODE_ENV=production) on one PostgreSQL of the bench's own, ` +
        `no demo catalogue; one inquiry; ${NUMBERING_REQUESTS} POST /api/inquiries/{id}/quotations (2 lines, ` +
        'freight, a buyer in Maharashtra) sent at once, alternately to each instance, signed in as the owner. ' +
        'Pass: every one answered 201, and the numbers are all distinct, of one series, with no gap.',
    };
  } finally {
    for (const stop of stops.reverse()) {
      await stop().catch((error: unknown) => log(`quotation numbering: cleanup failed: ${String(error)}`));
    }
  }
}
