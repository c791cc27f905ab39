import { type Kysely, sql } from 'kysely';
import type { DialectName } from '../../db/database';
import type { Database } from '../../db/schema';

/**
 * The reminders' SQL (issue 40): what is due, each a set-based query that leaves out what
 * `service_reminders` says was sent, and the rows that mark them sent. A reminder's key is
 * (kind, subject, due_on), where due_on is the day it is about: the contract's or the warranty's
 * last day, the visits' day. A contract whose end is moved is reminded again for its new end.
 */

export type ReminderKind = 'amc-60' | 'amc-30' | 'amc-7' | 'warranty-30' | 'engineer-visits';

export interface ReminderKey {
  kind: ReminderKind;
  subjectId: string;
  dueOn: string;
}

export const reminderKeyText = (key: ReminderKey): string => `${key.kind}|${key.subjectId}|${key.dueOn}`;

/** The installed machine and its customer, as a reminder about it needs them. */
export interface ReminderMachine {
  installationId: string;
  serial: string;
  model: string;
  company: string;
  contactName: string;
  phone: string;
  email: string | null;
  locale: string;
}

export interface DueContract extends ReminderMachine {
  contractId: string;
  endsOn: string;
}

export interface DueWarranty extends ReminderMachine {
  warrantyEndsOn: string;
}

export interface DueVisit {
  requestId: string;
  reference: string;
  serial: string;
  name: string;
  phone: string;
  symptom: string;
  machineDown: boolean;
  model: string | null;
  company: string | null;
  address: string | null;
  engineerId: string;
  engineerEmail: string;
  engineerLocale: string | null;
}

const machineColumns = [
  'i.id as installationId',
  'i.serial as serial',
  'i.model_name as model',
  'i.company as company',
  'i.contact_name as contactName',
  'i.phone as phone',
  'i.email as email',
  'i.locale as locale',
] as const;

/**
 * AMC contracts ending from `after` (excluded unless `fromIncluded`) to `until` (included) not yet
 * reminded for `kind`, leaving out those already renewed: the machine has a contract ending later.
 */
export async function dueContracts(
  db: Kysely<Database>,
  kind: ReminderKind,
  window: { after: string; fromIncluded: boolean; until: string },
): Promise<DueContract[]> {
  return db
    .selectFrom('amc_contracts as c')
    .innerJoin('installations as i', 'i.id', 'c.installation_id')
    .select([...machineColumns, 'c.id as contractId', 'c.ends_on as endsOn'])
    .where('c.ends_on', window.fromIncluded ? '>=' : '>', window.after)
    .where('c.ends_on', '<=', window.until)
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('service_reminders as r')
            .select(sql<number>`1`.as('one'))
            .where('r.kind', '=', kind)
            .whereRef('r.subject_id', '=', 'c.id')
            .whereRef('r.due_on', '=', 'c.ends_on'),
        ),
      ),
    )
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('amc_contracts as later')
            .select(sql<number>`1`.as('one'))
            .whereRef('later.installation_id', '=', 'c.installation_id')
            .whereRef('later.ends_on', '>', 'c.ends_on'),
        ),
      ),
    )
    .orderBy('c.ends_on')
    .orderBy('i.serial')
    .execute();
}

/** The day after a YYYY-MM-DD column, as YYYY-MM-DD text, in the database's own date arithmetic. */
function dayAfter(dialect: DialectName, column: string) {
  return dialect === 'postgres'
    ? sql<string>`to_char(${sql.ref(column)}::date + 1, 'YYYY-MM-DD')`
    : sql<string>`date(${sql.ref(column)}, '+1 day')`;
}

/**
 * Machines whose warranty ends from `from` to `until` (both included), not yet offered an AMC for
 * that end, and with no AMC contract covering the day after it (already under contract).
 */
