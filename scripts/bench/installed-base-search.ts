import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PrivatePostgres } from '../../apps/server/test/helpers/private-postgres';
import { ownedCleanup as owned } from './processes';
import { startServer } from './server';
import { median, percentile } from './stats';

/**
 * Issue 40's register at its budgeted size: 20,000 installed machines imported through the staff
 * import (a CSV, preview then apply, as staff would bring their register over), then searched by
 * serial and by phone through `GET /api/installations?q=`, each query distinct, one at a time.
 * On SQLite and, when PostgreSQL's programs are there, on a PostgreSQL of its own.
 */
export const REGISTER_SIZE = 20_000;
const QUERIES_PER_KIND = 200;

export interface RegisterSearchKind {
  kind: string;
  queries: number;
  medianMs: number | null;
  p95Ms: number | null;
  maxMs: number | null;
  /** Queries that found nothing or not the machine searched for (each should find it). */
  misses: number;
}

export interface RegisterSearchRun {
  database: 'sqlite' | 'postgres';
  /** null when measured; otherwise why not. */
  notMeasured: string | null;
  machines: number;
  previewMs: number | null;
  applyMs: number | null;
  kinds: RegisterSearchKind[];
}

export interface RegisterSearchFigures {
  runs: RegisterSearchRun[];
  method: string;
}

const serialOf = (index: number) =>
  `NP${String(2_000 + (index % 97)).padStart(4, '0')}-${String(index).padStart(6, '0')}`;
/** Ten-digit Indian mobiles, all distinct: 98 + eight digits from the index. */
const mobileOf = (index: number) => `98${String(10_000_000 + index * 7).slice(-8)}`;
/** How the same number is written in the register: with +91 and spaces, or a leading 0. */
const writtenPhone = (index: number) => {
  const digits = mobileOf(index);
  return index % 2 === 0 ? `+91 ${digits.slice(0, 5)} ${digits.slice(5)}` : `0${digits}`;
};

function registerCsv(machineCode: string, size: number): string {
  const header = 'serial,model,company,contact_name,phone,email,state,language,commissioned_on,warranty_months';
  const lines = [header];
  for (let index = 0; index < size; index += 1) {
    const month = String((index % 12) + 1).padStart(2, '0');
    const day = String((index % 27) + 1).padStart(2, '0');
    lines.push(
      [
        serialOf(index),
        machineCode,
        `Job Shop ${index}`,
        `Owner ${index}`,
        writtenPhone(index),
        `shop${index}@example.in`,
        '33',
        ['en', 'ta', 'hi'][index % 3],
        `20${20 + (index % 6)}-${month}-${day}`,
        '24',
      ].join(','),
    );
  }
  return `${lines.join('\n')}\n`;
}

async function signIn(origin: string, email: string, password: string): Promise<string> {
  const response = await fetch(`${origin}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  if (!response.ok) throw new Error(`Admin login answered ${response.status}`);
  return ((await response.json()) as { token: string }).token;
}

async function importRegister(origin: string, token: string, csv: string) {
  const post = async (query: string) => {
    const form = new FormData();
    form.append('file', new Blob([csv], { type: 'text/csv' }), 'register.csv');
    const started = performance.now();
    const response = await fetch(`${origin}/api/installations/import?${query}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      body: form,
    });
    const text = await response.text();
    if (!response.ok) throw new Error(`import ${query} answered ${response.status}: ${text.slice(0, 500)}`);
    return { ms: performance.now() - started, summary: JSON.parse(text) as { planId: string; create: number } };
  };
  const preview = await post('mode=preview');
  if (preview.summary.create !== REGISTER_SIZE) throw new Error(`the preview would create ${preview.summary.create}`);
  const apply = await post(`mode=apply&planId=${encodeURIComponent(preview.summary.planId)}`);
  return { previewMs: preview.ms, applyMs: apply.ms };
}

