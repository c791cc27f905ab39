import { sql } from 'kysely';
import type { StaffRole } from '@capstan/shared';
import { createStaffAccount } from '../../src/modules/auth/staff-accounts';
import { storedFiles } from './storage';
import type { TestApp } from './test-app';

export const STAFF_PASSWORD = 'lathe spindle monsoon 1947';

/** A new account of `role` (created as from the command line), signed in: its bearer token. */
export async function signInAs(t: TestApp, role: StaffRole, email = `${role}-${Date.now()}@example.com`) {
  await createStaffAccount(t.ctx.db, { email, password: STAFF_PASSWORD, role });
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email, password: STAFF_PASSWORD },
  });
  if (response.statusCode !== 200) throw new Error(`login as ${role}: ${response.statusCode} ${response.body}`);
  return { email, token: (response.json() as { token: string }).token };
}

/**
 * Every row of every table (found by introspection, so tables added later are covered too) and
 * every stored upload: what a refused request must leave exactly as it was. Except when a session
 * was last seen: a refused request still shows its session alive, and a suite running past the
 * touch interval (a minute) moves it.
 */
export async function wholeState(t: TestApp): Promise<Record<string, string[]>> {
  const state: Record<string, string[]> = { uploads: await storedFiles(t) };
  for (const table of await t.ctx.db.introspection.getTables()) {
    if (table.isView) continue;
    const name = table.schema && table.schema !== 'public' ? `${table.schema}.${table.name}` : table.name;
    const { rows } = await sql<Record<string, unknown>>`select * from ${sql.table(name)}`.execute(t.ctx.db);
    const compared = name === 'sessions' ? rows.map(({ last_seen_at: _seen, ...row }) => row) : rows;
    state[name] = compared.map((row) => JSON.stringify(row)).sort();
  }
  return state;
}
