import { type Kysely, sql } from 'kysely';
import {
  GST_STATES,
  isGstRate,
  isGstStateCode,
  paiseToRupees,
  type Quotation,
  type QuotationStatus,
  type QuotationTerms,
  amountInWords,
  type SupplyType,
} from '@capstan/shared';
import { pageWithTotal } from '../../db/paged-query';
import type { Database, QuotationsTable } from '../../db/schema';
import { addDays } from './quotation-numbering';
import type { QuotationContent, StoredBuyer, StoredCharge, StoredLine } from './quotation-tax';

/** Every column but the PDF's bytes, which only the PDF download and the mail worker read. */
const COLUMNS = [
  'id',
  'inquiry_id',
  'number',
  'series',
  'sequence',
  'revision',
  'status',
  'buyer',
  'lines',
  'charges',
  'terms',
  'supply',
  'state_tax',
  'place_of_supply',
  'seller_state',
  'taxable_paise',
  'cgst_paise',
  'sgst_paise',
  'igst_paise',
  'round_off_paise',
  'total_paise',
  'validity_days',
  'valid_until',
  'created_at',
  'updated_at',
  'sent_at',
  'viewed_at',
  'accepted_at',
  'acceptance',
  'change_requests',
  'token_hash',
  'pdf_sha256',
  'created_by',
] as const;

export type QuotationRow = Omit<QuotationsTable, 'pdf'>;

/** Statuses that lapse once the validity has passed: the buyer has it and has not accepted it. */
export const OPEN_STATUSES = ['sent', 'viewed', 'changes_requested'] as const;

/** The status as the API says it: an open quotation past its last valid day (India) is `expired`. */
export function effectiveStatus(row: Pick<QuotationRow, 'status' | 'valid_until'>, today: string): QuotationStatus {
  const status = row.status as QuotationStatus;
  const open = (OPEN_STATUSES as readonly string[]).includes(status);
  return open && row.valid_until !== null && row.valid_until < today ? 'expired' : status;
}

const money = (paise: number | string): number => paiseToRupees(Number(paise));

/** The state a stored code names, or the code itself if GST_STATES does not know it. */
const stateName = (code: string): string => (isGstStateCode(code) ? GST_STATES[code] : code);

/** The row as the API answers it (money in rupees), its status as of `today` (India). */
export function toQuotation(row: QuotationRow, today: string): Quotation {
  const buyer = JSON.parse(row.buyer) as StoredBuyer;
  const lines = JSON.parse(row.lines) as StoredLine[];
  const charges = JSON.parse(row.charges) as StoredCharge[];
  const rate = (value: number) => (isGstRate(value) ? value : 0);
  return {
    id: row.id,
    inquiryId: row.inquiry_id,
    number: row.number,
    revision: row.revision,
    status: effectiveStatus(row, today),
    buyer,
    lines: lines.map((line, index) => ({
      position: index + 1,
      itemId: line.itemId,
      description: line.description,
      hsn: line.hsn,
      quantity: line.quantity,
      unit: line.unit,
      rate: money(line.ratePaise),
      discountPercent: line.discountPercent,
      gstRate: rate(line.gstRate),
      taxableValue: money(line.taxablePaise),
      cgst: money(line.cgstPaise),
      sgst: money(line.sgstPaise),
      igst: money(line.igstPaise),
      total: money(line.totalPaise),
    })),
    charges: charges.map((charge) => ({
      kind: charge.kind,
      amount: money(charge.taxablePaise),
      gstRate: rate(charge.gstRate),
      cgst: money(charge.cgstPaise),
      sgst: money(charge.sgstPaise),
      igst: money(charge.igstPaise),
    })),
    totals: {
      taxableValue: money(row.taxable_paise),
      cgst: money(row.cgst_paise),
      sgst: money(row.sgst_paise),
      igst: money(row.igst_paise),
      roundOff: money(row.round_off_paise),
      total: money(row.total_paise),
    },
    amountInWords: amountInWords(Number(row.total_paise)),
    placeOfSupply: { code: row.place_of_supply, name: stateName(row.place_of_supply) },
    supply: row.supply as SupplyType,
    sellerState: row.seller_state,
    validityDays: row.validity_days,
    // A draft is valid from the day it is sent: until then, as if sent today.
    validUntil: row.valid_until ?? addDays(today, row.validity_days),
    terms: JSON.parse(row.terms) as QuotationTerms,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    sentAt: row.sent_at,
    viewedAt: row.viewed_at,
    acceptedAt: row.accepted_at,
    acceptance: row.acceptance === null ? null : (JSON.parse(row.acceptance) as Quotation['acceptance']),
    changeRequests: JSON.parse(row.change_requests) as Quotation['changeRequests'],
    pdfSha256: row.pdf_sha256,
  };
}

