import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pngImage } from '../../helpers/images';
import { inspectDatabase } from './db-inspection';
import { seededRandom } from '../../helpers/seeded-random';
import { fetchWholeList } from '../../helpers/whole-list';
import { formData, loginOver, ServerProcess } from '../../helpers/server-process';

/**
 * Kills a real server process with SIGKILL, many times, while it takes writes, and proves that
 * every write it acknowledged (2xx) is still there, unchanged, after the restart, and that the
 * database file is never corrupt. Set CRASH_SEED to replay a run.
 */

const MAX_ROUNDS = Number(process.env.CRASH_ROUNDS ?? 20);
/**
 * A start of the real server costs seconds when the whole suite shares the CPU, so the run stops
 * taking new rounds after this long, but never before MIN_ROUNDS kills. CI pays every second of
 * it on both cores' worth of work: a longer hunt is `CRASH_ROUNDS_BUDGET_MS=… CRASH_SEED=…`.
 */
const MIN_ROUNDS = Math.min(8, MAX_ROUNDS);
const ROUNDS_BUDGET_MS = Number(process.env.CRASH_ROUNDS_BUDGET_MS ?? 35_000);
const SEED = Number(process.env.CRASH_SEED ?? 20261121);
const KILL_AFTER_MS = { min: 150, max: 1500 };
/**
 * On a machine so loaded that no create or edit was answered within the kill windows of the first
 * MIN_ROUNDS rounds (a create carries pictures to process), a round waits up to this long for one
 * before its kill: a run whose kills never met a write would prove nothing.
 */
const WAIT_FOR_WRITES_MS = 30_000;
const INQUIRY_WORKERS = 3;
const CREATE_WORKERS = 2;
const EDIT_WORKERS = 2;

interface InquiryBody {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  message: string;
  product: string;
}

interface MachineJson {
  id: string;
  name: string;
  description: string;
  images: string[];
  [field: string]: unknown;
}

interface ItemState {
  acked: MachineJson;
  /** An edit sent but never answered (the process died): it may or may not have committed. */
  pending?: { name: string; description: string };
  busy: boolean;
}

const random = seededRandom(SEED);
const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)] as T;

let dataDir: string;
let server: ServerProcess | undefined;
let token: string;
let png: Buffer;
const inquiries = new Map<string, InquiryBody>();
const items = new Map<string, ItemState>();
const unexpected: string[] = [];
const stats = {
  rounds: 0,
  integrityChecks: 0,
  imageRows: 0,
  orphanFiles: 0,
  refusedBusy: 0,
  inquiriesAcked: 0,
  createsAcked: 0,
  editsAcked: 0,
  editsUnanswered: 0,
  resolvedPending: 0,
};
let sequence = 0;

/**
 * A 503 is an honest refusal (the server sheds load when the CPU is starved, as it is when the
 * whole suite runs): nothing was saved, nothing to check. Anything else but success is a bug.
 */
async function refusedOrUnexpected(what: string, response: Response): Promise<void> {
  if (response.status === 503 && response.headers.has('retry-after')) stats.refusedBusy++;
  else unexpected.push(`${what}: ${response.status} ${await response.text()}`);
}

beforeAll(async () => {
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'capstan-crash-'));
  png = await pngImage(64, 48, '#0f766e');
});

afterAll(async () => {
  await server?.kill();
  await fs.rm(dataDir, { recursive: true, force: true });
});

async function sendInquiry(url: string, signal: AbortSignal): Promise<void> {
  const n = ++sequence;
  const body: InquiryBody = {
    firstName: 'Crash',
    lastName: `Tester ${n}`,
    email: `crash.${n}@example.com`,
    phone: '+91 98450 12345',
    message: `Please quote for 2 capstan lathes (request ${n}, ${random().toString(36).slice(2)}).`,
    product: `CL-${n}`,
  };
  const response = await fetch(`${url}/api/inquiries`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      // Each request from its own address, so the per-address limit never answers instead.
      'x-forwarded-for': `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`,
    },
    body: JSON.stringify(body),
    signal,
  });
  if (response.status !== 201) return refusedOrUnexpected('inquiry', response);
  const { id } = (await response.json()) as { id: string };
  inquiries.set(id, body);
  stats.inquiriesAcked++;
}

