import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import {
  CONTACT_SERVICE_UNKNOWN_MESSAGE,
  type ContactServiceOption,
  contactServiceOptions,
  DEFAULT_LOCALE,
  indianClock,
  type Inquiry,
  type InquiryData,
  type InquiryStatus,
  type InquiryUpdate,
} from '@capstan/shared';
import type { AppContext } from '../../app-context';
import type { Database } from '../../db/schema';
import { writeTransaction } from '../../db/write-transaction';
import { badRequest, notFound } from '../../http-error';
import { RequestValidationError } from '../../validation';
import { diffSnapshots } from '../audit/audit-diff';
import { findItemIdByName } from '../catalogue/catalogue.repository';
import { listMachineCategories } from '../catalogue/machine-categories.service';
import { recordAudit } from '../audit/audit.service';
import { acknowledgement, staffNotification } from '../mail/inquiry-emails';
import { assignmentNotice } from '../mail/assignment-email';
import { enqueueMessage } from '../mail/outbox.repository';
import { enqueueInReadersLanguages } from '../mail/readers-languages';
import { findUserLocale } from '../auth/users.repository';
import { currentCompanySettings } from '../site/site-settings.service';
import {
  findActiveStaff,
  findInquiry,
  findInquiryForUpdate,
  insertInquiry,
  insertInquiryNote,
  nextReferenceNumber,
  updateInquiryStatus,
  updateInquiryWorkflow,
} from './inquiries.repository';
import { inquiryLinesOf } from './inquiry-items.service';

/** Where staff open an inquiry in the back office (the web app's paths.admin.inquiry). */
const adminInquiryPath = (id: string) => `/admin/inquiries/${encodeURIComponent(id)}`;

/** The year an inquiry counts in: India's, so one sent on 1 January at 2 AM is that year's. */
function indianYear(date: Date): number {
  return indianClock(date).getUTCFullYear();
}

export function formatReference(year: number, number: number): string {
  return `KPM-${year}-${String(number).padStart(5, '0')}`;
}

/** The contact form's Service options as they are now: the machine categories, then the fixed ones. */
export async function currentServiceOptions(db: Kysely<Database>): Promise<ContactServiceOption[]> {
  return contactServiceOptions(await listMachineCategories(db));
}

/** The label of the chosen option, or a 400 on `service` when the list does not offer it (anymore). */
async function serviceLabelOf(db: Kysely<Database>, service: string | undefined): Promise<string | null> {
  if (service === undefined) return null;
  const option = (await currentServiceOptions(db)).find((o) => o.value === service);
  if (!option) throw new RequestValidationError([{ path: ['service'], message: CONTACT_SERVICE_UNKNOWN_MESSAGE }]);
  return option.label;
}

/**
 * Stores an inquiry with its reference and, in the same transaction, the emails about it
 * (decision 021): if the inquiry is kept, so are they; the mail worker sends them afterwards. The
 * buyer is answered in the language of the page they asked from; staff are told each in their
 * own (one message per language among them). The quote list's lines are kept with it, each item as
 * it is named now; an unknown item refuses the whole request.
 * `spend` counts it against the sender's allowance in that transaction, so a refusal keeps nothing.
 */
export async function storeInquiry(
  ctx: AppContext,
  data: InquiryData,
  clientIp: string,
  spend: (trx: Kysely<Database>) => Promise<void> = async () => undefined,
): Promise<Inquiry> {
  const now = new Date();
  const inquiry = await writeTransaction(ctx, async (trx) => {
    const serviceLabel = await serviceLabelOf(trx, data.service);
    const lines = await inquiryLinesOf(trx, data.items);
    await spend(trx);
    const reference = formatReference(indianYear(now), await nextReferenceNumber(trx, indianYear(now)));
    const stored = await insertInquiry(trx, data, serviceLabel, clientIp, reference, now.toISOString(), lines);
    const at = now.toISOString();
    // Site → Company: who is told (the first staff account until staff set it), and what the buyer is told.
    const company = await currentCompanySettings(trx);
    const recipients = company.notificationEmails;
    if (recipients.length > 0) {
      const itemId = stored.product ? await findItemIdByName(trx, stored.product) : undefined;
      const productUrl = stored.product
        ? `${ctx.config.publicUrl}${itemId ? `/product/${encodeURIComponent(itemId)}` : `/products?q=${encodeURIComponent(stored.product)}`}`
        : null;
      const adminUrl = `${ctx.config.publicUrl}${adminInquiryPath(stored.id)}`;
      await enqueueInReadersLanguages(
        trx,
        recipients,
        (readers) => staffNotification({ inquiry: stored, ...readers, productUrl, adminUrl }),
        at,
      );
    }
    await enqueueMessage(trx, acknowledgement(stored, company, data.locale ?? DEFAULT_LOCALE), at);
    return stored;
  });
  ctx.mailWorker?.wake();
  return inquiry;
}

