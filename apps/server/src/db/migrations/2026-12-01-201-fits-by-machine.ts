import { type Kysely, sql } from 'kysely';

// Frozen: never edit a migration that has shipped; add a new one. Runs on SQLite and PostgreSQL.
/* eslint-disable @typescript-eslint/no-explicit-any -- migrations must not depend on today's schema types */

/**
 * The parts that fit a machine, read from the index alone: a machine's parts in a range of bores
 * reads them for every save that moves one of its pages (decision 085). The index on the machine
 * alone is then redundant. No release names either index, so an older one runs as before.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create index if not exists item_fits_by_machine on item_fits (machine_id, part_id)`.execute(db);
  await sql`drop index if exists item_fits_machine_id_idx`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`create index if not exists item_fits_machine_id_idx on item_fits (machine_id)`.execute(db);
  await sql`drop index if exists item_fits_by_machine`.execute(db);
}
