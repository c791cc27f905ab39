import type { Kysely } from 'kysely';
import { indianToday, type Locale, type Quotation, type QuotationAccept, type QuotationStatus } from '@capstan/shared';
import type { AppContext } from '../../app-context';
import type { Database } from '../../db/schema';
import { writeTransaction } from '../../db/write-transaction';
import { recordAudit } from '../audit/audit.service';
import { findInquiryForQuotation } from '../inquiries/inquiries.repository';
import { advanceInquiryForQuotation } from '../inquiries/inquiries.service';
import { quotationAcceptedNotice, quotationChangesNotice } from '../mail/quotation-emails';
import { enqueueInReadersLanguages } from '../mail/readers-languages';
import {
  effectiveStatus,
  findQuotationIdByTokenHash,
  findQuotationRow,
  findQuotationRowForUpdate,
  latestRevisionRow,
  quotationPdfBytes,
  type QuotationRow,
  toQuotation,
  updateQuotationRow,
} from './quotations.repository';
import {
  adminInquiryUrl,
  hashQuotationToken,
  inquiryLocale,
  quotationTarget,
  staffRecipients,
} from './quotations.service';

/**
 * The buyer's side of a sent quotation (issue 39): no account, the link's token is the permission.
 * Only its SHA-256 is stored, so the token is looked up by its hash.
 */

/** What the buyer's page shows: the quotation, in the buyer's language, and whether a newer revision was sent. */
export interface BuyerView {
  quotation: Quotation;
  locale: Locale;
  /** For a superseded one: whether its newer revision has been sent yet (or is still being prepared). */
  newerSent: boolean;
  /** What the state's half of an intra-state supply is called there. */
  stateTax: 'SGST' | 'UTGST';
}

/** A reply the page cannot take, and why (the page then says so and offers no form). */
export type ReplyRefusal = 'superseded' | 'expired' | 'accepted' | 'notOpen';

export type ReplyOutcome = { done: true; view: BuyerView } | { done: false; refusal: ReplyRefusal; view: BuyerView };

async function viewOf(db: Kysely<Database>, row: QuotationRow, today: string): Promise<BuyerView> {
  const inquiry = await findInquiryForQuotation(db, row.inquiry_id);
  const quotation = toQuotation(row, today);
  let newerSent = false;
  if (quotation.status === 'superseded') {
    const latest = await latestRevisionRow(db, row.series, row.sequence);
    newerSent = latest !== undefined && latest.revision > row.revision && latest.sent_at !== null;
  }
  return {
    quotation,
    locale: inquiry ? inquiryLocale(inquiry) : 'en',
    newerSent,
    stateTax: row.state_tax === 'UTGST' ? 'UTGST' : 'SGST',
  };
}

async function rowOfToken(db: Kysely<Database>, token: string): Promise<QuotationRow | undefined> {
  // A token is 43 base64url characters; anything else cannot be one, and is not looked up.
  if (!/^[A-Za-z0-9_-]{43}$/.test(token)) return undefined;
  const id = await findQuotationIdByTokenHash(db, hashQuotationToken(token));
  return id === undefined ? undefined : findQuotationRow(db, id);
}

/**
 * The buyer opens their link: the quotation as they may read it, or undefined for a token that is
 * no quotation's. The first opening is recorded (viewed_at, and `sent` becomes `viewed`) with an
 * entry in the activity log; later ones change nothing.
 */
export async function viewQuotation(ctx: AppContext, token: string, now = new Date()): Promise<BuyerView | undefined> {
  const today = indianToday(now);
  const row = await rowOfToken(ctx.db, token);
  if (!row) return undefined;
  if (row.viewed_at !== null) return viewOf(ctx.db, row, today);
  return writeTransaction(ctx, async (trx) => {
    const locked = await findQuotationRowForUpdate(trx, ctx.dialect, row.id);
    if (!locked) return undefined;
    if (locked.viewed_at === null) {
      const at = now.toISOString();
      const status = locked.status === 'sent' ? 'viewed' : locked.status;
      await updateQuotationRow(trx, locked.id, { viewed_at: at, status });
      await recordAudit(trx, {
        action: 'quotation.view',
        actor: null,
        target: quotationTarget(locked),
        changes: status === locked.status ? null : { status: { before: locked.status, after: status } },
      });
    }
    const after = await findQuotationRow(trx, locked.id);
    return after && viewOf(trx, after, today);
  });
}

/** The quotation a token opens, as its page shows it, recording nothing (a refused reply's page). */
export async function readBuyerView(ctx: AppContext, token: string, now = new Date()): Promise<BuyerView | undefined> {
  const row = await rowOfToken(ctx.db, token);
  return row && viewOf(ctx.db, row, indianToday(now));
}

/** The stored PDF of the quotation a token opens; undefined for a token that is no quotation's. */
export async function buyerPdf(ctx: AppContext, token: string): Promise<{ bytes: Buffer; number: string } | undefined> {
  const row = await rowOfToken(ctx.db, token);
  if (!row) return undefined;
  const bytes = await quotationPdfBytes(ctx.db, row.id);
  return bytes ? { bytes, number: row.number } : undefined;
}

