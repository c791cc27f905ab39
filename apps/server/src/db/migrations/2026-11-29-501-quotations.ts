import { type Kysely, PostgresAdapter, sql } from 'kysely';

// Frozen: never edit a migration that has shipped; add a new one. Runs on SQLite and PostgreSQL.
/* eslint-disable @typescript-eslint/no-explicit-any -- migrations must not depend on today's schema types */

/**
 * GST quotations (issue 39). Each row is one revision: `KPM/Q/2026-27/0042`, then `…/0042-R2`,
 * sharing `series` and `sequence`. Buyer, lines, charges and terms are JSON text; the totals are
 * kept in paise (bigint: a few machines pass PostgreSQL's 32-bit integer in paise). A sent
 * revision keeps the PDF bytes it was sent with and their SHA-256, and the SHA-256 of the buyer's
 * link token (never the token). Quotations are never deleted, so no number is ever freed.
 *
 * `quotation_series` holds the last sequence handed out per financial year, bumped with an upsert
 * inside the quotation's write transaction: no gap, no duplicate, across processes.
 *
 * `outbox.attachment_quotation_id` names the quotation whose stored PDF goes with an email: the
 * worker reads the bytes when it sends, so a retried message does not copy them.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema
    .createTable('quotation_series')
    .addColumn('series', 'text', (c) => c.primaryKey())
    .addColumn('last_sequence', 'integer', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('quotations')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('inquiry_id', 'text', (c) => c.notNull().references('inquiries.id'))
    .addColumn('number', 'text', (c) => c.notNull().unique())
    .addColumn('series', 'text', (c) => c.notNull())
    .addColumn('sequence', 'integer', (c) => c.notNull())
    .addColumn('revision', 'integer', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('buyer', 'text', (c) => c.notNull())
    .addColumn('lines', 'text', (c) => c.notNull())
    .addColumn('charges', 'text', (c) => c.notNull())
    .addColumn('terms', 'text', (c) => c.notNull())
    .addColumn('supply', 'text', (c) => c.notNull())
    .addColumn('state_tax', 'text', (c) => c.notNull())
    .addColumn('place_of_supply', 'text', (c) => c.notNull())
    .addColumn('seller_state', 'text', (c) => c.notNull())
    .addColumn('taxable_paise', 'bigint', (c) => c.notNull())
    .addColumn('cgst_paise', 'bigint', (c) => c.notNull())
    .addColumn('sgst_paise', 'bigint', (c) => c.notNull())
    .addColumn('igst_paise', 'bigint', (c) => c.notNull())
    .addColumn('round_off_paise', 'integer', (c) => c.notNull())
    .addColumn('total_paise', 'bigint', (c) => c.notNull())
    .addColumn('validity_days', 'integer', (c) => c.notNull())
    /** YYYY-MM-DD in India; null until sent. */
    .addColumn('valid_until', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addColumn('sent_at', 'text')
    .addColumn('viewed_at', 'text')
    .addColumn('accepted_at', 'text')
    .addColumn('acceptance', 'text')
    .addColumn('change_requests', 'text', (c) => c.notNull())
    .addColumn('token_hash', 'text', (c) => c.unique())
    .addColumn('pdf', postgres ? sql`bytea` : 'blob')
    .addColumn('pdf_sha256', 'text')
    .addColumn('created_by', 'text')
    .addUniqueConstraint('quotations_revision_unique', ['series', 'sequence', 'revision'])
    .execute();
  await db.schema.createIndex('quotations_inquiry_idx').on('quotations').column('inquiry_id').execute();
  await db.schema.createIndex('quotations_created_idx').on('quotations').columns(['created_at', 'id']).execute();

  await db.schema.alterTable('outbox').addColumn('attachment_quotation_id', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('outbox').dropColumn('attachment_quotation_id').execute();
  await db.schema.dropTable('quotations').execute();
  await db.schema.dropTable('quotation_series').execute();
}
