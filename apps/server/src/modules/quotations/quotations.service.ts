import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import {
  DEFAULT_LOCALE,
  gstinStateCode,
  indianToday,
  isLocale,
  type Locale,
  type Quotation,
  type QuotationData,
  type QuotationListQuery,
  type SendQuotationResponse,
} from '@capstan/shared';
import type { AppContext } from '../../app-context';
import type { Database, QuotationsTable } from '../../db/schema';
import { writeTransaction } from '../../db/write-transaction';
import { HttpError, notFound } from '../../http-error';
import { type AuditSnapshot, diffSnapshots } from '../audit/audit-diff';
import { recordAudit } from '../audit/audit.service';
import { findQuotedItems } from '../inquiries/inquiry-items.repository';
import { findInquiryForQuotation, type InquiryForQuotation } from '../inquiries/inquiries.repository';
import { advanceInquiryForQuotation } from '../inquiries/inquiries.service';
import { enqueueMessage } from '../mail/outbox.repository';
import { quotationCopy, quotationToBuyer } from '../mail/quotation-emails';
import { enqueueInReadersLanguages } from '../mail/readers-languages';
import { currentCompanySettings } from '../site/site-settings.service';
import { renderQuotationPdf } from './quotation-pdf';
import { addDays, financialYear, quotationNumber } from './quotation-numbering';
import { quotationSeller } from './quotation-seller';
import { type QuotationContent, quotationContent } from './quotation-tax';
import {
  contentColumns,
  effectiveStatus,
  findQuotationRow,
  findQuotationRowForUpdate,
  insertQuotation,
  listQuotationRows,
  nextQuotationSequence,
  quotationPdfBytes,
  type QuotationRow,
  toQuotation,
  updateQuotationRow,
} from './quotations.repository';

export const NO_COMPANY_GSTIN_MESSAGE = "Enter the company's GSTIN under Site → Company first";
export const QUOTATION_ALREADY_SENT_MESSAGE =
  'This quotation was sent already: change it to make its next revision, then send that';
export const QUOTATION_LOCKED_MESSAGES = {
  accepted: 'This quotation was accepted: it cannot be changed',
  superseded: 'A newer revision of this quotation exists: change that one',
  expired: 'This quotation has expired: it cannot be changed. Prepare a new quotation from the inquiry',
} as const;
export const QUOTATION_CHANGED_MEANWHILE_MESSAGE =
  'This quotation was changed while it was being sent: reload it and send it again';

/** Where staff open an inquiry in the back office (the web app's paths.admin.inquiry). */
export const adminInquiryUrl = (ctx: AppContext, inquiryId: string) =>
  `${ctx.config.publicUrl}/admin/inquiries/${encodeURIComponent(inquiryId)}`;

/** The buyer's page: the token in the path, absolute from PUBLIC_URL. */
export const buyerLink = (ctx: AppContext, token: string) => `${ctx.config.publicUrl}/q/${token}`;

export const hashQuotationToken = (token: string): string => createHash('sha256').update(token).digest('hex');

/** The language the buyer asked in (inquiries.locale; null is English). */
export const inquiryLocale = (inquiry: Pick<InquiryForQuotation, 'locale'>): Locale =>
  isLocale(inquiry.locale) ? inquiry.locale : DEFAULT_LOCALE;

/** Who staff emails about a quotation go to: the inquiry's assignee, else Site → Company's addresses. */
export async function staffRecipients(db: Kysely<Database>, inquiry: InquiryForQuotation): Promise<string[]> {
  if (inquiry.assigneeEmail) return [inquiry.assigneeEmail];
  return (await currentCompanySettings(db)).notificationEmails;
}

/** The audit target of a quotation's events: its inquiry (the Activity log links there), named by the number. */
export const quotationTarget = (row: Pick<QuotationRow, 'inquiry_id' | 'number'>) => ({
  type: 'inquiry' as const,
  id: row.inquiry_id,
  label: row.number,
});