/** The content's columns, as an insert or a draft's edit writes them. */
export function contentColumns(content: QuotationContent) {
  return {
    buyer: JSON.stringify(content.buyer),
    lines: JSON.stringify(content.lines),
    charges: JSON.stringify(content.charges),
    terms: JSON.stringify(content.terms),
    supply: content.supply,
    state_tax: content.stateTax,
    place_of_supply: content.placeOfSupply,
    seller_state: content.sellerState,
    taxable_paise: content.totals.taxablePaise,
    cgst_paise: content.totals.cgstPaise,
    sgst_paise: content.totals.sgstPaise,
    igst_paise: content.totals.igstPaise,
    round_off_paise: content.totals.roundOffPaise,
    total_paise: content.totals.totalPaise,
    validity_days: content.validityDays,
  };
}

/**
 * The next sequence of a financial year's series: an upsert on the series row, so concurrent
 * writers (other processes on one PostgreSQL too) wait for each other's row and never share a
 * number. Inside the quotation's write transaction: a rolled-back quotation gives its number back,
 * and quotations are never deleted, so the series has no gaps.
 */
export async function nextQuotationSequence(db: Kysely<Database>, series: string): Promise<number> {
  const row = await db
    .insertInto('quotation_series')
    .values({ series, last_sequence: 1 })
    .onConflict((oc) =>
      oc.column('series').doUpdateSet((eb) => ({ last_sequence: eb('quotation_series.last_sequence', '+', 1) })),
    )
    .returning('last_sequence')
    .executeTakeFirstOrThrow();
  return Number(row.last_sequence);
}

export async function insertQuotation(db: Kysely<Database>, row: QuotationsTable): Promise<void> {
  await db.insertInto('quotations').values(row).execute();
}

export async function findQuotationRow(db: Kysely<Database>, id: string): Promise<QuotationRow | undefined> {
  return db.selectFrom('quotations').select(COLUMNS).where('id', '=', id).executeTakeFirst();
}

/** The quotation, row-locked on PostgreSQL for a read-then-write (SQLite's BEGIN IMMEDIATE already locks). */
export async function findQuotationRowForUpdate(
  db: Kysely<Database>,
  dialect: 'sqlite' | 'postgres',
  id: string,
): Promise<QuotationRow | undefined> {
  let query = db.selectFrom('quotations').select(COLUMNS).where('id', '=', id);
  if (dialect === 'postgres') query = query.forUpdate();
  return query.executeTakeFirst();
}

export async function findQuotationIdByTokenHash(db: Kysely<Database>, tokenHash: string): Promise<string | undefined> {
  const row = await db.selectFrom('quotations').select('id').where('token_hash', '=', tokenHash).executeTakeFirst();
  return row?.id;
}

/** The newest revision of a quotation number (its series and sequence). */
export async function latestRevisionRow(
  db: Kysely<Database>,
  series: string,
  sequence: number,
): Promise<QuotationRow | undefined> {
  return db
    .selectFrom('quotations')
    .select(COLUMNS)
    .where('series', '=', series)
    .where('sequence', '=', sequence)
    .orderBy('revision', 'desc')
    .limit(1)
    .executeTakeFirst();
}

export async function updateQuotationRow(
  db: Kysely<Database>,
  id: string,
  changes: Partial<Omit<QuotationsTable, 'id' | 'inquiry_id' | 'number' | 'series' | 'sequence' | 'revision'>>,
): Promise<void> {
  await db.updateTable('quotations').set(changes).where('id', '=', id).execute();
}

/** The stored PDF of a sent revision (null for a draft). */
export async function quotationPdfBytes(db: Kysely<Database>, id: string): Promise<Buffer | null | undefined> {
  const row = await db.selectFrom('quotations').select('pdf').where('id', '=', id).executeTakeFirst();
  if (!row) return undefined;
  return row.pdf === null ? null : Buffer.from(row.pdf);
}

