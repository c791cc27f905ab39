import type { OutboxMessage } from '@capstan/shared';
import type { AppContext } from '../../app-context';
import { writeTransaction } from '../../db/write-transaction';
import { HttpError, notFound } from '../../http-error';
import { diffSnapshots } from '../audit/audit-diff';
import { recordAudit } from '../audit/audit.service';
import { findMessageForUpdate, requeueMessage, toOutboxMessage } from './outbox.repository';

/**
 * Staff send a message (again): it is due now with a fresh count of attempts, and the audit trail
 * says who asked, for which message and what state it was in (a resend of a `sent` message mails
 * the buyer twice, so it should be traceable). The change and its entry commit together.
 */
export async function resendMessage(ctx: AppContext, id: string): Promise<OutboxMessage> {
  const message = await writeTransaction(ctx, async (trx) => {
    const before = await findMessageForUpdate(trx, ctx.dialect, id);
    if (!before) throw notFound('Email');
    // A worker holds it: it may be delivering it this very moment.
    if (before.status === 'sending') {
      throw new HttpError(409, 'This email is being sent right now. Please look again in a minute.');
    }
    const after = await requeueMessage(trx, id, new Date().toISOString());
    if (!after) throw notFound('Email');
    await recordAudit(trx, {
      action: 'email.resend',
      target: { type: 'email', id, label: before.subject },
      // The previous status even when it was already pending: that is what the entry is for.
      changes: {
        status: { before: before.status, after: after.status },
        ...diffSnapshots({ attempts: before.attempts }, { attempts: after.attempts }),
      },
    });
    return after;
  });
  ctx.mailWorker?.wake();
  return toOutboxMessage(message);
}