/** What an edit's audit entry compares. */
function snapshot(content: QuotationContent): AuditSnapshot {
  return {
    buyer: content.buyer.company === '' ? content.buyer.name : `${content.buyer.name}, ${content.buyer.company}`,
    buyerGstin: content.buyer.gstin,
    placeOfSupply: content.placeOfSupply,
    lines: content.lines.map((line) => `${line.description} × ${line.quantity}`),
    total: content.totals.totalPaise / 100,
    validityDays: content.validityDays,
  };
}

const rowSnapshot = (row: QuotationRow): AuditSnapshot => {
  const quotation = toQuotation(row, indianToday());
  return {
    buyer:
      quotation.buyer.company === '' ? quotation.buyer.name : `${quotation.buyer.name}, ${quotation.buyer.company}`,
    buyerGstin: quotation.buyer.gstin,
    placeOfSupply: quotation.placeOfSupply.code,
    lines: quotation.lines.map((line) => `${line.description} × ${line.quantity}`),
    total: quotation.totals.total,
    validityDays: quotation.validityDays,
  };
};

/** The seller's state: the company GSTIN's first two digits; a 409 while Site → Company has none. */
async function sellerState(db: Kysely<Database>): Promise<{ state: string; prefix: string }> {
  const company = await currentCompanySettings(db);
  const state = gstinStateCode(company.gstin);
  if (!state) throw new HttpError(409, NO_COMPANY_GSTIN_MESSAGE);
  return { state, prefix: company.quotationPrefix };
}

/** The quotation `data` makes now: its catalogue lines read, taxed from the company's state. */
async function contentOf(db: Kysely<Database>, data: QuotationData, state: string): Promise<QuotationContent> {
  const ids = data.lines.flatMap((line) => (line.itemId === undefined ? [] : [line.itemId]));
  const items = new Map((await findQuotedItems(db, ids)).map((item) => [item.id, item]));
  return quotationContent(data, state, items);
}

/** A new revision's columns before it is sent: no validity day, link, PDF, views or answers yet. */
function unsentColumns(at: string, createdBy: string) {
  return {
    valid_until: null,
    created_at: at,
    updated_at: at,
    sent_at: null,
    viewed_at: null,
    accepted_at: null,
    acceptance: null,
    change_requests: '[]',
    token_hash: null,
    pdf: null,
    pdf_sha256: null,
    created_by: createdBy,
  } satisfies Partial<QuotationsTable>;
}

/**
 * A new draft quotation for an inquiry, numbered in the financial year of `now` (India): the
 * sequence is taken in the same transaction, so the quotation and its number are kept together or
 * not at all.
 */
export async function createQuotation(
  ctx: AppContext,
  inquiryId: string,
  data: QuotationData,
  actor: { id: string },
  now = new Date(),
): Promise<Quotation> {
  return writeTransaction(ctx, async (trx) => {
    const inquiry = await findInquiryForQuotation(trx, inquiryId);
    if (!inquiry) throw notFound('Inquiry');
    const seller = await sellerState(trx);
    const content = await contentOf(trx, data, seller.state);
    const series = financialYear(now);
    const sequence = await nextQuotationSequence(trx, series);
    const at = now.toISOString();
    const row: QuotationsTable = {
      id: randomUUID(),
      inquiry_id: inquiryId,
      number: quotationNumber(seller.prefix, series, sequence),
      series,
      sequence,
      revision: 1,
      status: 'draft',
      ...contentColumns(content),
      ...unsentColumns(at, actor.id),
    };
    await insertQuotation(trx, row);
    await recordAudit(trx, {
      action: 'quotation.create',
      target: quotationTarget(row),
      changes: diffSnapshots(null, { number: row.number, ...snapshot(content) }),
    });
    const { pdf: _pdf, ...stored } = row;
    return toQuotation(stored, indianToday(now));
  });
}

/** The number of a quotation's next revision: its first number (whatever the prefix is now) with `-R<n>`. */
const revisionNumber = (number: string, revision: number): string => `${number.replace(/-R\d+$/, '')}-R${revision}`;