export async function dueWarranties(
  db: Kysely<Database>,
  dialect: DialectName,
  window: { from: string; until: string },
): Promise<DueWarranty[]> {
  return db
    .selectFrom('installations as i')
    .select([...machineColumns, 'i.warranty_ends_on as warrantyEndsOn'])
    .where('i.warranty_ends_on', '>=', window.from)
    .where('i.warranty_ends_on', '<=', window.until)
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('service_reminders as r')
            .select(sql<number>`1`.as('one'))
            .where('r.kind', '=', 'warranty-30')
            .whereRef('r.subject_id', '=', 'i.id')
            .whereRef('r.due_on', '=', 'i.warranty_ends_on'),
        ),
      ),
    )
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('amc_contracts as a')
            .select(sql<number>`1`.as('one'))
            .whereRef('a.installation_id', '=', 'i.id')
            .where('a.starts_on', '<=', dayAfter(dialect, 'i.warranty_ends_on'))
            .whereRef('a.ends_on', '>', 'i.warranty_ends_on'),
        ),
      ),
    )
    .orderBy('i.warranty_ends_on')
    .orderBy('i.serial')
    .execute();
}

/**
 * Requests with a visit on `day`, assigned to an active colleague, still open, whose engineer has
 * not had that day's list: each engineer's in one go.
 */
export async function dueVisits(db: Kysely<Database>, day: string): Promise<DueVisit[]> {
  const rows = await db
    .selectFrom('service_requests as s')
    .innerJoin('users as u', 'u.id', 's.assignee_id')
    .leftJoin('installations as i', 'i.id', 's.installation_id')
    .select([
      's.id as requestId',
      's.reference as reference',
      's.serial as serial',
      's.name as name',
      's.phone as phone',
      's.symptom as symptom',
      's.machine_down as machineDown',
      'i.model_name as model',
      'i.company as company',
      'i.address as address',
      'u.id as engineerId',
      'u.email as engineerEmail',
      'u.locale as engineerLocale',
    ])
    .where('s.visit_on', '=', day)
    .where('s.status', 'not in', ['resolved', 'closed'])
    .where('u.disabled_at', 'is', null)
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('service_reminders as r')
            .select(sql<number>`1`.as('one'))
            .where('r.kind', '=', 'engineer-visits')
            .whereRef('r.subject_id', '=', 'u.id')
            .where('r.due_on', '=', day),
        ),
      ),
    )
    .orderBy('u.email')
    .orderBy('s.reference')
    .execute();
  return rows.map((row) => ({ ...row, machineDown: Number(row.machineDown) === 1 }));
}

/** Every active owner, who hears of the customers reminded, in their back-office language. */
export async function activeOwners(db: Kysely<Database>): Promise<{ email: string; locale: string | null }[]> {
  return db
    .selectFrom('users')
    .select(['email', 'locale'])
    .where('role', '=', 'owner')
    .where('disabled_at', 'is', null)
    .orderBy('email')
    .execute();
}

const INSERT_BATCH = 500;

/**
 * Marks reminders sent, by the batch, and answers the keys this call inserted: a key already there
 * (another process's run, or an earlier one) is skipped, so only the caller that inserted a key
 * queues its email. Called inside the transaction that queues them.
 */
export async function insertReminders(
  db: Kysely<Database>,
  keys: readonly ReminderKey[],
  sentAt: string,
): Promise<Set<string>> {
  const inserted = new Set<string>();
  for (let start = 0; start < keys.length; start += INSERT_BATCH) {
    const rows = await db
      .insertInto('service_reminders')
      .values(
        keys.slice(start, start + INSERT_BATCH).map((key) => ({
          kind: key.kind,
          subject_id: key.subjectId,
          due_on: key.dueOn,
          sent_at: sentAt,
        })),
      )
      .onConflict((conflict) => conflict.columns(['kind', 'subject_id', 'due_on']).doNothing())
      .returning(['kind', 'subject_id', 'due_on'])
      .execute();
    for (const row of rows) {
      inserted.add(reminderKeyText({ kind: row.kind as ReminderKind, subjectId: row.subject_id, dueOn: row.due_on }));
    }
  }
  return inserted;
}
