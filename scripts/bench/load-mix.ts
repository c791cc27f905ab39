import http from 'node:http';
import { performance } from 'node:perf_hooks';
import { LIST_PAGE_LIMIT, TOTAL_COUNT_HEADER } from '@capstan/shared';
import { BROWSER_ACCEPT_ENCODING } from './api';
import { type ListenQueueCounters, counterDelta, listenQueueCounters } from './proc-counters';

/**
 * The load step: a browser-like mix of requests sent OPEN-LOOP, i.e. on a fixed schedule whatever the
 * server answers, with each latency measured from the moment the request was due (not sent), so a
 * server that falls behind shows its queueing in the percentiles instead of silently slowing the
 * client down (no coordinated omission).
 *
 * Phases: the normal rate; a ramp of short open-loop steps to find the saturation rate; twice that
 * rate; the normal rate again, reported per window to show the recovery.
 */

export type RequestClass = 'list' | 'item' | 'inquiry';

interface MixEntry {
  label: string;
  requestClass: RequestClass;
  weight: number;
  request: () => { method: 'GET' | 'POST'; path: string; headers?: Record<string, string>; body?: string };
}

interface Outcome {
  label: string;
  requestClass: RequestClass;
  /** Due time, ms since the phase started. */
  dueMs: number;
  latencyMs: number;
  status: number | null;
  failure: 'timeout' | 'connection' | null;
  bytes: number;
}

export interface LatencySummary {
  requests: number;
  p50Ms: number | null;
  p95Ms: number | null;
  p99Ms: number | null;
  maxMs: number | null;
}

export interface PhaseFigures extends LatencySummary {
  name: string;
  /** Requests per second the schedule asked for (closed loop: null). */
  targetRate: number | null;
  /** Requests actually sent per second (shows whether the client kept to the schedule). */
  sentRate: number;
  seconds: number;
  ok: number;
  status503: number;
  /** Answers other than 2xx and 503. */
  otherStatus: Record<string, number>;
  /** The same, by kind of request ("404 GET /product/…"), to tell which one misbehaves. */
  otherStatusByRequest: Record<string, number>;
  timeouts: number;
  connectionErrors: number;
  /** Errors = everything that is not a 2xx answer. */
  errors: number;
  /** p99 of the 2xx answers alone: the wait of the requests the server took on. */
  okP99Ms: number | null;
  responseBytes: number;
  byClass: Record<RequestClass, LatencySummary>;
}

export interface RecoveryWindow extends LatencySummary {
  fromSecond: number;
  toSecond: number;
  errors: number;
  status503: number;
}

export interface LoadMixFigures {
  method: string;
  mix: { label: string; requestClass: RequestClass; share: number }[];
  spareParts: number;
  normal: PhaseFigures;
  saturation: {
    /** The highest step rate that held (or the normal rate when none did). */
    requestsPerSecond: number;
    steps: { rate: number; requests: number; p99Ms: number | null; errors: number; held: boolean }[];
    /** The figures of the step at the saturation rate. */
    phase: PhaseFigures;
  };
  overload: PhaseFigures;
  recovery: PhaseFigures;
  recoveryWindows: RecoveryWindow[];
  /** The first recovery window (from the start of the recovery phase) whose p99 is within budget again. */
  recoveredAfterSeconds: number | null;
  healthAfter: { status: number | null; ms: number | null };
  serverExited: string | null;
  /**
   * Kernel TCP counters over the overload and recovery phases (machine-wide, null without /proc):
   * connections dropped because the server's accept queue was full, and the SYNs sent again for
   * them. Node accepts one connection per turn of its event loop (decision 025), so a busy loop
   * shows here as answers seconds late.
   */
  overloadListenQueue: ListenQueueCounters | null;
}

export interface LoadMixOptions {
  normalRate: number;
  normalSeconds: number;
  /** Seconds per ramp step; each step is 1.5× the previous, starting at the normal rate. */
  stepSeconds: number;
  maxSteps: number;
  overloadSeconds: number;
  recoverySeconds: number;
  windowSeconds: number;
  /** Requests not finished this long after they were due count as timeouts (and are aborted). */
  timeoutMs: number;
  /** p99 the recovery windows are compared against. */
  p99BudgetMs: number;
}

