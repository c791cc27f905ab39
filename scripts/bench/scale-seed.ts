import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { IMAGE_SIZES } from '../../packages/shared/src/image-sizes';
import { createDatabase } from '../../apps/server/src/db/database';
import { migrateToLatest } from '../../apps/server/src/db/migrate';
import type { ImagesTable, ItemFitsTable, ItemSpecificationsTable, ItemsTable } from '../../apps/server/src/db/schema';
import {
  countSpareParts,
  insertParts,
  readMachineIds,
  readTemplateParts,
  type TemplatePart,
} from './scale-seed-queries';

/** Gives a new image id the files of an existing one without processing anything: a hard link. */
async function linkImageFiles(uploadsDir: string, fromId: string, toId: string): Promise<void> {
  for (const { suffix } of IMAGE_SIZES) {
    const from = path.join(uploadsDir, `${fromId}${suffix}.webp`);
    const to = path.join(uploadsDir, `${toId}${suffix}.webp`);
    await fs.link(from, to).catch(() => fs.copyFile(from, to));
  }
}

/** A copy's part number: the template's with the serial, or a made-up one; unique either way. */
function codeOf(template: TemplatePart, serial: number): string {
  const base = template.item.code ?? 'KP';
  return `${base}-${String(serial).padStart(5, '0')}`;
}

/**
 * A copy's specifications: the template's, with each number scaled by a factor that varies with
 * the serial (so range filters have spread to cut), and a bore and weight when it has no typed
 * row at all (the catalogue's range filters need typed specifications on every grown part).
 */
function specificationsOf(template: TemplatePart, id: string, serial: number): ItemSpecificationsTable[] {
  const factor = 0.6 + (serial % 17) * 0.05;
  const rows = template.specifications.map((spec) => ({
    ...spec,
    item_id: id,
    spec_number: spec.spec_number === null ? null : Math.round(Number(spec.spec_number) * factor * 100) / 100,
  }));
  if (rows.some((row) => row.spec_number !== null)) return rows;
  const next = rows.length;
  return [
    ...rows,
    { item_id: id, position: next, spec_key: 'Bore', spec_value: '', spec_number: 10 + (serial % 56), spec_unit: 'mm' },
    {
      item_id: id,
      position: next + 1,
      spec_key: 'Weight',
      spec_value: '',
      spec_number: Math.round((0.2 + (serial % 50) / 10) * 10) / 10,
      spec_unit: 'kg',
    },
  ];
}

/** The template's machines, or 1–3 of the catalogue's by serial when the template fits none. */
function fitsOf(template: TemplatePart, machines: readonly string[], serial: number): string[] {
  if (template.fits.length > 0 || machines.length === 0) return template.fits;
  const count = 1 + (serial % 3);
  return [...new Set(Array.from({ length: count }, (_, n) => machines[(serial + n * 3) % machines.length]!))];
}

/**
 * Grows the seeded catalogue to `target` spare parts by copying the demo parts under numbered
 * names (varied enough for search to narrow down), each with its own part number, the machines
 * it fits and typed specifications. Safe while the server runs: SQLite in WAL mode (or the
 * server's PostgreSQL at `databaseUrl`), one transaction per call. Each copy has the demo part's
 * pictures, linked in `dataDir`, unless `pictures` is false: servers whose pictures are in a
 * bucket, which this cannot copy into, then have copies without pictures.
 */
export async function growSpareParts(
  dataDir: string,
  target: number,
  databaseUrl?: string,
  { pictures = true }: { pictures?: boolean } = {},
): Promise<number> {
  const handle = createDatabase({ dataDir, databaseUrl });
  try {
    await migrateToLatest(handle.db);
    const existing = await countSpareParts(handle.db);
    const missing = target - existing;
    if (missing <= 0) return existing;
    const templates = await readTemplateParts(handle.db);
    if (templates.length === 0) throw new Error('No seeded spare parts to copy');
    const machines = await readMachineIds(handle.db);

    const now = new Date().toISOString();
    const items: ItemsTable[] = [];
    const specifications: ItemSpecificationsTable[] = [];
    const images: ImagesTable[] = [];
    const fits: ItemFitsTable[] = [];
    const links: [string, string][] = [];
    for (let n = 0; n < missing; n += 1) {
      const template = templates[n % templates.length]!;
      const serial = existing + n + 1;
      const id = randomUUID();
      const code = codeOf(template, serial);
      items.push({
        ...template.item,
        id,
        name: `${template.item.name} ${['Type', 'Series', 'Grade', 'Model'][serial % 4]} ${serial}`,
        code,
        code_key: code.toLowerCase(),
        featured: 0,
        created_at: now,
        updated_at: now,
        version: 1,
      });
      specifications.push(...specificationsOf(template, id, serial));
      for (const machineId of fitsOf(template, machines, serial)) fits.push({ part_id: id, machine_id: machineId });
      for (const image of pictures ? template.images : []) {
        const imageId = randomUUID();
        images.push({ ...image, id: imageId, item_id: id, created_at: now });
        links.push([image.id, imageId]);
      }
    }
    const uploadsDir = path.join(dataDir, 'uploads');
    for (let start = 0; start < links.length; start += 200) {
      await Promise.all(links.slice(start, start + 200).map(([from, to]) => linkImageFiles(uploadsDir, from, to)));
    }
    await insertParts(handle.db, { items, specifications, images, fits });
    return await countSpareParts(handle.db);
  } finally {
    await handle.destroy();
  }
}

/**
 * Waits until the server at `origin` lists `count` spare parts. On SQLite a process serves its
 * previous list while it reads a grown one whole and makes its search index (decision 070): a
 * measurement started before that would read the small catalogue.
 */
export async function waitForSpareParts(origin: string, count: number, timeoutMs = 120_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const response = await fetch(`${origin}/api/spareparts?limit=1`);
    const total = Number(response.headers.get('x-total-count'));
    await response.arrayBuffer();
    if (total >= count) return;
    if (Date.now() > until) throw new Error(`The server still lists ${total} spare parts, not ${count}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
