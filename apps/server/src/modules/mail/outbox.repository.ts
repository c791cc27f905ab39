import { randomUUID } from 'node:crypto';
import type { Expression, ExpressionBuilder, Kysely, SqlBool } from 'kysely';
import type { OutboxMessage } from '@capstan/shared';
import type { Database, OutboxTable } from '../../db/schema';

export interface NewOutboxMessage {
  kind: string;
  inquiryId: string | null;
  recipients: string[];
  replyTo: string | null;
  subject: string;
  text: string;
  html: string;
  /**
   * A quotation whose stored PDF is attached when the worker sends (issue 39): the row names it,
   * so a message retried sixty times does not carry the bytes sixty times.
   */
  attachmentQuotationId?: string | null;
  /** A service request whose stored report PDF is attached when the worker sends (issue 40). */
  attachmentServiceRequestId?: string | null;
}

export async function enqueueMessage(db: Kysely<Database>, message: NewOutboxMessage, now: string): Promise<string> {
  const id = randomUUID();
  await db
    .insertInto('outbox')
    .values({
      id,
      kind: message.kind,
      inquiry_id: message.inquiryId,
      recipients: JSON.stringify(message.recipients),
      reply_to: message.replyTo,
      subject: message.subject,
      text_body: message.text,
      html_body: message.html,
      status: 'pending',
      attempts: 0,
      next_attempt_at: now,
      lease_until: null,
      last_error: null,
      created_at: now,
      sent_at: null,
      attachment_quotation_id: message.attachmentQuotationId ?? null,
      attachment_service_request_id: message.attachmentServiceRequestId ?? null,
    })
    .execute();
  return id;
}

/** Rows per INSERT: well under SQLite's and PostgreSQL's limits on a statement's parameters. */
const ENQUEUE_BATCH = 200;

/**
 * Many messages in a few statements (a scheduled job's thousands of reminders): the same rows as
 * enqueueMessage, inserted by the batch; the caller's transaction keeps all of them or none.
 */
export async function enqueueMessages(
  db: Kysely<Database>,
  messages: readonly NewOutboxMessage[],
  now: string,
): Promise<string[]> {
  const rows = messages.map((message) => ({
    id: randomUUID(),
    kind: message.kind,
    inquiry_id: message.inquiryId,
    recipients: JSON.stringify(message.recipients),
    reply_to: message.replyTo,
    subject: message.subject,
    text_body: message.text,
    html_body: message.html,
    status: 'pending' as const,
    attempts: 0,
    next_attempt_at: now,
    lease_until: null,
    last_error: null,
    created_at: now,
    sent_at: null,
    attachment_quotation_id: message.attachmentQuotationId ?? null,
    attachment_service_request_id: message.attachmentServiceRequestId ?? null,
  }));
  for (let start = 0; start < rows.length; start += ENQUEUE_BATCH) {
    await db
      .insertInto('outbox')
      .values(rows.slice(start, start + ENQUEUE_BATCH))
      .execute();
  }
  return rows.map((row) => row.id);
}

/** Due now: pending and its time has come, or claimed by a worker whose lease ran out (it died). */
function claimable(eb: ExpressionBuilder<Database, 'outbox'>, now: string): Expression<SqlBool> {
  return eb.or([
    eb.and([eb('status', '=', 'pending'), eb('next_attempt_at', '<=', now)]),
    eb.and([eb('status', '=', 'sending'), eb('lease_until', '<', now)]),
  ]);
}

/**
 * Takes one due message for this worker until `leaseUntil`. The UPDATE re-checks the condition
 * on the row it changes, so when two processes race for the same id only one gets it back
 * (PostgreSQL re-evaluates the WHERE after waiting for the other's row lock; SQLite writes one
 * at a time).
 */
export async function claimNextMessage(
  db: Kysely<Database>,
  now: string,
  leaseUntil: string,
): Promise<OutboxTable | undefined> {
  const candidates = await db
    .selectFrom('outbox')
    .select('id')
    .where((eb) => claimable(eb, now))
    .orderBy('next_attempt_at')
    .orderBy('id')
    .limit(8)
    .execute();
  for (const { id } of candidates) {
    const claimed = await db
      .updateTable('outbox')
      .set((eb) => ({ status: 'sending', lease_until: leaseUntil, attempts: eb('attempts', '+', 1) }))
      .where('id', '=', id)
      .where((eb) => claimable(eb, now))
      .returningAll()
      .executeTakeFirst();
    if (claimed) return claimed;
  }
  return undefined;
}