/**
 * A page of the quotations of one inquiry and/or one status, newest first, and how many match in
 * all. `expired` and the open statuses are told apart by `today` (India), as effectiveStatus does.
 */
export async function listQuotationRows(
  db: Kysely<Database>,
  query: { inquiryId?: string; status?: QuotationStatus; limit: number; offset: number },
  today: string,
): Promise<{ rows: QuotationRow[]; total: number }> {
  let matching = db.selectFrom('quotations');
  if (query.inquiryId) matching = matching.where('inquiry_id', '=', query.inquiryId);
  const status = query.status;
  if (status === 'expired') {
    matching = matching.where('status', 'in', OPEN_STATUSES).where('valid_until', '<', today);
  } else if (status !== undefined && (OPEN_STATUSES as readonly string[]).includes(status)) {
    matching = matching
      .where('status', '=', status)
      .where((eb) => eb.or([eb('valid_until', 'is', null), eb('valid_until', '>=', today)]));
  } else if (status !== undefined) {
    matching = matching.where('status', '=', status);
  }
  return pageWithTotal(matching.select(COLUMNS).orderBy('created_at', 'desc').orderBy('id', 'desc'), query);
}

/**
 * This month's figures (issue 39's dashboard): per quotation number, its latest sent revision
 * sent in [from, to) counts as quoted; an accepted revision accepted in [from, to) as accepted.
 * Values in paise.
 */
export async function quotationMonthFigures(
  db: Kysely<Database>,
  from: string,
  to: string,
): Promise<{ quoted: { count: number; paise: number }; accepted: { count: number; paise: number } }> {
  // The newest revision of each number that was ever sent: drafts of a next revision do not hide it.
  const latestSent = await db
    .selectFrom('quotations as q')
    .select([(eb) => eb.fn.countAll().as('n'), (eb) => eb.fn.sum<string | number>('q.total_paise').as('paise')])
    .where('q.sent_at', 'is not', null)
    .where('q.sent_at', '>=', from)
    .where('q.sent_at', '<', to)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('quotations as newer')
            .select(sql<number>`1`.as('one'))
            .whereRef('newer.series', '=', 'q.series')
            .whereRef('newer.sequence', '=', 'q.sequence')
            .whereRef('newer.revision', '>', 'q.revision')
            .where('newer.sent_at', 'is not', null),
        ),
      ),
    )
    .executeTakeFirstOrThrow();
  const accepted = await db
    .selectFrom('quotations')
    .select([(eb) => eb.fn.countAll().as('n'), (eb) => eb.fn.sum<string | number>('total_paise').as('paise')])
    .where('status', '=', 'accepted')
    .where('accepted_at', '>=', from)
    .where('accepted_at', '<', to)
    .executeTakeFirstOrThrow();
  return {
    quoted: { count: Number(latestSent.n), paise: Number(latestSent.paise ?? 0) },
    accepted: { count: Number(accepted.n), paise: Number(accepted.paise ?? 0) },
  };
}

/** Accepted quotations accepted in [from, to) (either end open), oldest acceptance first. */
export async function acceptedQuotationRows(
  db: Kysely<Database>,
  range: { from?: string; to?: string },
): Promise<QuotationRow[]> {
  let select = db.selectFrom('quotations').select(COLUMNS).where('status', '=', 'accepted');
  if (range.from) select = select.where('accepted_at', '>=', range.from);
  if (range.to) select = select.where('accepted_at', '<', range.to);
  return select.orderBy('accepted_at').orderBy('number').execute();
}

/**
 * A sent quotation's PDF as an email attachment, read when the mail worker sends it. A quotation
 * with no stored PDF (which no message names: only a sent one is emailed) is an error, so the
 * message is tried again rather than sent without it.
 */
export async function quotationAttachment(
  db: Kysely<Database>,
  id: string,
): Promise<{ filename: string; content: Buffer; contentType: string }> {
  const row = await db.selectFrom('quotations').select(['number', 'pdf']).where('id', '=', id).executeTakeFirst();
  if (!row?.pdf) throw new Error(`The quotation ${id} has no stored PDF to attach`);
  return {
    // `KPM/Q/2026-27/0042-R2` → `KPM-Q-2026-27-0042-R2.pdf`: a slash cannot be in a file name.
    filename: `${row.number.replace(/[^A-Za-z0-9-]+/g, '-')}.pdf`,
    content: Buffer.from(row.pdf),
    contentType: 'application/pdf',
  };
}
