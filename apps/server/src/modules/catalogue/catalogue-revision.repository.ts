import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

/** The current catalogue revision (0 before the first write). */
export async function readCatalogueRevision(db: Kysely<Database>): Promise<number> {
  const row = await db.selectFrom('catalogue_revision').select('revision').where('id', '=', 1).executeTakeFirst();
  return row ? Number(row.revision) : 0;
}

/**
 * Call inside the write transaction of every catalogue change: readers in any process then see
 * the new revision exactly when they can see the change. On PostgreSQL the row lock also
 * orders concurrent catalogue writes.
 */
export async function bumpCatalogueRevision(trx: Kysely<Database>): Promise<void> {
  await trx
    .updateTable('catalogue_revision')
    .set((eb) => ({ revision: eb('revision', '+', 1) }))
    .where('id', '=', 1)
    .execute();
}
