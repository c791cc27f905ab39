import { type Kysely, PostgresAdapter, sql } from 'kysely';

// Frozen: never edit a migration that has shipped; add a new one. Runs on SQLite and PostgreSQL.
/* eslint-disable @typescript-eslint/no-explicit-any -- migrations must not depend on today's schema types */

/**
 * What PostgreSQL searches, filters and orders the catalogue's lists by (decision 069): one row per
 * item with its search texts, its name's sort key and what else a list is ordered or narrowed by,
 * the words a typo may have meant, and the specification numbers with their slugs. Derived from the items, kept current by the catalogue
 * write's transaction and caught up by a reader when an older release wrote (`revision`: the
 * catalogue revision the rows are at; -1: never built). SQLite keeps the lists in memory and leaves
 * these tables empty. No foreign keys: a delete's cascade would lock rows a reader catching up is
 * rewriting, and the two would wait on each other; the catch-up removes a deleted item's rows.
 * Expand only: an older release neither reads nor needs them.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('catalogue_search')
    .addColumn('item_id', 'text', (c) => c.primaryKey())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('sort_key', 'text', (c) => c.notNull())
    .addColumn('category', 'text')
    .addColumn('price_order', 'double precision', (c) => c.notNull())
    .addColumn('featured', 'integer', (c) => c.notNull())
    .addColumn('code', 'text', (c) => c.notNull())
    .addColumn('name_text', 'text', (c) => c.notNull())
    .addColumn('description_text', 'text', (c) => c.notNull())
    .addColumn('fits_text', 'text', (c) => c.notNull())
    .addColumn('all_text', 'text', (c) => c.notNull())
    .addColumn('all_compact', 'text', (c) => c.notNull())
    .addColumn('name_compact', 'text', (c) => c.notNull())
    .addColumn('description_compact', 'text', (c) => c.notNull())
    .addColumn('fits_compact', 'text', (c) => c.notNull())
    .addColumn('name_words', 'text', (c) => c.notNull())
    .addColumn('description_words', 'text', (c) => c.notNull())
    .addColumn('fits_words', 'text', (c) => c.notNull())
    .addColumn('name_letters', 'text', (c) => c.notNull())
    .addColumn('code_letters', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('catalogue_spec_values')
    .addColumn('item_id', 'text', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('slug', 'text', (c) => c.notNull())
    .addColumn('spec_key', 'text', (c) => c.notNull())
    .addColumn('number', 'double precision', (c) => c.notNull())
    .addColumn('unit', 'text')
    .addPrimaryKeyConstraint('catalogue_spec_values_pk', ['item_id', 'position'])
    .execute();
  await db.schema
    .createIndex('catalogue_spec_values_slug')
    .on('catalogue_spec_values')
    .columns(['kind', 'slug'])
    .execute();

  await db.schema
    .createTable('catalogue_search_words')
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('word', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('catalogue_search_words_pk', ['kind', 'word'])
    .execute();

  await db.schema
    .createTable('catalogue_search_state')
    .addColumn('id', 'integer', (c) => c.primaryKey().check(sql`id = 1`))
    .addColumn('revision', 'integer', (c) => c.notNull())
    .execute();
  await db.insertInto('catalogue_search_state').values({ id: 1, revision: -1 }).execute();

  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    // Both ship with PostgreSQL and are trusted extensions: a database owner may create them.
    await sql`create extension if not exists pg_trgm`.execute(db);
    await sql`create extension if not exists fuzzystrmatch`.execute(db);
    // A page of a list in each of its orders is read from an index, not sorted.
    await sql`create index catalogue_search_by_name on catalogue_search (kind, sort_key collate "C")`.execute(db);
    await sql`create index catalogue_search_by_price on catalogue_search (kind, price_order, sort_key collate "C")`.execute(
      db,
    );
    await sql`create index catalogue_search_by_featured on catalogue_search (kind, featured desc, sort_key collate "C")`.execute(
      db,
    );
    await sql`create index catalogue_search_all_trgm on catalogue_search using gin (all_text gin_trgm_ops)`.execute(db);
    await sql`create index catalogue_search_compact_trgm on catalogue_search using gin (all_compact gin_trgm_ops)`.execute(
      db,
    );
    await sql`create index catalogue_search_names_trgm on catalogue_search using gin (name_letters gin_trgm_ops)`.execute(
      db,
    );
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['catalogue_search_state', 'catalogue_search_words', 'catalogue_spec_values', 'catalogue_search'])
    await db.schema.dropTable(table).execute();
}