async function createMachine(url: string, signal: AbortSignal): Promise<void> {
  const n = ++sequence;
  const fields = {
    name: `Crash lathe ${n}`,
    description: `Created in a crash round (${n}).`,
    category: 'machine',
    specifications: JSON.stringify({ 'Bar Capacity': `${n % 60} mm`, 'Spindle Speed': '60-2000 rpm' }),
    featured: 'false',
  };
  const response = await fetch(`${url}/api/products`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: formData(fields, [{ name: 'lathe.png', data: png }]),
    signal,
  });
  if (response.status !== 201) return refusedOrUnexpected('create', response);
  const machine = (await response.json()) as MachineJson;
  items.set(machine.id, { acked: machine, busy: false });
  stats.createsAcked++;
}

async function editMachine(url: string, signal: AbortSignal): Promise<void> {
  const idle = [...items.values()].filter((item) => !item.busy);
  if (idle.length === 0) {
    await new Promise((resolve) => setTimeout(resolve, 10));
    return;
  }
  // One edit at a time per item, so "the last acknowledged version" is well defined.
  const item = pick(idle);
  item.busy = true;
  const n = ++sequence;
  const current = item.acked.images;
  // Sometimes drop the oldest image (its files are deleted after the commit), sometimes add one.
  const keep = current.length > 2 || (current.length > 0 && random() < 0.3) ? current.slice(1) : current;
  const files = keep.length === 0 || random() < 0.5 ? [{ name: `extra-${n}.png`, data: png }] : [];
  const fields = {
    name: `Edited lathe ${n}`,
    description: `Edited in a crash round (${n}).`,
    category: 'machine',
    specifications: JSON.stringify({ 'Bar Capacity': `${n % 60} mm`, Edit: String(n) }),
    featured: random() < 0.5 ? 'true' : 'false',
    keepImages: JSON.stringify(keep),
  };
  item.pending = { name: fields.name, description: fields.description };
  stats.editsUnanswered++;
  const response = await fetch(`${url}/api/products/${item.acked.id}`, {
    method: 'PUT',
    headers: { authorization: `Bearer ${token}` },
    body: formData(fields, files),
    signal,
  });
  if (response.status !== 200) {
    // Refused, so certainly not applied: the item must still be as last acknowledged.
    item.pending = undefined;
    item.busy = false;
    stats.editsUnanswered--;
    return refusedOrUnexpected('edit', response);
  }
  item.acked = (await response.json()) as MachineJson;
  item.pending = undefined;
  item.busy = false;
  stats.editsUnanswered--;
  stats.editsAcked++;
}

async function worker(work: () => Promise<void>, stopped: () => boolean): Promise<void> {
  while (!stopped()) {
    try {
      await work();
    } catch (error) {
      // The process was killed under the request: not acknowledged, so nothing to check.
      if (!stopped())
        unexpected.push(`request failed while the server was up: ${String(error)} ${String((error as Error).cause)}`);
    }
  }
}

/**
 * The list call sends items without their specification list, image sizes, timestamps (ListEntry),
 * the parts that fit a machine, its availability and warranty, and its HSN/SAC code and GST rate
 * (details only).
 */
function asListEntry({
  specificationList: _o,
  createdAt: _c,
  updatedAt: _u,
  partsThatFit: _p,
  availability: _a,
  warranty: _w,
  hsnCode: _h,
  gstRate: _g,
  ...machine
}: MachineJson): MachineJson {
  const media = machine.media as { thumbnailUrl: string; width: number; height: number }[] | undefined;
  return media
    ? { ...machine, media: media.map(({ thumbnailUrl, width, height }) => ({ thumbnailUrl, width, height })) }
    : machine;
}

/** Through the restarted server's API: every acknowledged item is there, exactly as answered. */
async function verifyItemsOverApi(url: string): Promise<void> {
  const listed = new Map(
    (await fetchWholeList<MachineJson>(url, '/api/products')).map((machine) => [machine.id, machine]),
  );
  for (const [id, item] of items) {
    const actual = listed.get(id);
    expect(actual, `acknowledged machine ${id} is missing`).toBeDefined();
    if (!actual) continue;
    if (item.pending && actual.name === item.pending.name && actual.description === item.pending.description) {
      // The unanswered edit did commit: from now on it is the version to keep.
      item.acked = actual;
      stats.resolvedPending++;
    } else {
      expect(actual, `machine ${id} differs from its last acknowledged version`).toEqual(asListEntry(item.acked));
    }
    item.pending = undefined;
    item.busy = false;
  }
}