export const loadMixOptions = (quick: boolean): LoadMixOptions =>
  quick
    ? {
        normalRate: 20,
        normalSeconds: 5,
        stepSeconds: 1,
        maxSteps: 6,
        overloadSeconds: 3,
        recoverySeconds: 5,
        windowSeconds: 1,
        timeoutMs: 5_000,
        p99BudgetMs: 100,
      }
    : {
        normalRate: 100,
        normalSeconds: 60,
        stepSeconds: 3,
        maxSteps: 10,
        overloadSeconds: 30,
        recoverySeconds: 30,
        windowSeconds: 5,
        timeoutMs: 10_000,
        p99BudgetMs: 100,
      };

/** A step "held" while p99 stays within this (10× the budget) and at most 1 % of answers are not 2xx. */
export const STEP_P99_LIMIT_MS = 1000;
const STEP_ERROR_SHARE = 0.01;

/** Enough sockets that the client never throttles the schedule at these rates. */
const MAX_SOCKETS = 1024;

export const LOAD_MIX_METHOD =
  'Open loop: requests leave on a fixed schedule (a 2 ms timer sends every request that is due) over ' +
  `keep-alive sockets (at most ${MAX_SOCKETS}); latency runs from the due time to the last byte, so queueing ` +
  'in the client or the server counts. Every request sends Accept-Encoding: gzip, deflate, br like a browser ' +
  'and bodies are counted, not decompressed. Inquiries use a distinct X-Forwarded-For each (TRUST_PROXY=true), ' +
  'so each is a real insert. Item ids are drawn at random over the whole catalogue, so most item pages miss ' +
  'the page cache and are rendered. Each kind of request is sent twice, unmeasured, first. Saturation = the highest rate of an open-loop ramp (×1.5 per step) ' +
  `whose step kept p99 ≤ ${STEP_P99_LIMIT_MS} ms with ≤ 1 % non-2xx answers (a closed loop would measure ` +
  'how fast the server refuses once it sheds load). Client and server share the machine.';

