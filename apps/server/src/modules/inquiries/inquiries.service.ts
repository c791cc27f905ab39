import type { Inquiry, InquiryStatus } from '@capstan/shared';
import type { AppContext } from '../../app-context';
import { writeTransaction } from '../../db/write-transaction';
import { notFound } from '../../http-error';
import { diffSnapshots } from '../audit/audit-diff';
import { recordAudit } from '../audit/audit.service';
import { findInquiryForUpdate, updateInquiryStatus } from './inquiries.repository';

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
