import { randomUUID } from 'node:crypto';
import { type Kysely, sql } from 'kysely';
import type { Inquiry, InquiryData, InquiryListQuery, InquiryStatus } from '@capstan/shared';
import type { Database, InquiriesTable } from '../../db/schema';

function toInquiry(row: InquiriesTable): Inquiry {
  return {
    id: row.id,
    firstName: row.first_name,
    lastName: row.last_name,
    email: row.email,
    phone: row.phone,
    service: row.service as Inquiry['service'],
    message: row.message,
    product: row.product,
    status: row.status as InquiryStatus,
    createdAt: row.created_at,
    reference: row.reference ?? '',
  };
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
  clientIp: string,
  reference: string,
  createdAt: string,
): Promise<Inquiry> {
  const row: InquiriesTable = {
    id: randomUUID(),
    first_name: data.firstName,
    last_name: data.lastName,
    email: data.email,
    phone: data.phone,
    service: data.service ?? null,
    message: data.message,
    product: data.product ?? null,
    status: 'new',
    client_ip: clientIp,
    created_at: createdAt,
    reference,
  };
  await db.insertInto('inquiries').values(row).execute();
  return toInquiry(row);
}

/** Midnight at the start of an Indian calendar day, as the UTC instant stored in created_at. */
function indianDayStart(day: string, plusDays = 0): string {
  const start = new Date(`${day}T00:00:00+05:30`);
  return new Date(start.getTime() + plusDays * 24 * 60 * 60 * 1000).toISOString();
}

const SEARCHED = ['first_name', 'last_name', 'email', 'phone', 'message', 'product', 'reference'] as const;

/** Newest first, filtered in the database (decision: the inbox grows without bound). */
export async function listInquiries(db: Kysely<Database>, query: InquiryListQuery = {}): Promise<Inquiry[]> {
  let select = db.selectFrom('inquiries').selectAll();
  if (query.status) select = select.where('status', '=', query.status);
  if (query.from) select = select.where('created_at', '>=', indianDayStart(query.from));
  if (query.to) select = select.where('created_at', '<', indianDayStart(query.to, 1));
  const words = (query.q ?? '').toLowerCase().split(/\s+/).filter(Boolean);
  for (const word of words) {
    // Every word somewhere; lower() on both sides (PostgreSQL's LIKE is case-sensitive), % and _ taken literally.
    const pattern = `%${word.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
    select = select.where((eb) =>
      eb.or([
        ...SEARCHED.map((column) => sql<boolean>`lower(${sql.ref(column)}) like ${pattern} escape '\\'`),
        sql<boolean>`lower(${sql.ref('first_name')} || ' ' || ${sql.ref('last_name')}) like ${pattern} escape '\\'`,
      ]),
    );
  }
  const rows = await select.orderBy('created_at', 'desc').orderBy('id').execute();
  return rows.map(toInquiry);
}

export async function inquiryCounts(
  db: Kysely<Database>,
  weekAgo: string,
): Promise<{ total: number; new: number; thisWeek: number }> {
  const row = await db
    .selectFrom('inquiries')
    .select((eb) => [
      eb.fn.countAll().as('total'),
      eb.fn.sum<number>(eb.case().when('status', '=', 'new').then(1).else(0).end()).as('new_count'),
      eb.fn.sum<number>(eb.case().when('created_at', '>=', weekAgo).then(1).else(0).end()).as('week_count'),
    ])
    .executeTakeFirstOrThrow();
  return { total: Number(row.total), new: Number(row.new_count ?? 0), thisWeek: Number(row.week_count ?? 0) };
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
  let query = db.selectFrom('inquiries').selectAll().where('id', '=', id);
  if (dialect === 'postgres') query = query.forUpdate();
  const row = await query.executeTakeFirst();
  return row && toInquiry(row);
}

export async function updateInquiryStatus(
  db: Kysely<Database>,
  id: string,
  status: InquiryStatus,
): Promise<Inquiry | undefined> {
  const result = await db.updateTable('inquiries').set({ status }).where('id', '=', id).executeTakeFirst();
  if (Number(result.numUpdatedRows) === 0) return undefined;
  const row = await db.selectFrom('inquiries').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  return toInquiry(row);
}
