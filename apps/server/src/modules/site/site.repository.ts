import type { Kysely } from 'kysely';
import type { Database, SiteSettingsTable } from '../../db/schema';

export type SitePart = SiteSettingsTable['part'];

export interface SiteRow {
  document: string;
  updatedAt: string;
}

/** The stored part; on PostgreSQL `lock` holds the row for the write transaction it runs in. */
export async function findSitePart(
  db: Kysely<Database>,
  part: SitePart,
  lock?: { dialect: 'sqlite' | 'postgres' },
): Promise<SiteRow | undefined> {
  let query = db.selectFrom('site_settings').select(['document', 'updated_at']).where('part', '=', part);
  if (lock?.dialect === 'postgres') query = query.forUpdate();
  const row = await query.executeTakeFirst();
  return row ? { document: row.document, updatedAt: row.updated_at } : undefined;
}

/** Seeds a part unless it exists; several processes starting at once store it once. */
export async function insertSitePartIfMissing(db: Kysely<Database>, part: SitePart, row: SiteRow): Promise<void> {
  await db
    .insertInto('site_settings')
    .values({ part, document: row.document, updated_at: row.updatedAt })
    .onConflict((conflict) => conflict.column('part').doNothing())
    .execute();
}

export async function updateSitePart(db: Kysely<Database>, part: SitePart, row: SiteRow): Promise<void> {
  await db
    .updateTable('site_settings')
    .set({ document: row.document, updated_at: row.updatedAt })
    .where('part', '=', part)
    .execute();
}
