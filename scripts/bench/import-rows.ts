import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createDatabase } from '../../apps/server/src/db/database';
import { migrateToLatest } from '../../apps/server/src/db/migrate';
import { applyImport } from '../../apps/server/src/modules/catalogue-import/import.service';

export interface ImportFigures {
  rows: number;
  /** A file of new parts (4 typed and text specifications, fits): rows per second, whole import. */
  createRowsPerSecond: number;
  createMs: number;
  /** This process's CPU time for it: the figure that does not depend on what else the machine runs. */
  createCpuMs: number;
  /** The same file again with every price changed: rows per second. */
  updateRowsPerSecond: number;
  updateMs: number;
}

const MACHINES = 20;

function partsCsv(rows: number, priceOffset: number): Buffer {
  const lines = ['code,name,description,price,fits,spec: Bore [mm],spec: Length [mm],spec: Weight [kg],spec: Material'];
  for (let n = 0; n < rows; n += 1) {
    const fits = [`BM-${n % MACHINES}`, `BM-${(n + 7) % MACHINES}`].join('; ');
    lines.push(
      `BP-${n},Bench part ${n} collet,"Spring collet ${n}, hardened and ground.",${1000 + n + priceOffset},${fits},${10 + (n % 40)},${50 + (n % 90)},${(n % 17) / 10 + 0.2},EN-31`,
    );
  }
  return Buffer.from(lines.join('\r\n'), 'utf8');
}

/**
 * How fast a spare-parts file imports on SQLite, through the same service the admin
 * screen's confirm calls (reading the CSV, checking every row with the shared schemas, planning
 * against the catalogue, multi-row inserts in one transaction), on a throwaway database.
 */
export async function measureImport(rows: number): Promise<ImportFigures> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'bench-import-'));
  const handle = createDatabase({ dataDir, databaseUrl: undefined });
  try {
    await migrateToLatest(handle.db);
    const now = new Date().toISOString();
    await handle.db
      .insertInto('items')
      .values(
        Array.from({ length: MACHINES }, (_, n) => ({
          id: randomUUID(),
          kind: 'machine' as const,
          name: `Bench machine ${n}`,
          description: 'A machine parts fit.',
          category: 'machine',
          features: '[]',
          featured: 0,
          created_at: now,
          updated_at: now,
          version: 1,
          code: `BM-${n}`,
          code_key: `bm-${n}`,
        })),
      )
      .execute();
    const ctx = { db: handle.db, dialect: handle.dialect };
    const timed = async (bytes: Buffer) => {
      const file = path.join(dataDir, 'bench.csv');
      await fs.writeFile(file, bytes);
      const started = performance.now();
      const cpu = process.cpuUsage();
      const { summary } = await applyImport(ctx, 'spare-parts', file, { fileName: 'bench.csv' });
      const used = process.cpuUsage(cpu);
      return { ms: performance.now() - started, cpuMs: (used.user + used.system) / 1000, summary };
    };
    const created = await timed(partsCsv(rows, 0));
    if (created.summary.create !== rows) throw new Error(`import created ${created.summary.create} of ${rows} rows`);
    const updated = await timed(partsCsv(rows, 1));
    if (updated.summary.update !== rows) throw new Error(`import updated ${updated.summary.update} of ${rows} rows`);
    return {
      rows,
      createMs: created.ms,
      createCpuMs: created.cpuMs,
      createRowsPerSecond: rows / (created.ms / 1000),
      updateMs: updated.ms,
      updateRowsPerSecond: rows / (updated.ms / 1000),
    };
  } finally {
    await handle.destroy();
    await fs.rm(dataDir, { recursive: true, force: true });
  }
}