function percentile(sorted: readonly number[], p: number): number | null {
  if (sorted.length === 0) return null;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

const tenth = (value: number | null) => (value === null ? null : Math.round(value * 10) / 10);

function summarize(outcomes: readonly Outcome[]): LatencySummary {
  const sorted = outcomes.map((o) => o.latencyMs).sort((a, b) => a - b);
  return {
    requests: outcomes.length,
    p50Ms: tenth(percentile(sorted, 50)),
    p95Ms: tenth(percentile(sorted, 95)),
    p99Ms: tenth(percentile(sorted, 99)),
    maxMs: tenth(sorted.at(-1) ?? null),
  };
}

const isOk = (o: Outcome) => o.status !== null && o.status >= 200 && o.status < 300;

function phaseFigures(
  name: string,
  outcomes: readonly Outcome[],
  seconds: number,
  targetRate: number | null,
): PhaseFigures {
  const otherStatus: Record<string, number> = {};
  const otherStatusByRequest: Record<string, number> = {};
  for (const o of outcomes) {
    if (o.status !== null && !isOk(o) && o.status !== 503) {
      otherStatus[o.status] = (otherStatus[o.status] ?? 0) + 1;
      const key = `${o.status} ${o.label}`;
      otherStatusByRequest[key] = (otherStatusByRequest[key] ?? 0) + 1;
    }
  }
  const ofClass = (c: RequestClass) => summarize(outcomes.filter((o) => o.requestClass === c));
  return {
    name,
    targetRate,
    sentRate: tenth(outcomes.length / seconds)!,
    seconds,
    ...summarize(outcomes),
    ok: outcomes.filter(isOk).length,
    status503: outcomes.filter((o) => o.status === 503).length,
    otherStatus,
    otherStatusByRequest,
    timeouts: outcomes.filter((o) => o.failure === 'timeout').length,
    connectionErrors: outcomes.filter((o) => o.failure === 'connection').length,
    errors: outcomes.filter((o) => !isOk(o)).length,
    okP99Ms: summarize(outcomes.filter(isOk)).p99Ms,
    responseBytes: outcomes.reduce((sum, o) => sum + o.bytes, 0),
    byClass: { list: ofClass('list'), item: ofClass('item'), inquiry: ofClass('inquiry') },
  };
}

let clientCounter = 0;
/** Addresses from 172.16/12, away from the 10/8 ones the inquiry autocannon run uses. */
function nextClientAddress(): string {
  clientCounter += 1;
  return `172.${16 + ((clientCounter >> 16) & 15)}.${(clientCounter >> 8) & 255}.${clientCounter & 255}`;
}

interface Catalogue {
  sparePartIds: string[];
  machineIds: string[];
  machineCategory: string;
  /** Words from part names: visitors' searches differ, so most are not yet cached. */
  searchTerms: string[];
}

/** Waits out load shedding: building the 25,000-part index once can make the server shed the next request. */
async function getPage<T>(origin: string, apiPath: string): Promise<{ items: T[]; total: number }> {
  for (let attempt = 1; ; attempt += 1) {
    const response = await fetch(origin + apiPath);
    if (response.ok) {
      return { items: (await response.json()) as T[], total: Number(response.headers.get(TOTAL_COUNT_HEADER)) };
    }
    if (response.status !== 503 || attempt === 10) throw new Error(`GET ${apiPath} answered ${response.status}`);
    await response.arrayBuffer();
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
}

/** Every item of a list, a page at a time (decision 010). */
async function getWholeList<T>(origin: string, apiPath: string): Promise<T[]> {
  const items: T[] = [];
  for (let offset = 0; ; offset += LIST_PAGE_LIMIT) {
    const page = await getPage<T>(origin, `${apiPath}?offset=${offset}`);
    items.push(...page.items);
    if (page.items.length === 0 || items.length >= page.total) return items;
  }
}

async function readCatalogue(origin: string): Promise<Catalogue> {
  const parts = await getWholeList<{ id: string; name: string }>(origin, '/api/spareparts');
  const machines = await getWholeList<{ id: string; category: string }>(origin, '/api/products');
  const firstMachine = machines[0];
  if (!firstMachine || parts.length === 0) {
    throw new Error('The load mix needs at least one machine and one spare part');
  }
  const words = new Set(parts.flatMap((p) => p.name.toLowerCase().split(/\s+/)).filter((w) => /^[a-z]{3,}$/.test(w)));
  return {
    sparePartIds: parts.map((p) => p.id),
    machineIds: machines.map((m) => m.id),
    machineCategory: firstMachine.category,
    searchTerms: words.size > 0 ? [...words] : ['part'],
  };
}

const randomOf = <T>(values: readonly T[]): T => values[Math.floor(Math.random() * values.length)]!;

/**
 * 70 % catalogue lists and list pages, 25 % item pages and item API reads, 5 % inquiries. The list
 * pages (/ and /products?q=) are what a visitor lands on; the API calls are what the catalogue
 * screen then asks for: the summary, pages of 24, and searches with terms that vary, so most
 * searches scan the 25,000-part index instead of hitting a cached page.
 */
function buildMix(catalogue: Catalogue): MixEntry[] {
  const inquiryBody = JSON.stringify({
    firstName: 'Load',
    lastName: 'Mix',
    email: 'load@example.com',
    phone: '+91 98765 43210',
    message: 'Load test inquiry written by npm run bench.',
  });
  const get = (path: string) => ({ method: 'GET' as const, path });
  const category = encodeURIComponent(catalogue.machineCategory);
  const term = () => encodeURIComponent(randomOf(catalogue.searchTerms));
  const pageCount = Math.max(1, Math.ceil(catalogue.sparePartIds.length / 24));
  return [
    { label: 'GET /api/spareparts', requestClass: 'list', weight: 5, request: () => get('/api/spareparts') },
    {
      label: 'GET /api/spareparts?q=…&limit=24 (a search)',
      requestClass: 'list',
      weight: 10,
      request: () => get(`/api/spareparts?q=${term()}&limit=24`),
    },
    {
      label: 'GET /api/spareparts?offset=…&limit=24 (a page)',
      requestClass: 'list',
      weight: 5,
      request: () => get(`/api/spareparts?offset=${24 * Math.floor(Math.random() * pageCount)}&limit=24`),
    },
    {
      label: 'GET /api/products?category=…&limit=24',
      requestClass: 'list',
      weight: 5,
      request: () => get(`/api/products?category=${category}&limit=24`),
    },
    {
      label: 'GET /api/catalogue/summary',
      requestClass: 'list',
      weight: 5,
      request: () => get('/api/catalogue/summary'),
    },
    {
      label: 'GET /products?q=… (HTML)',
      requestClass: 'list',
      weight: 15,
      request: () => get(`/products?q=${term()}`),
    },
    { label: 'GET / (HTML, featured lists)', requestClass: 'list', weight: 15, request: () => get('/') },
    {
      label: 'GET /api/spareparts/featured',
      requestClass: 'list',
      weight: 5,
      request: () => get('/api/spareparts/featured'),
    },
    {
      label: 'GET /api/products/featured',
      requestClass: 'list',
      weight: 5,
      request: () => get('/api/products/featured'),
    },
    {
      label: 'GET /product/{random part} (HTML)',
      requestClass: 'item',
      weight: 13,
      request: () => get(`/product/${randomOf(catalogue.sparePartIds)}`),
    },
    {
      label: 'GET /api/spareparts/{random part}',
      requestClass: 'item',
      weight: 10,
      request: () => get(`/api/spareparts/${randomOf(catalogue.sparePartIds)}`),
    },
    {
      label: 'GET /api/products/{random machine}',
      requestClass: 'item',
      weight: 2,
      request: () => get(`/api/products/${randomOf(catalogue.machineIds)}`),
    },
    {
      label: 'POST /api/inquiries (own X-Forwarded-For)',
      requestClass: 'inquiry',
      weight: 5,
      request: () => ({
        method: 'POST',
        path: '/api/inquiries',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': nextClientAddress() },
        body: inquiryBody,
      }),
    },
  ];
}

function picker(mix: readonly MixEntry[]): () => MixEntry {
  const total = mix.reduce((sum, entry) => sum + entry.weight, 0);
  return () => {
    let roll = Math.random() * total;
    for (const entry of mix) {
      roll -= entry.weight;
      if (roll < 0) return entry;
    }
    return mix.at(-1)!;
  };
}

/** Sends one request; resolves (never rejects) when it ends, fails or passes `deadline` (performance.now()). */
function send(agent: http.Agent, origin: URL, entry: MixEntry, due: number, deadline: number, phaseStart: number) {
  return new Promise<Outcome>((resolve) => {
    const { method, path, headers, body } = entry.request();
    let bytes = 0;
    let settled = false;
    const finish = (status: number | null, failure: Outcome['failure']) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve({
        label: entry.label,
        requestClass: entry.requestClass,
        dueMs: due - phaseStart,
        latencyMs: performance.now() - due,
        status,
        failure,
        bytes,
      });
    };
    const request = http.request(
      {
        host: origin.hostname,
        port: origin.port,
        method,
        path,
        agent,
        headers: { 'accept-encoding': BROWSER_ACCEPT_ENCODING, ...headers },
      },
      (response) => {
        response.on('data', (chunk: Buffer) => {
          bytes += chunk.length;
        });
        response.on('end', () => finish(response.statusCode ?? null, null));
        response.on('error', () => finish(null, 'connection'));
      },
    );
    const timer = setTimeout(
      () => {
        finish(null, 'timeout');
        request.destroy();
      },
      Math.max(0, deadline - performance.now()),
    );
    request.on('error', () => finish(null, 'connection'));
    request.end(body);
  });
}

const newAgent = () => new http.Agent({ keepAlive: true, maxSockets: MAX_SOCKETS });

/** Sends `rate` requests per second for `seconds`, on schedule whatever the answers; waits for all to settle. */
async function openLoop(origin: URL, pick: () => MixEntry, rate: number, seconds: number, timeoutMs: number) {
  const agent = newAgent();
  const total = Math.round(rate * seconds);
  const pending: Promise<Outcome>[] = [];
  const start = performance.now();
  await new Promise<void>((resolve) => {
    const tick = () => {
      const now = performance.now();
      // Every request whose due time has passed leaves now, stamped with its due time.
      while (pending.length < total && start + (pending.length * 1000) / rate <= now) {
        const due = start + (pending.length * 1000) / rate;
        pending.push(send(agent, origin, pick(), due, due + timeoutMs, start));
      }
      if (pending.length >= total) resolve();
      else setTimeout(tick, 2);
    };
    tick();
  });
  const scheduleEnd = performance.now();
  return {
    /** Resolves once every request has ended; the sockets are closed then. */
    settled: Promise.all(pending).finally(() => agent.destroy()),
    scheduleSeconds: (scheduleEnd - start) / 1000,
  };
}

async function health(origin: string): Promise<{ status: number | null; ms: number | null }> {
  const started = performance.now();
  try {
    const response = await fetch(`${origin}/api/health`, { signal: AbortSignal.timeout(10_000) });
    await response.arrayBuffer();
    return { status: response.status, ms: performance.now() - started };
  } catch {
    return { status: null, ms: null };
  }
}

export async function runLoadMix(
  originText: string,
  options: LoadMixOptions,
  serverExitInfo: () => string | null,
  log: (message: string) => void,
): Promise<LoadMixFigures> {
  const origin = new URL(originText);
  const catalogue = await readCatalogue(originText);
  const mix = buildMix(catalogue);
  const pick = picker(mix);
  const totalWeight = mix.reduce((sum, entry) => sum + entry.weight, 0);

  // A server in service is warm: every kind of request once or twice first, unmeasured.
  const warmUp = newAgent();
  for (const entry of [...mix, ...mix]) {
    const now = performance.now();
    await send(warmUp, origin, entry, now, now + options.timeoutMs, now);
  }
  warmUp.destroy();

  log(`load mix: ${options.normalRate}/s open loop for ${options.normalSeconds} s`);
  const normalRun = await openLoop(origin, pick, options.normalRate, options.normalSeconds, options.timeoutMs);
  const normal = phaseFigures('normal', await normalRun.settled, options.normalSeconds, options.normalRate);

  const steps: LoadMixFigures['saturation']['steps'] = [];
  let stepRate = options.normalRate;
  let saturationRate = options.normalRate;
  let saturationPhase: PhaseFigures | null = null;
  for (let step = 0; step < options.maxSteps; step += 1) {
    log(`load mix: ramp step ${stepRate}/s for ${options.stepSeconds} s`);
    const run = await openLoop(origin, pick, stepRate, options.stepSeconds, options.timeoutMs);
    const phase = phaseFigures(`ramp step ${stepRate}/s`, await run.settled, options.stepSeconds, stepRate);
    const held =
      phase.p99Ms !== null && phase.p99Ms <= STEP_P99_LIMIT_MS && phase.errors <= phase.requests * STEP_ERROR_SHARE;
    steps.push({ rate: stepRate, requests: phase.requests, p99Ms: phase.p99Ms, errors: phase.errors, held });
    if (!held) {
      saturationPhase ??= phase;
      break;
    }
    saturationRate = stepRate;
    saturationPhase = phase;
    stepRate = Math.round(stepRate * 1.5);
  }
  const overloadRate = 2 * saturationRate;

  log(`load mix: overload ${overloadRate}/s for ${options.overloadSeconds} s, then ${options.normalRate}/s`);
  const countersBefore = listenQueueCounters();
  const overloadRun = await openLoop(origin, pick, overloadRate, options.overloadSeconds, options.timeoutMs);
  // Recovery starts as soon as the overload schedule ends: the backlog is still being served.
  const recoveryRun = await openLoop(origin, pick, options.normalRate, options.recoverySeconds, options.timeoutMs);
  const [overloadOutcomes, recoveryOutcomes] = await Promise.all([overloadRun.settled, recoveryRun.settled]);
  const overloadListenQueue = counterDelta(countersBefore, listenQueueCounters());
  const overload = phaseFigures('overload', overloadOutcomes, overloadRun.scheduleSeconds, overloadRate);
  const recovery = phaseFigures('recovery', recoveryOutcomes, options.recoverySeconds, options.normalRate);

  const recoveryWindows: RecoveryWindow[] = [];
  for (let from = 0; from < options.recoverySeconds; from += options.windowSeconds) {
    const to = Math.min(options.recoverySeconds, from + options.windowSeconds);
    const inWindow = recoveryOutcomes.filter((o) => o.dueMs >= from * 1000 && o.dueMs < to * 1000);
    recoveryWindows.push({
      fromSecond: from,
      toSecond: to,
      ...summarize(inWindow),
      errors: inWindow.filter((o) => !isOk(o)).length,
      status503: inWindow.filter((o) => o.status === 503).length,
    });
  }
  // Recovered = this window and every later one within budget and without errors.
  let recoveredAfterSeconds: number | null = null;
  for (let i = recoveryWindows.length - 1; i >= 0; i -= 1) {
    const window = recoveryWindows[i]!;
    if (window.p99Ms === null || window.p99Ms > options.p99BudgetMs || window.errors > 0) break;
    recoveredAfterSeconds = window.fromSecond;
  }

  return {
    method: LOAD_MIX_METHOD,
    mix: mix.map((entry) => ({
      label: entry.label,
      requestClass: entry.requestClass,
      share: Math.round((entry.weight / totalWeight) * 1000) / 1000,
    })),
    spareParts: catalogue.sparePartIds.length,
    normal,
    saturation: { requestsPerSecond: saturationRate, steps, phase: saturationPhase! },
    overload,
    recovery,
    recoveryWindows,
    recoveredAfterSeconds,
    healthAfter: await health(originText).then((h) => ({ ...h, ms: tenth(h.ms) })),
    serverExited: serverExitInfo(),
    overloadListenQueue,
  };
}
