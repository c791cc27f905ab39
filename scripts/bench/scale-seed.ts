import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { IMAGE_SIZES } from '../../packages/shared/src/image-sizes';
import { createDatabase } from '../../apps/server/src/db/database';
import { migrateToLatest } from '../../apps/server/src/db/migrate';
import type { ImagesTable, ItemSpecificationsTable, ItemsTable } from '../../apps/server/src/db/schema';
import { countSpareParts, insertParts, readTemplateParts } from './scale-seed-queries';

/** Gives a new image id the files of an existing one without processing anything: a hard link. */
async function linkImageFiles(uploadsDir: string, fromId: string, toId: string): Promise<void> {
  for (const { suffix } of IMAGE_SIZES) {
    const from = path.join(uploadsDir, `${fromId}${suffix}.webp`);
    const to = path.join(uploadsDir, `${toId}${suffix}.webp`);
    await fs.link(from, to).catch(() => fs.copyFile(from, to));
  }
}

/**
 * Grows the seeded catalogue to `target` spare parts by copying the demo parts under numbered
 * names (varied enough for search to narrow down). Safe while the server runs: SQLite in WAL
 * mode, one transaction per call.
 */
export async function growSpareParts(dataDir: string, target: number): Promise<number> {
  const handle = createDatabase({ dataDir, databaseUrl: undefined });
  try {
    await migrateToLatest(handle.db);
    const existing = await countSpareParts(handle.db);
    const missing = target - existing;
    if (missing <= 0) return existing;
    const templates = await readTemplateParts(handle.db);
    if (templates.length === 0) throw new Error('No seeded spare parts to copy');

    const now = new Date().toISOString();
    const items: ItemsTable[] = [];
    const specifications: ItemSpecificationsTable[] = [];
    const images: ImagesTable[] = [];
    const links: [string, string][] = [];
    for (let n = 0; n < missing; n += 1) {
      const template = templates[n % templates.length]!;
      const serial = existing + n + 1;
      const id = randomUUID();
      items.push({
        ...template.item,
        id,
        name: `${template.item.name} ${['Type', 'Series', 'Grade', 'Model'][serial % 4]} ${serial}`,
        featured: 0,
        created_at: now,
        updated_at: now,
        version: 1,
      });
      for (const spec of template.specifications) specifications.push({ ...spec, item_id: id });
      for (const image of template.images) {
        const imageId = randomUUID();
        images.push({ ...image, id: imageId, item_id: id, created_at: now });
        links.push([image.id, imageId]);
      }
    }
    const uploadsDir = path.join(dataDir, 'uploads');
    for (let start = 0; start < links.length; start += 200) {
      await Promise.all(links.slice(start, start + 200).map(([from, to]) => linkImageFiles(uploadsDir, from, to)));
    }
    await insertParts(handle.db, { items, specifications, images });
    return await countSpareParts(handle.db);
  } finally {
    await handle.destroy();
  }
}
