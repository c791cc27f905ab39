import type { Kysely } from 'kysely';
import type { DialectName } from '../../db/database';
import type { AmcContractsTable, AmcVisitsTable, Database } from '../../db/schema';

export type AmcContractRow = AmcContractsTable;
export type AmcVisitRow = AmcVisitsTable;

export async function insertAmcContract(db: Kysely<Database>, row: AmcContractRow): Promise<void> {
  await db.insertInto('amc_contracts').values(row).execute();
}

/** The contract, row-locked on PostgreSQL for a read-then-write (SQLite's BEGIN IMMEDIATE already locks). */
export async function findAmcContractRowForUpdate(
  db: Kysely<Database>,
  dialect: DialectName,
  id: string,
): Promise<AmcContractRow | undefined> {
  let query = db.selectFrom('amc_contracts').selectAll().where('id', '=', id);
  if (dialect === 'postgres') query = query.forUpdate();
  return query.executeTakeFirst();
}

export async function updateAmcContractRow(
  db: Kysely<Database>,
  id: string,
  changes: Pick<AmcContractRow, 'starts_on' | 'ends_on' | 'visits_included' | 'value_paise' | 'notes' | 'updated_at'>,
): Promise<void> {
  await db.updateTable('amc_contracts').set(changes).where('id', '=', id).execute();
}

/** The contracts of these machines, newest first (by start, then by when they were entered). */
export async function listAmcContractRows(
  db: Kysely<Database>,
  installationIds: readonly string[],
): Promise<AmcContractRow[]> {
  if (installationIds.length === 0) return [];
  return db
    .selectFrom('amc_contracts')
    .selectAll()
    .where('installation_id', 'in', [...new Set(installationIds)])
    .orderBy('starts_on', 'desc')
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
}

/** The visits of these contracts, newest first. */
export async function listAmcVisitRows(db: Kysely<Database>, contractIds: readonly string[]): Promise<AmcVisitRow[]> {
  if (contractIds.length === 0) return [];
  return db
    .selectFrom('amc_visits')
    .selectAll()
    .where('contract_id', 'in', [...new Set(contractIds)])
    .orderBy('visited_on', 'desc')
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
}

/** How many visits each of these contracts has had (a contract without any is absent). */
export async function countAmcVisits(
  db: Kysely<Database>,
  contractIds: readonly string[],
): Promise<Map<string, number>> {
  if (contractIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('amc_visits')
    .select(['contract_id', (eb) => eb.fn.countAll<number | string>().as('n')])
    .where('contract_id', 'in', [...new Set(contractIds)])
    .groupBy('contract_id')
    .execute();
  return new Map(rows.map((row) => [row.contract_id, Number(row.n)]));
}

export async function insertAmcVisit(db: Kysely<Database>, row: AmcVisitRow): Promise<void> {
  await db.insertInto('amc_visits').values(row).execute();
}

export async function findAmcVisitRow(db: Kysely<Database>, id: string): Promise<AmcVisitRow | undefined> {
  return db.selectFrom('amc_visits').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function deleteAmcVisitRow(db: Kysely<Database>, id: string): Promise<void> {
  await db.deleteFrom('amc_visits').where('id', '=', id).execute();
}
