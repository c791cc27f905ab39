import { type Kysely, PostgresAdapter, sql } from 'kysely';

// Frozen: never edit a migration that has shipped; add a new one. Runs on SQLite and PostgreSQL.
/* eslint-disable @typescript-eslint/no-explicit-any -- migrations must not depend on today's schema types */

/**
 * Each specification number in its family's base unit (mm, kW, mm/min; other units as they are),
 * indexed per key, so that a range of bores is an index range instead of every part's bore
 * converted and read (decision 087). An expression index: the rows keep their shape, and an older
 * release writing them keeps it current without knowing it exists. The reader's expression
 * (`NUMBER_IN_BASE_UNIT`, database-list.ts) must stay identical, or PostgreSQL will not use it.
 * PostgreSQL only: SQLite keeps the lists in memory and leaves the table empty.
 */
export async function up(db: Kysely<any>): Promise<void> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return;
  await sql`create index if not exists catalogue_spec_values_by_number on catalogue_spec_values (kind, slug,
    (number * case unit when 'inch' then 25.4::float8 when 'HP' then 0.745699872::float8
      when 'm/min' then 1000::float8 else 1::float8 end))`.execute(db);
  // The planner's statistics of the expression are gathered by an analyze, not by the index's build.
  await sql`analyze catalogue_spec_values`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return;
  await sql`drop index if exists catalogue_spec_values_by_number`.execute(db);
}
