import { randomUUID } from 'node:crypto';
import type { Insertable, Kysely } from 'kysely';
import { DEFAULT_WARRANTY_MONTHS, phoneDigits, type StaffRole, warrantyEndsOn } from '@capstan/shared';
import type {
  AmcContractsTable,
  Database,
  InstallationsTable,
  ServiceRequestsTable,
  UsersTable,
} from '../../src/db/schema';

/**
 * Rows of the installed base written straight into the database, for the reminders' tests and
 * their bench (which seeds 20,000 machines): what the register, AMC and service desk screens
 * would have stored, without going through them.
 */

const CREATED_AT = '2026-01-05T04:30:00.000Z';

export function installationRow(fields: Partial<InstallationsTable> & { serial: string }): InstallationsTable {
  const commissionedOn = fields.commissioned_on ?? '2025-01-10';
  const months = fields.warranty_months ?? DEFAULT_WARRANTY_MONTHS;
  const phone = fields.phone ?? '+91 98430 11111';
  return {
    id: randomUUID(),
    machine_id: 'machine-np38',
    model_name: 'NP-38 All-Geared Capstan Lathe',
    company: 'Sri Murugan Engineering Works',
    contact_name: 'Ramesh Kumar',
    phone,
    phone_digits: phoneDigits(phone),
    email: 'ramesh@murugan-engg.in',
    gstin: null,
    state: '33',
    address: '22, Avinashi Road, Peelamedu, Coimbatore 641004',
    locale: 'en',
    invoice_number: null,
    invoice_date: null,
    commissioned_on: commissionedOn,
    warranty_months: months,
    warranty_ends_on: warrantyEndsOn(commissionedOn, months),
    control_make: null,
    notes: null,
    created_at: CREATED_AT,
    updated_at: CREATED_AT,
    created_by: null,
    ...fields,
  };
}

export function contractRow(
  installationId: string,
  fields: Partial<AmcContractsTable> & { ends_on: string },
): AmcContractsTable {
  return {
    id: randomUUID(),
    installation_id: installationId,
    starts_on: fields.starts_on ?? `${Number(fields.ends_on.slice(0, 4)) - 1}${fields.ends_on.slice(4)}`,
    visits_included: 4,
    value_paise: 4_500_000,
    notes: null,
    created_at: CREATED_AT,
    updated_at: CREATED_AT,
    created_by: null,
    ...fields,
  };
}

export function staffRow(email: string, role: StaffRole, fields: Partial<UsersTable> = {}): UsersTable {
  return {
    id: randomUUID(),
    email,
    username: email.split('@')[0] ?? 'staff',
    // Never signed in with: these accounts only receive email.
    password_hash: 'not-a-password',
    created_at: CREATED_AT,
    disabled_at: null,
    password_changed_at: null,
    totp_secret: null,
    totp_enabled_at: null,
    totp_last_step: null,
    role,
    locale: null,
    last_sign_in_at: null,
    ...fields,
  };
}

export function serviceRequestRow(
  fields: Partial<ServiceRequestsTable> & { reference: string; serial: string },
): ServiceRequestsTable {
  const phone = fields.phone ?? '+91 94430 55555';
  return {
    id: randomUUID(),
    installation_id: null,
    name: 'Ramesh Kumar',
    phone,
    phone_digits: phoneDigits(phone),
    email: null,
    symptom: 'Spindle makes a grinding noise above 1,200 rpm.',
    machine_down: 0,
    preferred_date: null,
    status: 'scheduled',
    assignee_id: null,
    visit_on: null,
    locale: 'en',
    report: null,
    report_pdf: null,
    report_pdf_sha256: null,
    ip: null,
    created_at: CREATED_AT,
    updated_at: CREATED_AT,
    closed_at: null,
    ...fields,
  };
}

const BATCH = 500;

/** Inserts rows by the batch (SQLite and PostgreSQL both take 500 rows of these widths in one statement). */
export async function insertRows<T extends 'installations' | 'amc_contracts' | 'users' | 'service_requests'>(
  db: Kysely<Database>,
  table: T,
  rows: readonly Insertable<Database[T]>[],
): Promise<void> {
  for (let start = 0; start < rows.length; start += BATCH) {
    await db
      .insertInto(table)
      .values(rows.slice(start, start + BATCH) as never)
      .execute();
  }
}
