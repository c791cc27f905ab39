import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { references, sameReferences } from '../../src/modules/catalogue-import/import-references';
import { applyImport } from '../../src/modules/catalogue-import/import.service';
import type { Sheet } from '../../src/modules/catalogue-import/import-sheet';
import { bearer, createTestApp, type TestApp } from '../helpers/test-app';
import { createMachine, createPart, sendForm } from '../helpers/items';

/**
 * An import plans its file before it takes the write lock, and keeps that plan only if a second
 * read under the lock finds what the plan depends on unchanged (decision 091). These tests hold
 * that second read to every kind of change a staff save can make in between.
 */
let t: TestApp;
let token: string;
let machineA: string;
let machineB: string;
let partId: string;

const sheet: Sheet = {
  header: ['code', 'price', 'fits'],
  rows: [
    { line: 2, cells: ['PBL-1', '150', 'PBL-M1'] },
    { line: 3, cells: ['PBL-2', '90', ''] },
  ],
};

const read = () => references(t.ctx.db, 'spare-parts', sheet);

beforeAll(async () => {
  t = await createTestApp();
  token = await t.login();
  machineA = (await createMachine(t, token, { name: 'Plan Lock Machine A', code: 'PBL-M1' })).id;
  machineB = (await createMachine(t, token, { name: 'Plan Lock Machine B', code: 'PBL-M2' })).id;
  partId = (
    await createPart(t, token, {
      code: 'PBL-1',
      name: 'Plan Lock Collet',
      price: '100',
      fits: JSON.stringify([machineB, machineA]),
    })
  ).id;
});

afterAll(async () => {
  await t?.close();
});

describe('the plan made before the import’s lock', () => {
  it('holds when nothing changed between the two reads', async () => {
    const first = await read();
    expect(first.stored.map((item) => item.id)).toEqual([partId]);
    expect(sameReferences(first, await read())).toBe(true);
    // The same rows in another order, and the fits too, are the same catalogue.
    const reordered = {
      ...first,
      stored: first.stored.map((item) => ({ ...item, fits: [...item.fits].reverse() })).reverse(),
      machines: [...first.machines].reverse(),
    };
    expect(sameReferences(first, reordered)).toBe(true);
  });

  it('is planned again after a save of a named part, even one that changes only its fits', async () => {
    const before = await read();
    const saved = await sendForm(t, token, 'PUT', `/api/spareparts/${partId}/full`, {
      fits: JSON.stringify([machineA]),
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(sameReferences(before, await read())).toBe(false);
  });

  it('is planned again when a part takes a code the file would create', async () => {
    const before = await read();
    await createPart(t, token, { code: 'PBL-2', name: 'Plan Lock Bush' });
    expect(sameReferences(before, await read())).toBe(false);
  });

  it('is planned again when a machine the fits may name is renamed by code or deleted', async () => {
    let before = await read();
    const recoded = await sendForm(t, token, 'PUT', `/api/products/${machineB}`, { code: 'PBL-M3' });
    expect(recoded.statusCode, recoded.body).toBe(200);
    expect(sameReferences(before, await read())).toBe(false);

    before = await read();
    const deleted = await t.app.inject({ method: 'DELETE', url: `/api/products/${machineB}`, headers: bearer(token) });
    expect(deleted.statusCode, deleted.body).toBe(204);
    expect(sameReferences(before, await read())).toBe(false);
  });

  it('imports what the file says after all of that', async () => {
    const file = path.join(await fs.mkdtemp(path.join(os.tmpdir(), 'plan-before-lock-')), 'prices.csv');
    const lines = [sheet.header, ...sheet.rows.map((row) => row.cells)].map((cells) => cells.join(','));
    await fs.writeFile(file, lines.join('\n'));
    const { summary } = await applyImport(t.ctx, 'spare-parts', file, { fileName: 'prices.csv' });
    await fs.rm(path.dirname(file), { recursive: true });
    expect(summary).toMatchObject({ create: 0, update: 2, errorCount: 0 });
    const stored = new Map((await read()).stored.map((item) => [item.code, item]));
    expect([stored.get('PBL-1')?.price, stored.get('PBL-2')?.price]).toEqual([150, 90]);
    expect(stored.get('PBL-1')?.fits).toEqual([machineA]);
  });
});
