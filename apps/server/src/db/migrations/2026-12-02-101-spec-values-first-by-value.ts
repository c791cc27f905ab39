import { type Kysely, PostgresAdapter, sql } from 'kysely';

// Frozen: never edit a migration that has shipped; add a new one. Runs on SQLite and PostgreSQL.
/* eslint-disable @typescript-eslint/no-explicit-any -- migrations must not depend on today's schema types */

/**
 * What a range of specification numbers reads, made plain for PostgreSQL's planner (decision 088):
 *
 * - `first_of_family`: whether the row is its item's first of its key among the rows whose units
 *   convert to one another (mm and inch; kW and HP; mm/min and m/min; any other unit alone; no
 *   unit), which is the row a list reads for the key. Null on a row an older release wrote: the
 *   reader then asks the item's earlier rows, as before. Expand only.
 * - The index of each number in its family's base unit, rounded to six decimals as a list rounds a
 *   number in its key's unit, replaces 2026-12-01-401's index of the unrounded number. For a key in
 *   its family's base unit (mm, kW, mm/min) or a unit of no family, this expression is the number
 *   in the key's unit itself, so a range's bounds are conditions of the index, with statistics. The
 *   reader's expression (`VALUE_IN_BASE_UNIT`, database-list.ts) must stay identical, or PostgreSQL
 *   will not use it. An older release still answers the same; it reads every number of the key.
 *
 * The table and the index are PostgreSQL's: SQLite keeps the lists in memory and leaves it empty.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('catalogue_spec_values').addColumn('first_of_family', 'boolean').execute();
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return;
  await sql`update catalogue_spec_values v set first_of_family = not exists (select 1 from catalogue_spec_values w
    where w.item_id = v.item_id and w.slug = v.slug and w.position < v.position
      and (case w.unit when 'inch' then 'mm' when 'HP' then 'kW' when 'm/min' then 'mm/min' else w.unit end)
        is not distinct from (case v.unit when 'inch' then 'mm' when 'HP' then 'kW' when 'm/min' then 'mm/min' else v.unit end))`.execute(
    db,
  );
  await sql`create index if not exists catalogue_spec_values_by_base_value on catalogue_spec_values (kind, slug,
    (round(number * case unit when 'inch' then 25.4::float8 when 'HP' then 0.745699872::float8
      when 'm/min' then 1000::float8 else 1::float8 end * 1e6) / 1e6))`.execute(db);
  await sql`drop index if exists catalogue_spec_values_by_number`.execute(db);
  // The planner's statistics of the expression are gathered by an analyze, not by the index's build.
  await sql`analyze catalogue_spec_values`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await sql`create index if not exists catalogue_spec_values_by_number on catalogue_spec_values (kind, slug,
      (number * case unit when 'inch' then 25.4::float8 when 'HP' then 0.745699872::float8
        when 'm/min' then 1000::float8 else 1::float8 end))`.execute(db);
    await sql`drop index if exists catalogue_spec_values_by_base_value`.execute(db);
  }
  await db.schema.alterTable('catalogue_spec_values').dropColumn('first_of_family').execute();
}