/** Straight from the file, with no server running: integrity, inquiries, images on disk. */
function verifyDatabaseFile(): void {
  const inspection = inspectDatabase(dataDir);
  stats.imageRows = inspection.imageRows;
  stats.orphanFiles = inspection.filesWithoutRow;
  stats.integrityChecks++;
  expect(inspection.integrity).toBe('ok');
  for (const [id, body] of inquiries) {
    const row = inspection.inquiries.get(id);
    expect(row, `acknowledged inquiry ${id} is missing`).toBeDefined();
    expect({
      firstName: row?.first_name,
      lastName: row?.last_name,
      email: row?.email,
      phone: row?.phone,
      message: row?.message,
      product: row?.product,
    }).toEqual(body);
  }
  for (const id of items.keys()) expect(inspection.itemIds.has(id), `machine ${id} row is missing`).toBe(true);
  expect(inspection.imagesMissingFiles, 'image rows whose files are gone').toEqual([]);
}

describe('SIGKILL at random moments under write load', () => {
  it(`loses no acknowledged write and never corrupts the database (up to ${MAX_ROUNDS} kills, seed ${SEED})`, async () => {
    const started = Date.now();
    const writesMissing = () => stats.createsAcked === 0 || stats.editsAcked === 0;
    for (let round = 1; round <= MAX_ROUNDS; round++) {
      if (round > MIN_ROUNDS && Date.now() - started > ROUNDS_BUDGET_MS && !writesMissing()) break;
      server = await ServerProcess.start(dataDir);
      const { url } = server;
      token ??= await loginOver(url);
      await verifyItemsOverApi(url);

      const abort = new AbortController();
      let stopped = false;
      const isStopped = () => stopped;
      const workers = [
        ...Array.from({ length: INQUIRY_WORKERS }, () => worker(() => sendInquiry(url, abort.signal), isStopped)),
        ...Array.from({ length: CREATE_WORKERS }, () => worker(() => createMachine(url, abort.signal), isStopped)),
        ...Array.from({ length: EDIT_WORKERS }, () => worker(() => editMachine(url, abort.signal), isStopped)),
      ];
      const killAfter = KILL_AFTER_MS.min + Math.floor(random() * (KILL_AFTER_MS.max - KILL_AFTER_MS.min));
      await new Promise((resolve) => setTimeout(resolve, killAfter));
      if (round >= MIN_ROUNDS && writesMissing()) {
        const waitUntil = Date.now() + WAIT_FOR_WRITES_MS;
        while (writesMissing() && Date.now() < waitUntil) await new Promise((resolve) => setTimeout(resolve, 50));
      }
      // Workers check the flag only between requests: those in flight now meet the kill.
      stopped = true;
      await server.kill();
      abort.abort();
      await Promise.all(workers);

      expect(unexpected, 'answers other than success while the server was up').toEqual([]);
      verifyDatabaseFile();
      stats.rounds++;
    }

    // One last start: everything is readable through the API, then a clean shutdown.
    server = await ServerProcess.start(dataDir);
    await verifyItemsOverApi(server.url);
    const response = await fetch(`${server.url}/api/inquiries`, { headers: { authorization: `Bearer ${token}` } });
    expect(response.status).toBe(200);
    const listed = new Set(((await response.json()) as { id: string }[]).map((inquiry) => inquiry.id));
    for (const id of inquiries.keys()) expect(listed.has(id), `inquiry ${id} not listed`).toBe(true);
    await server.stop();
    verifyDatabaseFile();

    console.info(
      `crash rounds: ${JSON.stringify({ ...stats, inquiriesChecked: inquiries.size, machinesChecked: items.size, seconds: (Date.now() - started) / 1000 })}`,
    );
    // A run where the kills never met a write would prove nothing.
    expect(stats.inquiriesAcked).toBeGreaterThan(stats.rounds);
    expect(stats.createsAcked).toBeGreaterThan(0);
    expect(stats.editsAcked).toBeGreaterThan(0);
  }, 300_000);
});
