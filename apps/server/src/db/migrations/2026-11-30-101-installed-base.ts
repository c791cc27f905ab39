import { type Kysely, PostgresAdapter, sql } from 'kysely';

// Frozen: never edit a migration that has shipped; add a new one. Runs on SQLite and PostgreSQL.
/* eslint-disable @typescript-eslint/no-explicit-any -- migrations must not depend on today's schema types */

/**
 * After the sale (issue 40): the register of installed machines, their AMC contracts and visits,
 * service requests with their timeline and photos, the buyers' one-time codes and sessions of
 * "My machine", and the reminders already sent.
 *
 * - `installations.serial` is kept in capitals (normalizeSerial) and unique; `phone_digits` is the
 *   phone's last ten digits, what the buyer's lookup and staff search match. `model_name` is the
 *   catalogue machine's English name when last saved, shown if the machine leaves the catalogue.
 * - Booleans are integers (0/1) as elsewhere; money in paise (bigint); days are YYYY-MM-DD text.
 * - `service_request_series` holds the last sequence per calendar year (`SR-2026-00017`), bumped
 *   with an upsert inside the request's write transaction, as quotation numbers are.
 * - Photos are rows of `images` with `service_request_id` set (the image pipeline's variants).
 * - `outbox.attachment_service_request_id` names the request whose stored report PDF goes with an email.
 * - `service_reminders` makes each reminder once: its key (kind, subject, due day) is unique, and
 *   the row is inserted in the same transaction as the email it queues.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  const bytes = postgres ? sql`bytea` : 'blob';

  await db.schema
    .createTable('installations')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('serial', 'text', (c) => c.notNull().unique())
    .addColumn('machine_id', 'text', (c) => c.notNull())
    .addColumn('model_name', 'text', (c) => c.notNull())
    .addColumn('company', 'text', (c) => c.notNull())
    .addColumn('contact_name', 'text', (c) => c.notNull())
    .addColumn('phone', 'text', (c) => c.notNull())
    .addColumn('phone_digits', 'text', (c) => c.notNull())
    .addColumn('email', 'text')
    .addColumn('gstin', 'text')
    .addColumn('state', 'text')
    .addColumn('address', 'text')
    .addColumn('locale', 'text', (c) => c.notNull().defaultTo('en'))
    .addColumn('invoice_number', 'text')
    .addColumn('invoice_date', 'text')
    .addColumn('commissioned_on', 'text', (c) => c.notNull())
    .addColumn('warranty_months', 'integer', (c) => c.notNull())
    .addColumn('warranty_ends_on', 'text', (c) => c.notNull())
    .addColumn('control_make', 'text')
    .addColumn('notes', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addColumn('created_by', 'text')
    .execute();
  await db.schema.createIndex('installations_phone_idx').on('installations').column('phone_digits').execute();
  await db.schema.createIndex('installations_machine_idx').on('installations').column('machine_id').execute();
  await db.schema.createIndex('installations_warranty_idx').on('installations').column('warranty_ends_on').execute();
  await db.schema.createIndex('installations_created_idx').on('installations').columns(['created_at', 'id']).execute();
  if (postgres) {
    // Staff search the register by any part of a phone, company, contact or model and by a serial's
    // start (`like '%…%'`, `like 'X%'`): trigram indexes serve each, so a search reads the matches
    // only (reading the table with ILIKE takes tens of milliseconds at 20,000 machines). SQLite has
    // no such index: it reads the table, a few milliseconds at 20,000 machines.
    await sql`create extension if not exists pg_trgm`.execute(db);
    for (const column of ['serial', 'phone_digits', 'company', 'contact_name', 'model_name']) {
      const index = sql.id(`installations_${column}_trgm`);
      await sql`create index ${index} on installations using gin (${sql.ref(column)} gin_trgm_ops)`.execute(db);
    }
  }

  await db.schema
    .createTable('amc_contracts')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('installation_id', 'text', (c) => c.notNull().references('installations.id'))
    .addColumn('starts_on', 'text', (c) => c.notNull())
    .addColumn('ends_on', 'text', (c) => c.notNull())
    .addColumn('visits_included', 'integer', (c) => c.notNull())
    .addColumn('value_paise', 'bigint')
    .addColumn('notes', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addColumn('created_by', 'text')
    .execute();
  await db.schema.createIndex('amc_contracts_installation_idx').on('amc_contracts').column('installation_id').execute();
  await db.schema.createIndex('amc_contracts_ends_idx').on('amc_contracts').column('ends_on').execute();

  await db.schema
    .createTable('amc_visits')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('contract_id', 'text', (c) => c.notNull().references('amc_contracts.id'))
    .addColumn('visited_on', 'text', (c) => c.notNull())
    .addColumn('engineer_id', 'text')
    .addColumn('engineer_name', 'text', (c) => c.notNull())
    .addColumn('notes', 'text')
    /** JSON text: PartUsed[]. */
    .addColumn('parts_used', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('created_by', 'text')
    .execute();
  await db.schema.createIndex('amc_visits_contract_idx').on('amc_visits').column('contract_id').execute();

  await db.schema
    .createTable('service_request_series')
    .addColumn('series', 'text', (c) => c.primaryKey())
    .addColumn('last_sequence', 'integer', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('service_requests')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('reference', 'text', (c) => c.notNull().unique())
    .addColumn('installation_id', 'text', (c) => c.references('installations.id'))
    .addColumn('serial', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('phone', 'text', (c) => c.notNull())
    .addColumn('phone_digits', 'text', (c) => c.notNull())
    .addColumn('email', 'text')
    .addColumn('symptom', 'text', (c) => c.notNull())
    .addColumn('machine_down', 'integer', (c) => c.notNull())
    .addColumn('preferred_date', 'text')
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('assignee_id', 'text')
    .addColumn('visit_on', 'text')
    .addColumn('locale', 'text', (c) => c.notNull())
    /** JSON text: ServiceReport, set on closing. */
    .addColumn('report', 'text')
    .addColumn('report_pdf', bytes)
    .addColumn('report_pdf_sha256', 'text')
    .addColumn('ip', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addColumn('closed_at', 'text')
    .execute();
  await db.schema
    .createIndex('service_requests_installation_idx')
    .on('service_requests')
    .column('installation_id')
    .execute();
  await db.schema.createIndex('service_requests_serial_idx').on('service_requests').column('serial').execute();
  await db.schema
    .createIndex('service_requests_status_idx')
    .on('service_requests')
    .columns(['status', 'created_at'])
    .execute();
  await db.schema
    .createIndex('service_requests_visit_idx')
    .on('service_requests')
    .columns(['visit_on', 'assignee_id'])
    .execute();
  await db.schema
    .createIndex('service_requests_created_idx')
    .on('service_requests')
    .columns(['created_at', 'id'])
    .execute();

  await db.schema
    .createTable('service_request_events')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('request_id', 'text', (c) => c.notNull().references('service_requests.id'))
    .addColumn('at', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('status', 'text')
    .addColumn('actor_id', 'text')
    .addColumn('detail', 'text')
    .execute();
  await db.schema
    .createIndex('service_request_events_request_idx')
    .on('service_request_events')
    .columns(['request_id', 'at'])
    .execute();

  await db.schema.alterTable('images').addColumn('service_request_id', 'text').execute();
  await db.schema.createIndex('images_service_request_idx').on('images').column('service_request_id').execute();
  await db.schema.alterTable('outbox').addColumn('attachment_service_request_id', 'text').execute();

  await db.schema
    .createTable('my_machine_codes')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('installation_id', 'text', (c) => c.notNull().references('installations.id'))
    .addColumn('code_hash', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('my_machine_codes_installation_idx')
    .on('my_machine_codes')
    .column('installation_id')
    .execute();

  await db.schema
    .createTable('my_machine_sessions')
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('installation_id', 'text', (c) => c.notNull().references('installations.id'))
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('service_reminders')
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('subject_id', 'text', (c) => c.notNull())
    .addColumn('due_on', 'text', (c) => c.notNull())
    .addColumn('sent_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('service_reminders_pk', ['kind', 'subject_id', 'due_on'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('service_reminders').execute();
  await db.schema.dropTable('my_machine_sessions').execute();
  await db.schema.dropTable('my_machine_codes').execute();
  await db.schema.alterTable('outbox').dropColumn('attachment_service_request_id').execute();
  await db.schema.dropIndex('images_service_request_idx').execute();
  await db.schema.alterTable('images').dropColumn('service_request_id').execute();
  await db.schema.dropTable('service_request_events').execute();
  await db.schema.dropTable('service_requests').execute();
  await db.schema.dropTable('service_request_series').execute();
  await db.schema.dropTable('amc_visits').execute();
  await db.schema.dropTable('amc_contracts').execute();
  await db.schema.dropTable('installations').execute();
}