/** Why a reply to a quotation in this status is refused; null when it may be taken. */
function refusalOf(status: QuotationStatus): ReplyRefusal | null {
  if (status === 'superseded' || status === 'expired' || status === 'accepted') return status;
  if (status === 'sent' || status === 'viewed' || status === 'changes_requested') return null;
  return 'notOpen';
}

/**
 * A buyer's reply (Accept, Ask for changes) in one transaction: the quotation locked, its status
 * checked as of today (only the latest revision, only until its last valid day), `spend` charged
 * against the address's allowance, then `apply` records it. Undefined for a token that is no
 * quotation's.
 */
async function reply(
  ctx: AppContext,
  token: string,
  now: Date,
  spend: (trx: Kysely<Database>) => Promise<void>,
  apply: (trx: Kysely<Database>, row: QuotationRow) => Promise<void>,
): Promise<ReplyOutcome | undefined> {
  const today = indianToday(now);
  const found = await rowOfToken(ctx.db, token);
  if (!found) return undefined;
  const outcome = await writeTransaction(ctx, async (trx): Promise<ReplyOutcome | undefined> => {
    const row = await findQuotationRowForUpdate(trx, ctx.dialect, found.id);
    if (!row) return undefined;
    const refusal = refusalOf(effectiveStatus(row, today));
    if (refusal) return { done: false, refusal, view: await viewOf(trx, row, today) };
    await spend(trx);
    await apply(trx, row);
    const after = await findQuotationRow(trx, row.id);
    if (!after) return undefined;
    return { done: true, view: await viewOf(trx, after, today) };
  });
  if (outcome?.done) ctx.mailWorker?.wake();
  return outcome;
}

/**
 * The buyer accepts: the quotation is `accepted` with their name and purchase order number, its
 * inquiry `won`, the assignee (or the notification addresses) told. A second Accept finds it
 * accepted and records nothing (refusal `accepted`: the page shows the acceptance).
 */
export async function acceptQuotation(
  ctx: AppContext,
  token: string,
  form: QuotationAccept,
  spend: (trx: Kysely<Database>) => Promise<void>,
  now = new Date(),
): Promise<ReplyOutcome | undefined> {
  return reply(ctx, token, now, spend, async (trx, row) => {
    const at = now.toISOString();
    const acceptance = { name: form.name, purchaseOrder: form.purchaseOrder ?? '' };
    await updateQuotationRow(trx, row.id, {
      status: 'accepted',
      accepted_at: at,
      acceptance: JSON.stringify(acceptance),
    });
    await recordAudit(trx, {
      action: 'quotation.accept',
      actor: null,
      target: quotationTarget(row),
      changes: {
        status: { before: row.status, after: 'accepted' },
        acceptedBy: { before: null, after: acceptance.name },
        purchaseOrder: { before: null, after: acceptance.purchaseOrder === '' ? null : acceptance.purchaseOrder },
      },
    });
    const inquiry = await findInquiryForQuotation(trx, row.inquiry_id);
    if (!inquiry) return;
    await advanceInquiryForQuotation(trx, inquiry, 'won');
    const after = await findQuotationRow(trx, row.id);
    if (!after) return;
    const quotation = toQuotation(after, indianToday(now));
    const adminUrl = adminInquiryUrl(ctx, inquiry.id);
    await enqueueInReadersLanguages(
      trx,
      await staffRecipients(trx, inquiry),
      (readers) =>
        quotationAcceptedNotice({ quotation, recipients: readers.recipients, locale: readers.locale, adminUrl }),
      at,
    );
  });
}

/** The buyer asks for changes: their message is kept (oldest first), the status `changes_requested`, staff told. */
export async function requestQuotationChanges(
  ctx: AppContext,
  token: string,
  message: string,
  spend: (trx: Kysely<Database>) => Promise<void>,
  now = new Date(),
): Promise<ReplyOutcome | undefined> {
  return reply(ctx, token, now, spend, async (trx, row) => {
    const at = now.toISOString();
    const requests = [...(JSON.parse(row.change_requests) as { message: string; at: string }[]), { message, at }];
    await updateQuotationRow(trx, row.id, { status: 'changes_requested', change_requests: JSON.stringify(requests) });
    await recordAudit(trx, {
      action: 'quotation.changes',
      actor: null,
      target: quotationTarget(row),
      changes: {
        ...(row.status === 'changes_requested' ? {} : { status: { before: row.status, after: 'changes_requested' } }),
        message: { before: null, after: message },
      },
    });
    const inquiry = await findInquiryForQuotation(trx, row.inquiry_id);
    if (!inquiry) return;
    const quotation = toQuotation(
      { ...row, status: 'changes_requested', change_requests: JSON.stringify(requests) },
      indianToday(now),
    );
    const adminUrl = adminInquiryUrl(ctx, inquiry.id);
    await enqueueInReadersLanguages(
      trx,
      await staffRecipients(trx, inquiry),
      (readers) =>
        quotationChangesNotice(
          { quotation, recipients: readers.recipients, locale: readers.locale, adminUrl },
          message,
        ),
      at,
    );
  });
}
