import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { TestApp } from '../../../helpers/test-app';

export interface TableState {
  rows: number;
  /** SHA-256 of every row, order-independent. */
  hash: string;
}

export type DatabaseState = Record<string, TableState>;

/**
 * Tables that legitimately change when an attacker merely knocks: failed sign-ins are
 * counted, sessions are touched, an audit trail (if any) records refusals, and the public
 * forms' per-address limits count every post, refused ones too (decision 027).
 */
export const BOOKKEEPING_TABLE = /^(login_failures|login_challenges|sessions|rate_limits)$|audit/;

// Any table, not just the typed ones: the introspected list also reveals a table an attack created.
type AnyDatabase = Kysely<Record<string, Record<string, unknown>>>;

export async function databaseState(t: TestApp, skip: RegExp = BOOKKEEPING_TABLE): Promise<DatabaseState> {
  const db = t.ctx.db as unknown as AnyDatabase;
  const tables = await t.ctx.db.introspection.getTables();
  const state: DatabaseState = {};
  for (const table of tables.map((tbl) => tbl.name).sort()) {
    if (skip.test(table)) {
      state[table] = { rows: -1, hash: 'skipped' };
      continue;
    }
    const rows = await db.selectFrom(table).selectAll().execute();
    const lines = rows.map((row) => JSON.stringify(row, Object.keys(row).sort())).sort();
    state[table] = { rows: rows.length, hash: createHash('sha256').update(lines.join('\n')).digest('hex') };
  }
  return state;
}