/** Moves an inquiry to a new status; the change and its audit entry commit together. */
export async function changeInquiryStatus(ctx: AppContext, id: string, status: InquiryStatus): Promise<Inquiry> {
  return writeTransaction(ctx, async (trx) => {
    const before = await findInquiryForUpdate(trx, ctx.dialect, id);
    if (!before) throw notFound('Inquiry');
    const after = await updateInquiryStatus(trx, id, status);
    if (!after) throw notFound('Inquiry');
    await recordAudit(trx, {
      action: 'inquiry.status',
      target: { type: 'inquiry', id, label: `${before.firstName} ${before.lastName}` },
      changes: diffSnapshots({ status: before.status }, { status: after.status }),
    });
    return after;
  });
}

/** A staff note on an inquiry, signed with the signed-in email; the note and its audit entry commit together. */
export async function addInquiryNote(
  ctx: AppContext,
  id: string,
  text: string,
  author: { id: string; email: string },
): Promise<Inquiry> {
  return writeTransaction(ctx, async (trx) => {
    const inquiry = await findInquiryForUpdate(trx, ctx.dialect, id);
    if (!inquiry) throw notFound('Inquiry');
    await insertInquiryNote(trx, {
      id: randomUUID(),
      inquiry_id: id,
      text,
      author_id: author.id,
      author_email: author.email,
      created_at: new Date().toISOString(),
    });
    await recordAudit(trx, {
      action: 'inquiry.note',
      target: { type: 'inquiry', id, label: `${inquiry.firstName} ${inquiry.lastName}` },
      changes: { note: { before: null, after: text } },
    });
    const after = await findInquiry(trx, id);
    if (!after) throw notFound('Inquiry');
    return after;
  });
}

export const ASSIGNEE_REFUSED_MESSAGE = 'The assignee must be an active staff account that handles inquiries';

/**
 * Status, assignee and follow-up day; what is not sent is kept (decision 011). An assignee must
 * be an active staff account whose role handles inquiries. Audit records the fields that changed,
 * before and after. A colleague who becomes the assignee is emailed at once, through the outbox in
 * the same transaction (decision 050): not when the change is one's own assignment (they know),
 * and not when the assignee stays the same (a save of other fields, a repeated request).
 */
export async function updateInquiry(
  ctx: AppContext,
  id: string,
  update: InquiryUpdate,
  actor: { id: string; email: string },
): Promise<Inquiry> {
  const result = await writeTransaction(ctx, async (trx) => {
    const before = await findInquiryForUpdate(trx, ctx.dialect, id);
    if (!before) throw notFound('Inquiry');
    if (update.assigneeId && !(await findActiveStaff(trx, update.assigneeId))) {
      throw badRequest(ASSIGNEE_REFUSED_MESSAGE);
    }
    await updateInquiryWorkflow(trx, id, {
      ...(update.status !== undefined ? { status: update.status } : {}),
      ...(update.assigneeId !== undefined ? { assignee_id: update.assigneeId } : {}),
      ...(update.followUpOn !== undefined ? { follow_up_on: update.followUpOn } : {}),
    });
    const after = await findInquiry(trx, id);
    if (!after) throw notFound('Inquiry');
    const snapshot = (inquiry: Inquiry) => ({
      status: inquiry.status,
      assignee: inquiry.assignee?.email ?? null,
      followUpOn: inquiry.followUpOn,
    });
    const changes = diffSnapshots(snapshot(before), snapshot(after));
    if (Object.keys(changes).length > 0) {
      await recordAudit(trx, {
        action: 'inquiry.update',
        target: { type: 'inquiry', id, label: `${before.firstName} ${before.lastName}` },
        changes,
      });
    }
    const assignee = after.assignee;
    const newlyAssigned = assignee !== null && assignee.id !== before.assignee?.id && assignee.id !== actor.id;
    if (newlyAssigned) {
      const adminUrl = `${ctx.config.publicUrl}${adminInquiryPath(id)}`;
      const notice = assignmentNotice({
        inquiry: { ...after, assignee },
        assignedBy: actor,
        adminUrl,
        locale: await findUserLocale(trx, assignee.id),
      });
      await enqueueMessage(trx, notice, new Date().toISOString());
    }
    return { inquiry: after, emailed: newlyAssigned };
  });
  if (result.emailed) ctx.mailWorker?.wake();
  return result.inquiry;
}

/**
 * A quotation moved its inquiry along (issue 39): sending one makes a `new` or `contacted` inquiry
 * `quoted`; the buyer accepting one makes it `won`. In the quotation's transaction, with its own
 * audit entry (by the signed-in staff member, or nobody for the buyer's acceptance). Answers whether it moved.
 */
export async function advanceInquiryForQuotation(
  trx: Kysely<Database>,
  inquiry: { id: string; name: string; status: InquiryStatus },
  to: 'quoted' | 'won',
): Promise<boolean> {
  const moves = to === 'won' ? inquiry.status !== 'won' : inquiry.status === 'new' || inquiry.status === 'contacted';
  if (!moves) return false;
  await updateInquiryWorkflow(trx, inquiry.id, { status: to });
  await recordAudit(trx, {
    action: 'inquiry.status',
    target: { type: 'inquiry', id: inquiry.id, label: inquiry.name },
    changes: diffSnapshots({ status: inquiry.status }, { status: to }),
  });
  return true;
}
