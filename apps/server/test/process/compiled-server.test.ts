import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ImportSummary } from '@capstan/shared';
import { loginOver, ServerProcess } from '../helpers/server-process';

/**
 * The compiled server (dist/main.mjs, decision 080) finds what the sources find beside themselves:
 * the catalogue import's worker thread (started from a file next to the module that starts it),
 * and the spec sheet's fonts (resolved from node_modules by the bundle's own location).
 */
let dataDir: string;
let server: ServerProcess;
let token: string;

beforeAll(async () => {
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'capstan-compiled-'));
  server = await ServerProcess.start(dataDir);
  token = await loginOver(server.url);
});

afterAll(async () => {
  await server?.stop();
  await fs.rm(dataDir, { recursive: true, force: true });
});

// Past 256 KB (a blank last row of spaces), so the reader's thread reads it: smaller CSV files are read in place.
const MACHINES = `code,name,description,spec: Bar capacity [mm],spec: Coolant\nCS-38,Compiled lathe,A capstan lathe for bar work.,38,Flood\n${' '.repeat(300_000)}\n`;

async function sendImport(query: string): Promise<Response> {
  const form = new FormData();
  form.append('file', new Blob([MACHINES], { type: 'text/csv' }), 'machines.csv');
  return fetch(`${server.url}/api/catalogue-import/machines${query}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
}

describe('the compiled server', () => {
  it('reads an import file in its worker thread, imports it, and renders the spec sheet in Tamil', async () => {
    const preview = await sendImport('?mode=preview');
    expect(preview.status, await preview.clone().text()).toBe(200);
    const summary = (await preview.json()) as ImportSummary;
    const applied = await sendImport(`?mode=apply&planId=${summary.planId}`);
    expect(applied.status, await applied.clone().text()).toBe(200);
    await applied.text();

    const list = await fetch(`${server.url}/api/products?category=machine`);
    const made = ((await list.json()) as { id: string; code: string }[]).find((item) => item.code === 'CS-38');
    expect(made).toBeDefined();

    const sheet = await fetch(`${server.url}/ta/product/${made?.id}/spec-sheet.pdf`);
    expect(sheet.status).toBe(200);
    expect(sheet.headers.get('content-type')).toBe('application/pdf');
    const bytes = Buffer.from(await sheet.arrayBuffer());
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    // The Tamil font is embedded: PDFKit names an embedded font by its PostScript name.
    expect(bytes.toString('latin1')).toMatch(/NotoSansTamil/);
  });
});
