import { randomUUID } from 'node:crypto';
import { type Kysely, sql } from 'kysely';
import {
  DEFAULT_LOCALE,
  indianToday,
  INQUIRY_DONE_STATUSES,
  type Inquiry,
  type InquiryAssignee,
  type InquiryData,
  type InquiryItemLine,
  type InquiryListQuery,
  type InquiryNote,
  type InquiryStatus,
  rolesThatCan,
} from '@capstan/shared';
import type { Database, InquiriesTable, InquiryNotesTable } from '../../db/schema';
import { inquiryItemsOf, insertInquiryItems } from './inquiry-items.repository';

type InquiryRow = InquiriesTable & { assignee_email: string | null };

function toNote(row: InquiryNotesTable): InquiryNote {
  return { id: row.id, text: row.text, author: row.author_email, createdAt: row.created_at };
}

function toInquiry(row: InquiryRow, notes: InquiryNote[] = [], items: InquiryItemLine[] = []): Inquiry {
  return {
    id: row.id,
    firstName: row.first_name,
    lastName: row.last_name,
    email: row.email,
    phone: row.phone,
    service: row.service,
    serviceLabel: row.service_label,
    message: row.message,
    product: row.product,
    status: row.status as InquiryStatus,
    createdAt: row.created_at,
    reference: row.reference ?? '',
    assignee: row.assignee_id && row.assignee_email ? { id: row.assignee_id, email: row.assignee_email } : null,
    followUpOn: row.follow_up_on,
    notes,
    items,
  };
}

/** Inquiries with the email of whoever looks after each (left join: most have nobody). */
function selectInquiries(db: Kysely<Database>) {
  return db
    .selectFrom('inquiries')
    .leftJoin('users', 'users.id', 'inquiries.assignee_id')
    .selectAll('inquiries')
    .select('users.email as assignee_email');
}

/** Notes of these inquiries, newest first, by inquiry; asked in slices to stay under parameter limits. */
async function notesOf(db: Kysely<Database>, ids: string[]): Promise<Map<string, InquiryNote[]>> {
  const byInquiry = new Map<string, InquiryNote[]>();
  for (let start = 0; start < ids.length; start += 500) {
    const rows = await db
      .selectFrom('inquiry_notes')
      .selectAll()
      .where('inquiry_id', 'in', ids.slice(start, start + 500))
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .execute();
    for (const row of rows) {
      const list = byInquiry.get(row.inquiry_id) ?? [];
      list.push(toNote(row));
      byInquiry.set(row.inquiry_id, list);
    }
  }
  return byInquiry;
}

/** The inquiries with their notes and lines, each read in one batch for all of them. */
async function withDetails(db: Kysely<Database>, rows: InquiryRow[]): Promise<Inquiry[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.id);
  const notes = await notesOf(db, ids);
  const items = await inquiryItemsOf(db, ids);
  return rows.map((row) => toInquiry(row, notes.get(row.id) ?? [], items.get(row.id) ?? []));
}

/**
 * The next reference number of `year`: an upsert on the year's counter row, so concurrent
 * writers (also other processes on one PostgreSQL) wait for each other's row and never share a
 * number. Call it inside the inquiry's write transaction: a rolled-back inquiry gives its number back.
 */
export async function nextReferenceNumber(db: Kysely<Database>, year: number): Promise<number> {
  const row = await db
    .insertInto('inquiry_reference_counters')
    .values({ year, last_number: 1 })
    .onConflict((oc) =>
      oc.column('year').doUpdateSet((eb) => ({ last_number: eb('inquiry_reference_counters.last_number', '+', 1) })),
    )
    .returning('last_number')
    .executeTakeFirstOrThrow();
  return Number(row.last_number);
}

export async function insertInquiry(
  db: Kysely<Database>,
  data: InquiryData,
  serviceLabel: string | null,
  clientIp: string,
  reference: string,
  createdAt: string,
  lines: readonly InquiryItemLine[] = [],
): Promise<Inquiry> {
  const row: InquiriesTable = {
    id: randomUUID(),
    first_name: data.firstName,
    last_name: data.lastName,
    email: data.email,
    phone: data.phone,
    service: data.service ?? null,
    service_label: serviceLabel,
    message: data.message,
    product: data.product ?? null,
    status: 'new',
    client_ip: clientIp,
    created_at: createdAt,
    reference,
    assignee_id: null,
    follow_up_on: null,
    // Null is English, as for users.locale.
    locale: data.locale && data.locale !== DEFAULT_LOCALE ? data.locale : null,
  };
  await db.insertInto('inquiries').values(row).execute();
  await insertInquiryItems(db, row.id, lines);
  return toInquiry({ ...row, assignee_email: null }, [], [...lines]);
}

