import { execFileSync } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OUT_OF_STORAGE_MESSAGE } from '../../../src/plugins/error-handler';
import { pngImage } from '../../helpers/images';
import { inspectDatabase } from './db-inspection';
import { formData, loginOver, ServerProcess } from '../../helpers/server-process';
import { fetchWholeList } from '../../helpers/whole-list';

/**
 * A real server whose DATA_DIR is a small tmpfs that the test fills up: writes must fail with
 * a clear 503 (never a 500 or a hang), nothing acknowledged may be lost, and once space is
 * freed the same server must take writes again without a restart.
 */

const TMPFS_SIZE = '24m';
const REQUEST_TIMEOUT_MS = 20_000;

let mountDir: string;
let mounted = false;
let dataDir: string;
let fillerFile: string;
let server: ServerProcess | undefined;
let token: string;
let png: Buffer;
let ipCounter = 0;
const ackedInquiries = new Map<string, { message: string }>();
const ackedMachines = new Map<string, Record<string, unknown>>();

beforeAll(async () => {
  mountDir = await fs.mkdtemp(path.join(os.tmpdir(), 'capstan-full-disk-'));
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', `size=${TMPFS_SIZE}`, 'tmpfs', mountDir], { stdio: 'pipe' });
  } catch (error) {
    throw new Error(
      `The full-disk test needs to mount a ${TMPFS_SIZE} tmpfs (run as root where mount is allowed): ${String(error)}`,
      { cause: error },
    );
  }
  mounted = true;
  dataDir = path.join(mountDir, 'data');
  fillerFile = path.join(mountDir, 'filler.bin');
  png = await pngImage(64, 48, '#b45309');
  server = await ServerProcess.start(dataDir);
  token = await loginOver(server.url);
});

afterAll(async () => {
  await server?.kill();
  if (mounted) {
    try {
      execFileSync('umount', [mountDir], { stdio: 'pipe' });
    } catch {
      // Something still holds a file open: detach now, the kernel frees it when released.
      execFileSync('umount', ['-l', mountDir], { stdio: 'pipe' });
    }
  }
  await fs.rm(mountDir, { recursive: true, force: true });
});

/** Writes until the file system refuses even a single byte. */
async function fillDisk(): Promise<void> {
  const handle = await fs.open(fillerFile, 'w');
  try {
    for (const size of [1024 * 1024, 64 * 1024, 4096, 512, 1]) {
      const chunk = Buffer.alloc(size, 0xaa);
      try {
        for (;;) await handle.write(chunk);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'ENOSPC') throw error;
      }
    }
  } finally {
    await handle.close();
  }
}

function url(route: string): string {
  if (!server) throw new Error('server not started');
  return `${server.url}${route}`;
}

async function postInquiry(message: string): Promise<Response> {
  ipCounter++;
  return fetch(url('/api/inquiries'), {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': `10.9.${ipCounter >> 8}.${ipCounter & 255}` },
    body: JSON.stringify({
      firstName: 'Disk',
      lastName: 'Full',
      email: 'disk.full@example.com',
      phone: '+91 98450 12345',
      message,
    }),
    signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
  });
}

async function createMachine(n: number): Promise<Response> {
  return fetch(url('/api/products'), {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: formData(
      {
        name: `Disk test lathe ${n}`,
        description: 'Created around a full disk.',
        category: 'machine',
        specifications: JSON.stringify({ 'Bar Capacity': '25 mm', 'Spindle Speed': '60-2000 rpm' }),
        featured: 'false',
      },
      [{ name: 'lathe.png', data: png }],
    ),
    signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
  });
}

async function uploadImage(): Promise<Response> {
  return fetch(url('/api/upload-images'), {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: formData({}, [{ name: 'service.png', data: png }]),
    signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
  });
}

async function health(): Promise<{ status: number; body: Record<string, unknown> }> {
  const response = await fetch(url('/api/health'), { signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

async function expectOutOfStorage(response: Response): Promise<void> {
  expect(response.status).toBe(503);
  expect(Number(response.headers.get('retry-after'))).toBeGreaterThan(0);
  expect(await response.json()).toEqual({ message: OUT_OF_STORAGE_MESSAGE });
}

describe('a full disk', () => {
  it('takes writes while there is space', async () => {
    expect(await health()).toEqual({ status: 200, body: { status: 'ok', database: 'ok', uploads: 'ok' } });
    const created = await createMachine(1);
    expect(created.status).toBe(201);
    const machine = (await created.json()) as { id: string };
    ackedMachines.set(machine.id, machine);
    const inquiry = await postInquiry('Before the disk filled up.');
    expect(inquiry.status).toBe(201);
    ackedInquiries.set(((await inquiry.json()) as { id: string }).id, { message: 'Before the disk filled up.' });
  });

  it('answers 503 with a clear message while full, and the server stays up', async () => {
    await fillDisk();
    const pid = server?.pid;

    await expectOutOfStorage(await uploadImage());
    await expectOutOfStorage(await createMachine(2));

    // SQLite may still have room in pages it already owns, so a few inquiries can succeed:
    // each answer must be a saved 201 or a clear 503, and the disk must win soon.
    let refused = 0;
    for (let i = 0; i < 60 && refused < 3; i++) {
      const message = `Sent while the disk was full (${i}). ${'Long enough to need fresh pages. '.repeat(120)}`;
      const response = await postInquiry(message);
      if (response.status === 201) ackedInquiries.set(((await response.json()) as { id: string }).id, { message });
      else {
        await expectOutOfStorage(response);
        refused++;
      }
    }
    expect(refused, 'inquiries refused with 503 while the disk was full').toBe(3);

    // Still ready (reads work, and a balancer must not take the site away), uploads reported failing.
    expect(await health()).toMatchObject({
      status: 200,
      body: { status: 'degraded', database: 'ok', uploads: 'failing' },
    });

    expect(server?.running).toBe(true);
    expect(server?.pid).toBe(pid);
    const machines = await fetchWholeList<{ id: string }>(url(''), '/api/products');
    for (const id of ackedMachines.keys()) expect(machines.map((m) => m.id)).toContain(id);
  });

  it('takes the same writes again once space is freed, without a restart', async () => {
    const pid = server?.pid;
    await fs.rm(fillerFile);

    const uploaded = await uploadImage();
    expect(uploaded.status).toBe(201);
    // The store's status comes from its real operations: the upload that worked is the news.
    expect(await health()).toEqual({ status: 200, body: { status: 'ok', database: 'ok', uploads: 'ok' } });
    const created = await createMachine(3);
    expect(created.status).toBe(201);
    const machine = (await created.json()) as { id: string };
    ackedMachines.set(machine.id, machine);
    const inquiry = await postInquiry('After space was freed.');
    expect(inquiry.status).toBe(201);
    ackedInquiries.set(((await inquiry.json()) as { id: string }).id, { message: 'After space was freed.' });
    expect(server?.pid).toBe(pid);
  });

  it('lost nothing it acknowledged, and the database is intact', async () => {
    for (const [id, machine] of ackedMachines) {
      const response = await fetch(url(`/api/products/${id}`));
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual(machine);
    }
    await server?.stop();
    const inspection = inspectDatabase(dataDir);
    expect(inspection.integrity).toBe('ok');
    for (const [id, { message }] of ackedInquiries) expect(inspection.inquiries.get(id)?.message).toBe(message);
    for (const id of ackedMachines.keys()) expect(inspection.itemIds.has(id)).toBe(true);
    expect(inspection.imagesMissingFiles).toEqual([]);
  });
});
