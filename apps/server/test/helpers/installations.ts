import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import {
  gstinCheckCharacter,
  type InstallationDetail,
  type InstallationFormValues,
  phoneDigits,
  warrantyEndsOn,
} from '@capstan/shared';
import type { DialectName } from '../../src/db/database';
import type { Database } from '../../src/db/schema';
import {
  refreshInstallationSearch,
  insertInstallations,
  type InstallationRow,
} from '../../src/modules/installations/installations.repository';
import { multipart } from './multipart';
import { bearer, type TestApp } from './test-app';

/** A Tamil Nadu GSTIN whose check character is right. */
export const TN_GSTIN = `33AABCS1429B1Z${gstinCheckCharacter('33AABCS1429B1Z')}`;

/** A valid `POST /api/installations` body for a machine of the catalogue; overrides replace whole fields. */
export function installationBody(
  machineId: string,
  overrides: Partial<InstallationFormValues> = {},
): InstallationFormValues {
  return {
    serial: 'KPM-2201',
    machineId,
    customer: {
      company: 'Sri Murugan Engineering Works',
      contactName: 'R. Senthil Kumar',
      phone: '+91 98430 12345',
      email: 'senthil@murugan-engg.example',
      gstin: TN_GSTIN,
      state: '33',
      address: 'SIDCO Industrial Estate, Kurichi, Coimbatore 641021',
      language: 'ta',
    },
    invoiceNumber: 'KPM/INV/2026-27/0042',
    invoiceDate: '2026-04-02',
    commissionedOn: '2026-04-10',
    warrantyMonths: 24,
    controlMake: 'Fanuc',
    notes: 'Bar feeder fitted at commissioning.',
    ...overrides,
  };
}

export async function createInstallation(
  t: TestApp,
  token: string,
  body: InstallationFormValues,
): Promise<InstallationDetail> {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/installations',
    headers: bearer(token),
    payload: body,
  });
  if (response.statusCode !== 201) throw new Error(`create installation: ${response.statusCode} ${response.body}`);
  return response.json<InstallationDetail>();
}

/** Sends a file to `POST /api/installations/import` in the given mode. */
export async function importInstallations(
  t: TestApp,
  token: string,
  file: { name: string; data: Buffer | string; type?: string },
  query: { mode: 'preview' | 'apply' | 'valid-rows'; planId?: string },
) {
  const data = typeof file.data === 'string' ? Buffer.from(file.data, 'utf8') : file.data;
  const body = await multipart({}, [{ name: file.name, type: file.type ?? 'text/csv', data }], 'file');
  const params = new URLSearchParams({ mode: query.mode, ...(query.planId ? { planId: query.planId } : {}) });
  return t.app.inject({
    method: 'POST',
    url: `/api/installations/import?${params.toString()}`,
    payload: body.payload,
    headers: { ...body.headers, ...bearer(token) },
  });
}

const COMPANIES = [
  'Sri Murugan Engineering Works',
  'Kovai Auto Components',
  'Annapoorna Precision Turned Parts',
  'Lakshmi Machine Works Vendor Unit',
  'Rao Auto Components',
  'Shakti Pumps Spares',
  'Ganesh Fasteners',
  'Velan Valves',
] as const;
const CONTACTS = ['R. Senthil Kumar', 'Manjunath Rao', 'Priya Natarajan', 'Arjun Mehta', 'Fatima Begum'] as const;

export interface SeededInstallation {
  id: string;
  serial: string;
  phone: string;
  company: string;
}

/**
 * Fills the register with `count` machines of one catalogue model, straight into the table (many
 * rows to a statement): for the search budget's measurements and the bench. Serials are
 * `SEED-000001`…, phones `+91 9<9 digits>` from the row number, so a test knows what to search for.
 * The model is `machine`, else the first machine of the catalogue.
 */
export async function seedInstallations(
  db: Kysely<Database>,
  count: number,
  options: {
    machine?: { id: string; name: string };
    prefix?: string;
    start?: number;
    /** Given, the search indexes and statistics are refreshed after, as an import of as many rows does. */
    dialect?: DialectName;
  } = {},
): Promise<SeededInstallation[]> {
  const machine =
    options.machine ??
    (await db
      .selectFrom('items')
      .select(['id', 'name'])
      .where('kind', '=', 'machine')
      .orderBy('id')
      .executeTakeFirst());
  if (!machine) throw new Error('seedInstallations needs a machine in the catalogue (or options.machine)');
  const prefix = options.prefix ?? 'SEED';
  const start = options.start ?? 1;
  const base = Date.UTC(2020, 0, 1);
  const rows: InstallationRow[] = [];
  for (let n = start; n < start + count; n++) {
    const commissionedOn = new Date(base + (n % 2000) * 86_400_000).toISOString().slice(0, 10);
    const phone = `+91 9${String(n).padStart(9, '0')}`;
    const at = new Date(base + n * 60_000).toISOString();
    rows.push({
      id: randomUUID(),
      serial: `${prefix}-${String(n).padStart(6, '0')}`,
      machine_id: machine.id,
      model_name: machine.name,
      company: `${COMPANIES[n % COMPANIES.length]} ${Math.floor(n / COMPANIES.length)}`,
      contact_name: CONTACTS[n % CONTACTS.length] ?? 'R. Senthil Kumar',
      phone,
      phone_digits: phoneDigits(phone),
      email: `buyer${n}@example.com`,
      gstin: null,
      state: '33',
      address: 'Coimbatore',
      locale: 'en',
      invoice_number: `INV-${n}`,
      invoice_date: commissionedOn,
      commissioned_on: commissionedOn,
      warranty_months: 24,
      warranty_ends_on: warrantyEndsOn(commissionedOn, 24),
      control_make: n % 3 === 0 ? 'Fanuc' : null,
      notes: null,
      created_at: at,
      updated_at: at,
      created_by: null,
    });
  }
  await insertInstallations(db, rows);
  if (options.dialect) await refreshInstallationSearch(db, options.dialect);
  return rows.map((row) => ({ id: row.id, serial: row.serial, phone: row.phone, company: row.company }));
}
