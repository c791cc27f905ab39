import { type Kysely, type Expression, type SqlBool, sql } from 'kysely';
import type { DialectName } from '../../db/database';
import { pageWithTotal } from '../../db/paged-query';
import type { Database, InstallationsTable } from '../../db/schema';

export type InstallationRow = InstallationsTable;

/** The columns an update may change (never the id, the creation or who created it). */
export type InstallationChanges = Partial<Omit<InstallationRow, 'id' | 'created_at' | 'created_by'>>;

/** Rows per multi-row statement: 23 columns × 1,000 stays under SQLite's 32,766 and PostgreSQL's 65,535 parameters. */
const ROW_CHUNK = 1000;

function chunks<T>(list: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let start = 0; start < list.length; start += size) out.push(list.slice(start, start + size));
  return out;
}

export async function findInstallationRow(db: Kysely<Database>, id: string): Promise<InstallationRow | undefined> {
  return db.selectFrom('installations').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The machine, row-locked on PostgreSQL for a read-then-write (SQLite's BEGIN IMMEDIATE already locks). */
export async function findInstallationRowForUpdate(
  db: Kysely<Database>,
  dialect: DialectName,
  id: string,
): Promise<InstallationRow | undefined> {
  let query = db.selectFrom('installations').selectAll().where('id', '=', id);
  if (dialect === 'postgres') query = query.forUpdate();
  return query.executeTakeFirst();
}

/** The id of the machine registered with this serial (as kept: normalizeSerial). */
export async function findInstallationIdBySerial(db: Kysely<Database>, serial: string): Promise<string | undefined> {
  const row = await db.selectFrom('installations').select('id').where('serial', '=', serial).executeTakeFirst();
  return row?.id;
}

export async function insertInstallation(db: Kysely<Database>, row: InstallationRow): Promise<void> {
  await db.insertInto('installations').values(row).execute();
}

export async function updateInstallationRow(db: Kysely<Database>, id: string, changes: InstallationChanges) {
  await db.updateTable('installations').set(changes).where('id', '=', id).execute();
}

/** Whether a database error is the unique serial refusing a second machine with the same serial. */
export function isDuplicateSerial(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  const text = error instanceof Error ? error.message : '';
  if (code === '23505') return text.includes('installations_serial');
  return code === 'SQLITE_CONSTRAINT_UNIQUE' && text.includes('installations.serial');
}

/** What a search looks for, worked out from the typed text (see installationSearch). */
export interface InstallationSearch {
  /** The text as a serial (normalizeSerial), when it can be one: matched exactly, then as a prefix. */
  serial: string | null;
  /** Four or more digits: matched anywhere in the phone's last ten digits. */
  digits: string | null;
  /** Matched anywhere in the company, contact person and model, ignoring case. */
  text: string;
}

/** `%` and `_` in what staff typed are letters, not wildcards. */
const likeEscaped = (text: string) => text.replace(/[\\%_]/g, (char) => `\\${char}`);

function searchCondition(dialect: DialectName, search: InstallationSearch): Expression<SqlBool> {
  const pattern = `%${likeEscaped(search.text)}%`;
  // SQLite's LIKE ignores the case of ASCII letters already; PostgreSQL needs ILIKE. On PostgreSQL
  // each condition has its trigram index, and the planner ORs them.
  const contains = (column: 'company' | 'contact_name' | 'model_name') =>
    dialect === 'postgres'
      ? sql<SqlBool>`${sql.ref(column)} ilike ${pattern} escape '\\'`
      : sql<SqlBool>`${sql.ref(column)} like ${pattern} escape '\\'`;
  const conditions = [contains('company'), contains('contact_name'), contains('model_name')];
  // A serial holds capitals, digits, - and / only: no wildcard to escape, and no case to ignore.
  if (search.serial !== null) {
    const serialPrefix = `${search.serial}%`;
    conditions.push(sql<SqlBool>`serial like ${serialPrefix}`);
  }
  if (search.digits !== null) {
    const digitsWithin = `%${search.digits}%`;
    conditions.push(sql<SqlBool>`phone_digits like ${digitsWithin}`);
  }
  return sql<SqlBool>`(${sql.join(conditions, sql` or `)})`;
}

/**
 * A page of the register, newest first; with a search, the machine whose serial is the text
 * comes first, then serials starting with it, then the other matches (newest first each).
 */
export async function listInstallationRows(
  db: Kysely<Database>,
  dialect: DialectName,
  query: { search: InstallationSearch | null; limit: number; offset: number },
): Promise<{ rows: InstallationRow[]; total: number }> {
  const { search } = query;
  if (!search) {
    // The newest first straight from the (created_at, id) index.
    return pageWithTotal(
      db.selectFrom('installations').selectAll().orderBy('created_at', 'desc').orderBy('id', 'desc'),
      query,
    );
  }
  const matching = db.selectFrom('installations').where(searchCondition(dialect, search));
  // A search reads every match to rank them anyway: the total comes with the page, in one pass.
  let ranked = matching.selectAll().select(sql<number | string>`count(*) over ()`.as('search_total'));
  if (search.serial) {
    const serialPrefix = `${search.serial}%`;
    ranked = ranked.orderBy(
      sql`case when serial = ${search.serial} then 0 when serial like ${serialPrefix} then 1 else 2 end`,
    );
  }
  const page = await ranked
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(query.limit)
    .offset(query.offset)
    .execute();
  const first = page[0];
  if (first === undefined) {
    // Past the last page the window has no row to carry the total: count on its own.
    const countRow =
      query.offset === 0
        ? undefined
        : await matching.select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirst();
    return { rows: [], total: Number(countRow?.n ?? 0) };
  }
  return {
    rows: page.map(({ search_total: _total, ...row }) => row),
    total: Number(first.search_total),
  };
}

/** A machine of the catalogue (kind `machine`): what an installed machine's model must be. */
export interface CatalogueMachine {
  id: string;
  code: string | null;
  /** The English name. */
  name: string;
}

export async function findCatalogueMachine(db: Kysely<Database>, id: string): Promise<CatalogueMachine | undefined> {
  return db
    .selectFrom('items')
    .select(['id', 'code', 'name'])
    .where('id', '=', id)
    .where('kind', '=', 'machine')
    .executeTakeFirst();
}

export async function listCatalogueMachines(db: Kysely<Database>): Promise<CatalogueMachine[]> {
  return db.selectFrom('items').select(['id', 'code', 'name']).where('kind', '=', 'machine').orderBy('id').execute();
}

/** The catalogue items among `ids` (any kind): parts used on a visit must be some of them. */
export async function findCatalogueItemIds(db: Kysely<Database>, ids: readonly string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .selectFrom('items')
    .select('id')
    .where('id', 'in', [...new Set(ids)])
    .execute();
  return new Set(rows.map((row) => row.id));
}

/** A staff account that may be named as a visit's engineer: an active one. */
export async function findActiveStaff(
  db: Kysely<Database>,
  id: string,
): Promise<{ id: string; username: string; email: string } | undefined> {
  return db
    .selectFrom('users')
    .select(['id', 'username', 'email'])
    .where('id', '=', id)
    .where('disabled_at', 'is', null)
    .executeTakeFirst();
}

/** The service requests of a machine, newest first: what its page lists. */
export async function listServiceRequestsOfInstallation(db: Kysely<Database>, installationId: string) {
  return db
    .selectFrom('service_requests')
    .select(['id', 'reference', 'status', 'symptom', 'created_at'])
    .where('installation_id', '=', installationId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
}

/**
 * An import reads and writes the whole register under one lock: on PostgreSQL other writers wait
 * until it commits (readers do not), so the plan stays true. SQLite's BEGIN IMMEDIATE already does this.
 */
export async function lockInstallationsForImport(db: Kysely<Database>, dialect: DialectName): Promise<void> {
  if (dialect === 'postgres') await sql`lock table installations in exclusive mode`.execute(db);
}

/** The register's trigram indexes on PostgreSQL (the migration's). */
const SEARCH_INDEXES = ['serial', 'phone_digits', 'company', 'contact_name', 'model_name'].map(
  (column) => `installations_${column}_trgm`,
);

/**
 * After many rows were written at once, on PostgreSQL: moves the trigram indexes' pending entries
 * into the indexes and refreshes the statistics. Until autovacuum did both, the planner would weigh
 * a long pending list against reading the whole table and read the table for every search, ten
 * times slower. SQLite has neither.
 */
export async function refreshInstallationSearch(db: Kysely<Database>, dialect: DialectName): Promise<void> {
  if (dialect !== 'postgres') return;
  for (const index of SEARCH_INDEXES) await sql`select gin_clean_pending_list(${index}::regclass)`.execute(db);
  await sql`analyze installations`.execute(db);
}

/** Every installed machine, by serial: what an import plans against and an export writes. */
export async function loadAllInstallations(db: Kysely<Database>): Promise<InstallationRow[]> {
  return db.selectFrom('installations').selectAll().orderBy('serial').execute();
}

export async function insertInstallations(db: Kysely<Database>, rows: readonly InstallationRow[]): Promise<void> {
  for (const chunk of chunks(rows, ROW_CHUNK)) await db.insertInto('installations').values(chunk).execute();
}

/**
 * Replaces the stored rows by these (same ids), many to a statement: an upsert on the id whose
 * insert never happens, since every id exists. The id, creation and creator stay as stored.
 */
export async function replaceInstallations(db: Kysely<Database>, rows: readonly InstallationRow[]): Promise<void> {
  for (const chunk of chunks(rows, ROW_CHUNK)) {
    await db
      .insertInto('installations')
      .values(chunk)
      .onConflict((oc) =>
        oc.column('id').doUpdateSet((eb) => ({
          serial: eb.ref('excluded.serial'),
          machine_id: eb.ref('excluded.machine_id'),
          model_name: eb.ref('excluded.model_name'),
          company: eb.ref('excluded.company'),
          contact_name: eb.ref('excluded.contact_name'),
          phone: eb.ref('excluded.phone'),
          phone_digits: eb.ref('excluded.phone_digits'),
          email: eb.ref('excluded.email'),
          gstin: eb.ref('excluded.gstin'),
          state: eb.ref('excluded.state'),
          address: eb.ref('excluded.address'),
          locale: eb.ref('excluded.locale'),
          invoice_number: eb.ref('excluded.invoice_number'),
          invoice_date: eb.ref('excluded.invoice_date'),
          commissioned_on: eb.ref('excluded.commissioned_on'),
          warranty_months: eb.ref('excluded.warranty_months'),
          warranty_ends_on: eb.ref('excluded.warranty_ends_on'),
          control_make: eb.ref('excluded.control_make'),
          notes: eb.ref('excluded.notes'),
          updated_at: eb.ref('excluded.updated_at'),
        })),
      )
      .execute();
  }
}
