/** The only SQL of the bench: reading the seeded spare parts and bulk-inserting copies of them. */
import type { Kysely } from 'kysely';
import type {
  Database,
  ImagesTable,
  ItemFitsTable,
  ItemSpecificationsTable,
  ItemsTable,
} from '../../apps/server/src/db/schema';
import { bumpCatalogueRevision } from '../../apps/server/src/modules/catalogue/catalogue-revision-bump';

export interface TemplatePart {
  item: ItemsTable;
  specifications: ItemSpecificationsTable[];
  images: ImagesTable[];
  /** The machines it fits. */
  fits: string[];
}

export async function readTemplateParts(db: Kysely<Database>): Promise<TemplatePart[]> {
  const items = await db.selectFrom('items').selectAll().where('kind', '=', 'spare').orderBy('name').execute();
  const ids = items.map((item) => item.id);
  if (ids.length === 0) return [];
  const [specifications, images, fits] = await Promise.all([
    db.selectFrom('item_specifications').selectAll().where('item_id', 'in', ids).orderBy('position').execute(),
    db.selectFrom('images').selectAll().where('item_id', 'in', ids).orderBy('position').execute(),
    db.selectFrom('item_fits').selectAll().where('part_id', 'in', ids).execute(),
  ]);
  return items.map((item) => ({
    item,
    specifications: specifications.filter((spec) => spec.item_id === item.id),
    images: images.filter((image) => image.item_id === item.id),
    fits: fits.filter((fit) => fit.part_id === item.id).map((fit) => fit.machine_id),
  }));
}

/** The machines' ids in name order, for parts that fit none yet. */
export async function readMachineIds(db: Kysely<Database>): Promise<string[]> {
  const rows = await db.selectFrom('items').select('id').where('kind', '=', 'machine').orderBy('name').execute();
  return rows.map((row) => row.id);
}

export async function countSpareParts(db: Kysely<Database>): Promise<number> {
  const row = await db
    .selectFrom('items')
    .select((eb) => eb.fn.countAll().as('total'))
    .where('kind', '=', 'spare')
    .executeTakeFirstOrThrow();
  return Number(row.total);
}

export interface NewPartRows {
  items: ItemsTable[];
  specifications: ItemSpecificationsTable[];
  images: ImagesTable[];
  fits: ItemFitsTable[];
}

// SQLite allows 32,766 bound values per statement; 15 columns × 500 rows stays well below.
const BATCH = 500;

async function insertInBatches<T>(rows: readonly T[], insert: (batch: T[]) => Promise<unknown>) {
  for (let start = 0; start < rows.length; start += BATCH) await insert(rows.slice(start, start + BATCH));
}

export async function insertParts(db: Kysely<Database>, rows: NewPartRows): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await insertInBatches(rows.items, (batch) => trx.insertInto('items').values(batch).execute());
    await insertInBatches(rows.specifications, (batch) =>
      trx.insertInto('item_specifications').values(batch).execute(),
    );
    await insertInBatches(rows.images, (batch) => trx.insertInto('images').values(batch).execute());
    await insertInBatches(rows.fits, (batch) => trx.insertInto('item_fits').values(batch).execute());
    // The running server caches its lists until the catalogue revision moves.
    await bumpCatalogueRevision(trx, 'everything');
  });
}