/**
 * `PUT /api/quotations/{id}`: a draft is replaced in place (`created: false`); a sent, viewed or
 * changes-asked one gets its next revision, a new draft (`created: true`), and is superseded,
 * otherwise untouched (its PDF, hash and link stay as they were sent). Accepted, superseded and
 * expired quotations are final: 409.
 */
export async function updateQuotation(
  ctx: AppContext,
  id: string,
  data: QuotationData,
  actor: { id: string },
  now = new Date(),
): Promise<{ quotation: Quotation; created: boolean }> {
  const today = indianToday(now);
  return writeTransaction(ctx, async (trx) => {
    const before = await findQuotationRowForUpdate(trx, ctx.dialect, id);
    if (!before) throw notFound('Quotation');
    const status = effectiveStatus(before, today);
    if (status === 'accepted' || status === 'superseded' || status === 'expired') {
      throw new HttpError(409, QUOTATION_LOCKED_MESSAGES[status]);
    }
    const seller = await sellerState(trx);
    const content = await contentOf(trx, data, seller.state);
    const at = now.toISOString();
    if (status === 'draft') {
      await updateQuotationRow(trx, id, { ...contentColumns(content), updated_at: at });
      const changes = diffSnapshots(rowSnapshot(before), snapshot(content));
      if (Object.keys(changes).length > 0) {
        await recordAudit(trx, { action: 'quotation.update', target: quotationTarget(before), changes });
      }
      const after = await findQuotationRow(trx, id);
      if (!after) throw notFound('Quotation');
      return { quotation: toQuotation(after, today), created: false };
    }
    const revision = before.revision + 1;
    const row: QuotationsTable = {
      id: randomUUID(),
      inquiry_id: before.inquiry_id,
      number: revisionNumber(before.number, revision),
      series: before.series,
      sequence: before.sequence,
      revision,
      status: 'draft',
      ...contentColumns(content),
      ...unsentColumns(at, actor.id),
    };
    // Only its status changes: what was sent (content, PDF, hash, link, times) stays as it was.
    await updateQuotationRow(trx, before.id, { status: 'superseded' });
    await insertQuotation(trx, row);
    await recordAudit(trx, {
      action: 'quotation.revise',
      target: quotationTarget(row),
      changes: {
        number: { before: before.number, after: row.number },
        ...diffSnapshots(rowSnapshot(before), snapshot(content)),
      },
    });
    const { pdf: _pdf, ...stored } = row;
    return { quotation: toQuotation(stored, today), created: true };
  });
}

export async function getQuotation(ctx: AppContext, id: string, now = new Date()): Promise<Quotation> {
  const row = await findQuotationRow(ctx.db, id);
  if (!row) throw notFound('Quotation');
  return toQuotation(row, indianToday(now));
}

/** One page of `GET /api/quotations`, and how many quotations match across all pages. */
export async function listQuotations(
  ctx: AppContext,
  query: QuotationListQuery,
  now = new Date(),
): Promise<{ quotations: Quotation[]; total: number }> {
  const today = indianToday(now);
  const { rows, total } = await listQuotationRows(
    ctx.db,
    {
      inquiryId: query.inquiryId,
      status: query.status,
      limit: query.pageSize,
      offset: (query.page - 1) * query.pageSize,
    },
    today,
  );
  return { quotations: rows.map((row) => toQuotation(row, today)), total };
}

/**
 * `POST /api/quotations/{id}/send`: a draft is rendered once, as sent (its validity counted from
 * today in India), and kept with its SHA-256; the buyer's link gets a fresh token of which only
 * the hash is stored; the emails (the buyer's with the PDF, the copy to staff) and the inquiry's
 * move to `quoted` commit with it. The PDF is rendered before the transaction (no lock is held
 * while it is drawn); a quotation changed meanwhile is not sent (409).
 */