async function timeSearches(
  origin: string,
  token: string,
  kind: string,
  queries: readonly { q: string; expectSerial: string }[],
): Promise<RegisterSearchKind> {
  const times: number[] = [];
  let misses = 0;
  for (const { q, expectSerial } of queries) {
    const started = performance.now();
    const response = await fetch(`${origin}/api/installations?q=${encodeURIComponent(q)}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    const body = (await response.json()) as { installations?: { serial: string }[] };
    times.push(performance.now() - started);
    if (!response.ok || !body.installations?.some((machine) => machine.serial === expectSerial)) misses += 1;
  }
  return {
    kind,
    queries: queries.length,
    medianMs: median(times),
    p95Ms: percentile(times, 95),
    maxMs: times.length ? Math.max(...times) : null,
    misses,
  };
}

/** Distinct machines spread over the register (a fixed stride, so every run asks the same). */
const sample = (count: number, offset: number) =>
  Array.from({ length: count }, (_, index) => (offset + index * 97) % REGISTER_SIZE);

async function measureOne(options: {
  repoRoot: string;
  webDistDir: string;
  database: 'sqlite' | 'postgres';
  log: (message: string) => void;
}): Promise<RegisterSearchRun> {
  const stops: (() => Promise<void>)[] = [];
  const run: RegisterSearchRun = {
    database: options.database,
    notMeasured: null,
    machines: 0,
    previewMs: null,
    applyMs: null,
    kinds: [],
  };
  try {
    const env: Record<string, string> = {};
    if (options.database === 'postgres') {
      let postgres: PrivatePostgres;
      try {
        postgres = await PrivatePostgres.create();
      } catch (error) {
        run.notMeasured = error instanceof Error ? error.message : String(error);
        return run;
      }
      stops.push(owned(() => postgres.destroy()));
      env.DATABASE_URL = postgres.url;
    }
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), `bench-register-${options.database}-`));
    stops.push(owned(() => fs.rm(dataDir, { recursive: true, force: true })));
    const server = await startServer({
      repoRoot: options.repoRoot,
      webDistDir: options.webDistDir,
      dataDir,
      loadShedding: false,
      waitForDemoPictures: true,
      env,
    });
    stops.push(owned(server.stop));
    const token = await signIn(server.origin, server.adminEmail, server.adminPassword);
    const machines = (await (await fetch(`${server.origin}/api/products?limit=1`)).json()) as { code: string }[];
    const code = machines[0]?.code;
    if (!code) throw new Error('the demo catalogue has no machine');
    options.log(`register search (${options.database}): importing ${REGISTER_SIZE} installed machines`);
    const imported = await importRegister(server.origin, token, registerCsv(code, REGISTER_SIZE));
    run.machines = REGISTER_SIZE;
    run.previewMs = imported.previewMs;
    run.applyMs = imported.applyMs;
    options.log(`register search (${options.database}): ${QUERIES_PER_KIND} searches of each kind`);
    const bySerial = sample(QUERIES_PER_KIND, 11).map((index) => ({
      q: serialOf(index).toLowerCase(),
      expectSerial: serialOf(index),
    }));
    // The phone as a buyer would read it out: without +91, in groups.
    const byPhone = sample(QUERIES_PER_KIND, 53).map((index) => {
      const digits = mobileOf(index);
      return { q: `${digits.slice(0, 5)} ${digits.slice(5)}`, expectSerial: serialOf(index) };
    });
    run.kinds = [
      await timeSearches(server.origin, token, 'serial', bySerial),
      await timeSearches(server.origin, token, 'phone', byPhone),
    ];
    return run;
  } finally {
    for (const stop of stops.reverse()) await stop();
  }
}

export async function measureRegisterSearch(options: {
  repoRoot: string;
  webDistDir: string;
  log: (message: string) => void;
}): Promise<RegisterSearchFigures> {
  const runs = [
    await measureOne({ ...options, database: 'sqlite' }),
    await measureOne({ ...options, database: 'postgres' }),
  ];
  return {
    runs,
    method:
      `${REGISTER_SIZE.toLocaleString('en-IN')} installed machines imported through POST /api/installations/import ` +
      `(a CSV, preview then apply), then ${QUERIES_PER_KIND} distinct searches by serial (lower case) and ` +
      `${QUERIES_PER_KIND} by phone (written differently from the register) through GET /api/installations?q=, ` +
      'one at a time, timed at the client on loopback; each must find its machine.',
  };
}
