import type { Kysely } from 'kysely';

// Frozen: never edit a migration that has shipped; add a new one. Runs on SQLite and PostgreSQL.
/* eslint-disable @typescript-eslint/no-explicit-any -- migrations must not depend on today's schema types */

/**
 * Inquiry references and the email outbox (decision 021). Every inquiry gets a reference `KPM-YYYY-NNNNN`, numbered per year
 * from `inquiry_reference_counters` (one row a year, bumped with an upsert inside the inquiry's
 * write transaction, so two processes never hand out the same number). Emails wait in `outbox`,
 * written in that same transaction and sent by the mail worker.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('inquiry_reference_counters')
    .addColumn('year', 'integer', (c) => c.primaryKey())
    .addColumn('last_number', 'integer', (c) => c.notNull())
    .execute();

  await db.schema.alterTable('inquiries').addColumn('reference', 'text').execute();

  // Inquiries stored before references existed get theirs now, in the order they arrived.
  const rows = await db
    .selectFrom('inquiries')
    .select(['id', 'created_at'])
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  const counters = new Map<number, number>();
  for (const row of rows as { id: string; created_at: string }[]) {
    // The year in India (UTC+5:30), as new references count it.
    const year = new Date(Date.parse(row.created_at) + 330 * 60 * 1000).getUTCFullYear();
    const number = (counters.get(year) ?? 0) + 1;
    counters.set(year, number);
    await db
      .updateTable('inquiries')
      .set({ reference: `KPM-${year}-${String(number).padStart(5, '0')}` })
      .where('id', '=', row.id)
      .execute();
  }
  for (const [year, last] of counters) {
    await db.insertInto('inquiry_reference_counters').values({ year, last_number: last }).execute();
  }
  await db.schema.createIndex('inquiries_reference_idx').on('inquiries').column('reference').unique().execute();

  await db.schema
    .createTable('outbox')
    .addColumn('id', 'text', (c) => c.primaryKey())
    /** 'inquiry.staff' | 'inquiry.acknowledgement' */
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('inquiry_id', 'text', (c) => c.references('inquiries.id').onDelete('set null'))
    /** JSON array of addresses. */
    .addColumn('recipients', 'text', (c) => c.notNull())
    .addColumn('reply_to', 'text')
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('text_body', 'text', (c) => c.notNull())
    .addColumn('html_body', 'text', (c) => c.notNull())
    /** 'pending' | 'sending' | 'sent' | 'failed' */
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('next_attempt_at', 'text', (c) => c.notNull())
    /** While 'sending': the claim expires then, and another worker may take the message over. */
    .addColumn('lease_until', 'text')
    .addColumn('last_error', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('sent_at', 'text')
    .execute();
  await db.schema.createIndex('outbox_status_next_idx').on('outbox').columns(['status', 'next_attempt_at']).execute();
  await db.schema.createIndex('outbox_inquiry_idx').on('outbox').column('inquiry_id').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('outbox').execute();
  await db.schema.dropIndex('inquiries_reference_idx').execute();
  await db.schema.alterTable('inquiries').dropColumn('reference').execute();
  await db.schema.dropTable('inquiry_reference_counters').execute();
}