/** Midnight at the start of an Indian calendar day, as the UTC instant stored in created_at. */
function indianDayStart(day: string, plusDays = 0): string {
  const start = new Date(`${day}T00:00:00+05:30`);
  return new Date(start.getTime() + plusDays * 24 * 60 * 60 * 1000).toISOString();
}

const SEARCHED = ['first_name', 'last_name', 'email', 'phone', 'message', 'product', 'reference'] as const;

/** What the list filters on beyond the query string: who "me" is and which day is today (India). */
export interface InquiryListScope {
  userId?: string;
  today: string;
}

/** Newest first, filtered in the database (decision: the inbox grows without bound). */
export async function listInquiries(
  db: Kysely<Database>,
  query: InquiryListQuery = {},
  scope: InquiryListScope = { today: indianToday() },
): Promise<Inquiry[]> {
  let select = selectInquiries(db);
  if (query.status) select = select.where('inquiries.status', '=', query.status);
  if (query.from) select = select.where('inquiries.created_at', '>=', indianDayStart(query.from));
  if (query.to) select = select.where('inquiries.created_at', '<', indianDayStart(query.to, 1));
  if (query.assignee === 'none') select = select.where('inquiries.assignee_id', 'is', null);
  else if (query.assignee) {
    select = select.where(
      'inquiries.assignee_id',
      '=',
      query.assignee === 'me' ? (scope.userId ?? '') : query.assignee,
    );
  }
  if (query.overdue) {
    select = select
      .where('inquiries.follow_up_on', '<', scope.today)
      .where('inquiries.status', 'not in', INQUIRY_DONE_STATUSES);
  }
  const words = (query.q ?? '').toLowerCase().split(/\s+/).filter(Boolean);
  for (const word of words) {
    // Every word somewhere; lower() on both sides (PostgreSQL's LIKE is case-sensitive), % and _ taken literally.
    const pattern = `%${word.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
    select = select.where((eb) =>
      eb.or([
        ...SEARCHED.map((column) => sql<boolean>`lower(${sql.ref(`inquiries.${column}`)}) like ${pattern} escape '\\'`),
        sql<boolean>`lower(${sql.ref('inquiries.first_name')} || ' ' || ${sql.ref('inquiries.last_name')}) like ${pattern} escape '\\'`,
        // A line of the buyer's quote list, by the name or code it was sent with.
        eb.exists(
          eb
            .selectFrom('inquiry_items')
            .select(sql<number>`1`.as('found'))
            .whereRef('inquiry_items.inquiry_id', '=', 'inquiries.id')
            .where((line) =>
              line.or([
                sql<boolean>`lower(${sql.ref('inquiry_items.name')}) like ${pattern} escape '\\'`,
                sql<boolean>`lower(${sql.ref('inquiry_items.code')}) like ${pattern} escape '\\'`,
              ]),
            ),
        ),
      ]),
    );
  }
  const rows = await select.orderBy('inquiries.created_at', 'desc').orderBy('inquiries.id').execute();
  return withDetails(db, rows);
}

export async function findInquiry(db: Kysely<Database>, id: string): Promise<Inquiry | undefined> {
  const row = await selectInquiries(db).where('inquiries.id', '=', id).executeTakeFirst();
  return row ? (await withDetails(db, [row]))[0] : undefined;
}

export async function insertInquiryNote(db: Kysely<Database>, note: InquiryNotesTable): Promise<void> {
  await db.insertInto('inquiry_notes').values(note).execute();
}

/**
 * Staff who can look after inquiries: accounts not disabled whose role handles them (an editor
 * could not open the inquiry it was given, and is not to read the buyer's details in the email).
 */
function assignableStaff(db: Kysely<Database>) {
  return db
    .selectFrom('users')
    .select(['id', 'email'])
    .where('disabled_at', 'is', null)
    .where('role', 'in', rolesThatCan('inquiries.manage'));
}

export async function activeStaff(db: Kysely<Database>): Promise<InquiryAssignee[]> {
  return assignableStaff(db).orderBy('email').execute();
}

export async function findActiveStaff(db: Kysely<Database>, id: string): Promise<InquiryAssignee | undefined> {
  return assignableStaff(db).where('id', '=', id).executeTakeFirst();
}

export async function updateInquiryWorkflow(
  db: Kysely<Database>,
  id: string,
  changes: Partial<Pick<InquiriesTable, 'status' | 'assignee_id' | 'follow_up_on'>>,
): Promise<void> {
  await db.updateTable('inquiries').set(changes).where('id', '=', id).execute();
}

/** `today`: India's calendar day, for overdue follow-ups (decision 021). */
export async function inquiryCounts(
  db: Kysely<Database>,
  weekAgo: string,
  today: string,
): Promise<{ total: number; new: number; thisWeek: number; overdue: number }> {
  const row = await db
    .selectFrom('inquiries')
    .select((eb) => [
      eb.fn.countAll().as('total'),
      eb.fn.sum<number>(eb.case().when('status', '=', 'new').then(1).else(0).end()).as('new_count'),
      eb.fn.sum<number>(eb.case().when('created_at', '>=', weekAgo).then(1).else(0).end()).as('week_count'),
      eb.fn
        .sum<number>(
          eb
            .case()
            .when(eb.and([eb('follow_up_on', '<', today), eb('status', 'not in', INQUIRY_DONE_STATUSES)]))
            .then(1)
            .else(0)
            .end(),
        )
        .as('overdue_count'),
    ])
    .executeTakeFirstOrThrow();
  return {
    total: Number(row.total),
    new: Number(row.new_count ?? 0),
    thisWeek: Number(row.week_count ?? 0),
    overdue: Number(row.overdue_count ?? 0),
  };
}

/** The products inquiries named since `since`, most asked first. */
export async function inquiryProductsSince(
  db: Kysely<Database>,
  since: string,
  limit: number,
): Promise<{ product: string; count: number }[]> {
  const rows = await db
    .selectFrom('inquiries')
    .select((eb) => ['product', eb.fn.countAll().as('n')])
    .where('product', 'is not', null)
    .where('created_at', '>=', since)
    .groupBy('product')
    .orderBy('n', 'desc')
    .orderBy('product')
    .limit(limit)
    .execute();
  return rows.map((row) => ({ product: row.product ?? '', count: Number(row.n) }));
}

export async function inquiryTimesSince(db: Kysely<Database>, since: string): Promise<string[]> {
  const rows = await db.selectFrom('inquiries').select('created_at').where('created_at', '>=', since).execute();
  return rows.map((row) => row.created_at);
}

/** The inquiry, row-locked on PostgreSQL for a read-then-write (SQLite's BEGIN IMMEDIATE already locks). */
export async function findInquiryForUpdate(
  db: Kysely<Database>,
  dialect: 'sqlite' | 'postgres',
  id: string,
): Promise<Inquiry | undefined> {
  // Locks the inquiry's row only: PostgreSQL refuses FOR UPDATE on the nullable side of a left join.
  let query = db.selectFrom('inquiries').select('id').where('id', '=', id);
  if (dialect === 'postgres') query = query.forUpdate();
  if (!(await query.executeTakeFirst())) return undefined;
  return findInquiry(db, id);
}

export async function updateInquiryStatus(
  db: Kysely<Database>,
  id: string,
  status: InquiryStatus,
): Promise<Inquiry | undefined> {
  const result = await db.updateTable('inquiries').set({ status }).where('id', '=', id).executeTakeFirst();
  if (Number(result.numUpdatedRows) === 0) return undefined;
  return findInquiry(db, id);
}

/** What a quotation needs of its inquiry: the buyer's language, who looks after it, its status. */
export interface InquiryForQuotation {
  id: string;
  name: string;
  email: string;
  status: InquiryStatus;
  /** The language of the page the buyer asked from (null in the table is English). */
  locale: string | null;
  assigneeEmail: string | null;
}

export async function findInquiryForQuotation(
  db: Kysely<Database>,
  id: string,
): Promise<InquiryForQuotation | undefined> {
  const row = await selectInquiries(db).where('inquiries.id', '=', id).executeTakeFirst();
  if (!row) return undefined;
  return {
    id: row.id,
    name: `${row.first_name} ${row.last_name}`,
    email: row.email,
    status: row.status as InquiryStatus,
    locale: row.locale,
    assigneeEmail: row.assignee_id ? row.assignee_email : null,
  };
}
