import type { Transporter } from 'nodemailer';
import type { Kysely } from 'kysely';
import type { FastifyBaseLogger } from 'fastify';
import type { Database, OutboxTable } from '../../db/schema';
import { claimNextMessage, markFailed, markSent, type OutboxAttachment, scheduleRetry } from './outbox.repository';

/** A claim lasts well beyond the longest a send can take (the timeouts below), so a live worker never loses one. */
const LEASE_MS = 5 * 60 * 1000;
const CONNECTION_TIMEOUT_MS = 30 * 1000;
const SOCKET_TIMEOUT_MS = 60 * 1000;
/** Retries double from MAIL_RETRY_MIN_SECONDS up to this. */
const MAX_BACKOFF_MS = 30 * 60 * 1000;
/** With 30-minute gaps, about a day of trying before a temporary failure is given up as failed. */
export const MAX_ATTEMPTS = 60;
const REASON_MAX = 500;

export interface MailWorkerOptions {
  db: Kysely<Database>;
  smtpUrl: string;
  from: string;
  retryMinMs: number;
  pollIntervalMs: number;
  log: FastifyBaseLogger;
  /**
   * Reads the PDF a message names (`attachment_quotation_id`) when it is sent, so the outbox row
   * never holds the bytes (the quotations module, which owns them, answers it).
   */
  quotationAttachment?: (quotationId: string) => Promise<OutboxAttachment>;
  /** Reads the service report PDF a message names (`attachment_service_request_id`), as above. */
  serviceReportAttachment?: (serviceRequestId: string) => Promise<OutboxAttachment>;
}

interface SendError {
  message: string;
  responseCode?: number;
  response?: string;
}

function asSendError(error: unknown): SendError {
  if (typeof error === 'object' && error !== null && 'message' in error) return error as SendError;
  return { message: String(error) };
}

export function backoffMs(attempts: number, retryMinMs: number): number {
  return Math.min(MAX_BACKOFF_MS, retryMinMs * 2 ** Math.max(0, attempts - 1));
}

/**
 * Sends what the outbox holds (decision 021). Every process runs one; they share the work through
 * the database: a message is claimed with a conditional UPDATE before it is sent, so it is sent by
 * one of them. A 5xx answer is final (failed, with the server's reason); anything else (4xx, the
 * server down or unreachable) is tried again later, each wait twice the one before.
 */
export class MailWorker {
  private transport: Promise<Transporter> | undefined;
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private again = false;
  private stopped = true;

  constructor(private readonly options: MailWorkerOptions) {}

  // nodemailer is loaded by the first message sent, not by every server that starts: a server
  // that has sent nothing yet keeps its memory for visitors (issue 37).
  private transporter(): Promise<Transporter> {
    this.transport ??= import('nodemailer').then(({ default: nodemailer }) =>
      nodemailer.createTransport({
        url: this.options.smtpUrl,
        connectionTimeout: CONNECTION_TIMEOUT_MS,
        greetingTimeout: CONNECTION_TIMEOUT_MS,
        socketTimeout: SOCKET_TIMEOUT_MS,
      }),
    );
    return this.transport;
  }

  start(): void {
    this.stopped = false;
    this.wake();
  }

  /** Look now (a message was just stored) instead of at the next poll. */
  wake(): void {
    if (this.stopped) return;
    if (this.running) {
      this.again = true;
      return;
    }
    clearTimeout(this.timer);
    this.running = this.drain().finally(() => {
      this.running = undefined;
      if (this.stopped) return;
      if (this.again) {
        this.again = false;
        this.wake();
      } else {
        this.timer = setTimeout(() => this.wake(), this.options.pollIntervalMs);
        this.timer.unref();
      }
    });
  }

  /** No new claims; a send under way finishes (its result is recorded) before this resolves. */
  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    await this.running;
    (await this.transport)?.close();
  }

  private async drain(): Promise<void> {
    try {
      while (!this.stopped) {
        const now = new Date();
        const leaseUntil = new Date(now.getTime() + LEASE_MS).toISOString();
        const message = await claimNextMessage(this.options.db, now.toISOString(), leaseUntil);
        if (!message) return;
        await this.deliver(message, leaseUntil);
      }
    } catch (error) {
      // The database being away is no reason to stop: the next poll tries again.
      this.options.log.error({ err: error }, 'the mail worker could not read the outbox');
    }
  }

  private async attachmentOf(message: OutboxTable): Promise<OutboxAttachment | null> {
    // Thrown inside the send's try: a message whose PDF cannot be read now is tried again later.
    const quotationId = message.attachment_quotation_id;
    if (quotationId) {
      const read = this.options.quotationAttachment;
      if (!read) throw new Error(`No reader for the PDF of quotation ${quotationId}`);
      return read(quotationId);
    }
    const requestId = message.attachment_service_request_id;
    if (requestId) {
      const read = this.options.serviceReportAttachment;
      if (!read) throw new Error(`No reader for the report PDF of service request ${requestId}`);
      return read(requestId);
    }
    return null;
  }

  private async deliver(message: OutboxTable, leaseUntil: string): Promise<void> {
    const { db, log } = this.options;
    try {
      const attachment = await this.attachmentOf(message);
      const transport = await this.transporter();
      await transport.sendMail({
        from: this.options.from,
        to: JSON.parse(message.recipients) as string[],
        ...(message.reply_to ? { replyTo: message.reply_to } : {}),
        subject: message.subject,
        text: message.text_body,
        html: message.html_body,
        // One Message-ID per outbox row: a resend after a crash is recognisable as the same email.
        messageId: `<${message.id}@outbox.kpm>`,
        ...(attachment ? { attachments: [attachment] } : {}),
      });
      await markSent(db, message.id, leaseUntil, new Date().toISOString());
    } catch (error) {
      const failure = asSendError(error);
      const reason = (failure.response ?? failure.message).slice(0, REASON_MAX);
      const permanent = typeof failure.responseCode === 'number' && failure.responseCode >= 500;
      if (permanent || message.attempts >= MAX_ATTEMPTS) {
        log.warn({ outboxId: message.id, reason }, 'an email could not be sent');
        await markFailed(
          db,
          message.id,
          leaseUntil,
          permanent ? reason : `Gave up after ${message.attempts} attempts: ${reason}`,
        );
        return;
      }
      const next = new Date(Date.now() + backoffMs(message.attempts, this.options.retryMinMs)).toISOString();
      log.info({ outboxId: message.id, reason, next }, 'an email will be tried again');
      await scheduleRetry(db, message.id, leaseUntil, reason, next);
    }
  }
}
