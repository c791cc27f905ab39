import type { Kysely } from 'kysely';

// Frozen: never edit a migration that has shipped; add a new one. Runs on SQLite and PostgreSQL.
/* eslint-disable @typescript-eslint/no-explicit-any -- migrations must not depend on today's schema types */

/**
 * The inbox as a workflow (decision 021): staff notes on an inquiry, who looks after
 * it and on which day to follow it up. `follow_up_on` is a calendar day (YYYY-MM-DD, India's), so
 * "overdue" compares text with today's date there.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('inquiries')
    .addColumn('assignee_id', 'text', (c) => c.references('users.id').onDelete('set null'))
    .execute();
  await db.schema.alterTable('inquiries').addColumn('follow_up_on', 'text').execute();
  await db.schema.createIndex('inquiries_assignee_idx').on('inquiries').column('assignee_id').execute();
  await db.schema.createIndex('inquiries_follow_up_idx').on('inquiries').column('follow_up_on').execute();

  await db.schema
    .createTable('inquiry_notes')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('inquiry_id', 'text', (c) => c.notNull().references('inquiries.id').onDelete('cascade'))
    .addColumn('text', 'text', (c) => c.notNull())
    /** Who wrote it: the account (kept null if it is deleted) and its email then. */
    .addColumn('author_id', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('author_email', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('inquiry_notes_inquiry_idx')
    .on('inquiry_notes')
    .columns(['inquiry_id', 'created_at'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('inquiry_notes').execute();
  await db.schema.dropIndex('inquiries_follow_up_idx').execute();
  await db.schema.dropIndex('inquiries_assignee_idx').execute();
  await db.schema.alterTable('inquiries').dropColumn('follow_up_on').execute();
  await db.schema.alterTable('inquiries').dropColumn('assignee_id').execute();
}