/** Only while this worker's claim stands: a message taken over after a lease ran out is not the old worker's. */
function stillClaimed(db: Kysely<Database>, id: string, leaseUntil: string) {
  return db
    .updateTable('outbox')
    .where('id', '=', id)
    .where('status', '=', 'sending')
    .where('lease_until', '=', leaseUntil);
}

export async function markSent(db: Kysely<Database>, id: string, leaseUntil: string, now: string): Promise<void> {
  await stillClaimed(db, id, leaseUntil).set({ status: 'sent', sent_at: now, lease_until: null }).execute();
}

export async function markFailed(db: Kysely<Database>, id: string, leaseUntil: string, reason: string): Promise<void> {
  await stillClaimed(db, id, leaseUntil).set({ status: 'failed', lease_until: null, last_error: reason }).execute();
}

export async function scheduleRetry(
  db: Kysely<Database>,
  id: string,
  leaseUntil: string,
  reason: string,
  nextAttemptAt: string,
): Promise<void> {
  await stillClaimed(db, id, leaseUntil)
    .set({ status: 'pending', lease_until: null, last_error: reason, next_attempt_at: nextAttemptAt })
    .execute();
}

/** Staff ask for a message to go (again): due now, with a fresh count of attempts. */
export async function requeueMessage(db: Kysely<Database>, id: string, now: string): Promise<OutboxTable | undefined> {
  return db
    .updateTable('outbox')
    .set({ status: 'pending', attempts: 0, next_attempt_at: now, lease_until: null })
    .where('id', '=', id)
    .where('status', '!=', 'sending')
    .returningAll()
    .executeTakeFirst();
}

/** The message, row-locked on PostgreSQL for a read-then-write (SQLite's BEGIN IMMEDIATE already locks). */
export async function findMessageForUpdate(
  db: Kysely<Database>,
  dialect: 'sqlite' | 'postgres',
  id: string,
): Promise<OutboxTable | undefined> {
  let query = db.selectFrom('outbox').selectAll().where('id', '=', id);
  if (dialect === 'postgres') query = query.forUpdate();
  return query.executeTakeFirst();
}

export function toOutboxMessage(row: OutboxTable): OutboxMessage {
  return {
    id: row.id,
    kind: row.kind,
    inquiryId: row.inquiry_id,
    recipients: JSON.parse(row.recipients) as string[],
    subject: row.subject,
    status: row.status,
    attempts: row.attempts,
    lastError: row.last_error,
    createdAt: row.created_at,
    nextAttemptAt: row.next_attempt_at,
    sentAt: row.sent_at,
  };
}

export async function listMessages(
  db: Kysely<Database>,
  options: { inquiryId?: string; limit: number },
): Promise<OutboxMessage[]> {
  let query = db.selectFrom('outbox').selectAll();
  if (options.inquiryId) query = query.where('inquiry_id', '=', options.inquiryId);
  const rows = await query.orderBy('created_at', 'desc').orderBy('id').limit(options.limit).execute();
  return rows.map(toOutboxMessage);
}

export async function outboxCounts(db: Kysely<Database>): Promise<{ pending: number; failed: number }> {
  const row = await db
    .selectFrom('outbox')
    .select((eb) => [
      eb.fn.sum<number>(eb.case().when('status', 'in', ['pending', 'sending']).then(1).else(0).end()).as('pending'),
      eb.fn.sum<number>(eb.case().when('status', '=', 'failed').then(1).else(0).end()).as('failed'),
    ])
    .executeTakeFirstOrThrow();
  return { pending: Number(row.pending ?? 0), failed: Number(row.failed ?? 0) };
}

/** What an email carries besides its text: a stored PDF (a quotation, a service report), with the name the reader sees. */
export interface OutboxAttachment {
  filename: string;
  content: Buffer;
  contentType: string;
}
