import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

export interface SitemapEntry {
  id: string;
  updatedAt: string;
}

/**
 * Ids and update times of items for the sitemap, newest first, two narrow columns only:
 * tens of thousands of rows stay one cheap query with no specifications or images joined.
 */
export async function listSitemapEntries(db: Kysely<Database>, limit: number): Promise<SitemapEntry[]> {
  const rows = await db
    .selectFrom('items')
    .select(['id', 'updated_at'])
    .orderBy('updated_at', 'desc')
    .orderBy('id')
    .limit(limit)
    .execute();
  return rows.map((row) => ({ id: row.id, updatedAt: row.updated_at }));
}
