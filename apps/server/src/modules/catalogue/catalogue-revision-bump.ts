import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import {
  CATALOGUE_CHANGES_KEPT,
  type CatalogueChange,
  type ChangeRecord,
  isPruningRevision,
} from './catalogue-revision.repository';
import { catchUpCatalogueSearch, usesSearchTables, type WrittenItems } from './catalogue-search.repository';

/**
 * Call inside the write transaction of every catalogue change: readers in any process then see
 * the new revision, and what it changed, exactly when they can see the change. On PostgreSQL the
 * row lock also orders concurrent catalogue writes, so revisions are recorded without gaps.
 */
export async function bumpCatalogueRevision(trx: Kysely<Database>, change: CatalogueChange): Promise<number> {
  const row = await trx
    .updateTable('catalogue_revision')
    .set((eb) => ({ revision: eb('revision', '+', 1) }))
    .where('id', '=', 1)
    .returning('revision')
    .executeTakeFirstOrThrow();
  const revision = Number(row.revision);
  const record =
    change === 'everything'
      ? null
      : JSON.stringify(toRecord(change, 'site' in change ? false : await anyFeatured(trx, change.items)));
  await trx
    .insertInto('catalogue_changes')
    .values({ revision, change: record })
    // A row can only be there already when the revision was moved without one (by hand, or by a
    // release older than this table); this write's own changes are the ones that hold.
    .onConflict((conflict) => conflict.column('revision').doUpdateSet({ change: record }))
    .execute();
  if (isPruningRevision(revision)) {
    await trx
      .deleteFrom('catalogue_changes')
      .where('revision', '<=', revision - CATALOGUE_CHANGES_KEPT)
      .execute();
  }
  // Every instance answers lists from the search tables once this commits (decision 069).
  if (usesSearchTables(trx)) await catchUpCatalogueSearch(trx, revision, writtenItems(change));
  return revision;
}

function writtenItems(change: CatalogueChange): WrittenItems {
  if (change === 'everything') return 'everything';
  if ('site' in change) return { items: [] };
  return {
    kind: change.kind,
    items: [...new Set(change.items)],
    ...(change.repriced === undefined ? {} : { repriced: change.repriced }),
  };
}

/** Whether any of `ids` is a featured item now (read inside the write, after it). */
async function anyFeatured(trx: Kysely<Database>, ids: readonly string[]): Promise<boolean> {
  // In slices: an import writes thousands of items, more than a statement takes parameters.
  for (let start = 0; start < ids.length; start += 500) {
    const row = await trx
      .selectFrom('items')
      .select('id')
      .where('id', 'in', ids.slice(start, start + 500))
      .where('featured', '=', 1)
      .limit(1)
      .executeTakeFirst();
    if (row) return true;
  }
  return false;
}

function toRecord(change: Exclude<CatalogueChange, 'everything'>, featured: boolean): ChangeRecord {
  if ('site' in change) return { site: true };
  const related = [...new Set(change.related ?? [])].filter((id) => !change.items.includes(id));
  return {
    kind: change.kind,
    items: [...new Set(change.items)],
    ...(related.length > 0 ? { related } : {}),
    featured,
  };
}
