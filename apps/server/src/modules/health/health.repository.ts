import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema';

/** The cheapest statement that still needs a working connection. */
export async function pingDatabase(db: Kysely<Database>): Promise<void> {
  await sql`select 1`.execute(db);
}