export async function sendQuotation(ctx: AppContext, id: string, now = new Date()): Promise<SendQuotationResponse> {
  const today = indianToday(now);
  const row = await findQuotationRow(ctx.db, id);
  if (!row) throw notFound('Quotation');
  if (row.status !== 'draft') throw new HttpError(409, QUOTATION_ALREADY_SENT_MESSAGE);
  const company = await currentCompanySettings(ctx.db);
  const at = now.toISOString();
  const validUntil = addDays(today, row.validity_days);
  const quotation: Quotation = { ...toQuotation(row, today), status: 'sent', sentAt: at, validUntil, updatedAt: at };
  const pdf = await renderQuotationPdf({ quotation, seller: await quotationSeller(ctx, company) });
  const pdfSha256 = createHash('sha256').update(pdf).digest('hex');
  const token = randomBytes(32).toString('base64url');
  const link = buyerLink(ctx, token);

  await writeTransaction(ctx, async (trx) => {
    const locked = await findQuotationRowForUpdate(trx, ctx.dialect, id);
    if (!locked) throw notFound('Quotation');
    if (locked.status !== 'draft') throw new HttpError(409, QUOTATION_ALREADY_SENT_MESSAGE);
    if (locked.updated_at !== row.updated_at) throw new HttpError(409, QUOTATION_CHANGED_MEANWHILE_MESSAGE);
    await updateQuotationRow(trx, id, {
      status: 'sent',
      sent_at: at,
      updated_at: at,
      valid_until: validUntil,
      token_hash: hashQuotationToken(token),
      pdf,
      pdf_sha256: pdfSha256,
    });
    const inquiry = await findInquiryForQuotation(trx, row.inquiry_id);
    if (!inquiry) throw notFound('Inquiry');
    await advanceInquiryForQuotation(trx, inquiry, 'quoted');
    const sent: Quotation = { ...quotation, pdfSha256 };
    if (sent.buyer.email !== '') {
      const replyTo = inquiry.assigneeEmail ?? company.email;
      await enqueueMessage(
        trx,
        quotationToBuyer({ quotation: sent, companyName: company.name, link, locale: inquiryLocale(inquiry), replyTo }),
        at,
      );
    }
    const adminUrl = adminInquiryUrl(ctx, inquiry.id);
    await enqueueInReadersLanguages(
      trx,
      await staffRecipients(trx, inquiry),
      (readers) => quotationCopy({ quotation: sent, recipients: readers.recipients, locale: readers.locale, adminUrl }),
      at,
    );
    await recordAudit(trx, {
      action: 'quotation.send',
      target: quotationTarget(row),
      changes: {
        status: { before: 'draft', after: 'sent' },
        validUntil: { before: null, after: validUntil },
        emailedTo: { before: null, after: sent.buyer.email === '' ? null : sent.buyer.email },
      },
    });
  });
  ctx.mailWorker?.wake();
  return { status: 'sent', link };
}

/**
 * The PDF of a quotation: a sent revision's stored bytes, exactly as sent; a draft's drawn now,
 * marked DRAFT (`{ draft: true }`; its status is `draft` and its pdfSha256 null), and never stored.
 */
export async function quotationPdf(
  ctx: AppContext,
  id: string,
  now = new Date(),
): Promise<{ bytes: Buffer; fileName: string; draft: boolean }> {
  const row = await findQuotationRow(ctx.db, id);
  if (!row) throw notFound('Quotation');
  const fileName = `${row.number.replace(/[^A-Za-z0-9-]+/g, '-')}.pdf`;
  if (row.status !== 'draft') {
    const bytes = await quotationPdfBytes(ctx.db, id);
    if (!bytes) throw notFound('Quotation PDF');
    return { bytes, fileName, draft: false };
  }
  const company = await currentCompanySettings(ctx.db);
  const bytes = await renderQuotationPdf(
    { quotation: toQuotation(row, indianToday(now)), seller: await quotationSeller(ctx, company) },
    { draft: true },
  );
  return { bytes, fileName: fileName.replace(/\.pdf$/, '-DRAFT.pdf'), draft: true };
}
