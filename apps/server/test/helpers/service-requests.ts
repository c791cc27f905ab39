import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { type CreateServiceRequestResponse, phoneDigits, warrantyEndsOn } from '@capstan/shared';
import type { InstallationsTable } from '../../src/db/schema';
import type { ReceivedMail } from './smtp';
import type { TestApp } from './test-app';

/** A machine of the register, written straight to its table (the register's own API is tested elsewhere). */
export async function insertInstallation(
  t: TestApp,
  machineId: string,
  overrides: Partial<InstallationsTable> = {},
): Promise<InstallationsTable> {
  const at = new Date().toISOString();
  const commissionedOn = overrides.commissioned_on ?? '2026-04-10';
  const row: InstallationsTable = {
    id: randomUUID(),
    serial: 'KPM2201/7',
    machine_id: machineId,
    model_name: 'CL-25 All-Geared Capstan Lathe',
    company: 'Sri Murugan Auto Components',
    contact_name: 'Senthil Kumar',
    phone: '+91 98430 12345',
    phone_digits: phoneDigits(overrides.phone ?? '+91 98430 12345'),
    email: 'stores@murugan-auto.example.in',
    gstin: null,
    state: '33',
    address: 'SIDCO Industrial Estate, Kurichi, Coimbatore 641021',
    locale: 'ta',
    invoice_number: 'KPM/INV/2026/114',
    invoice_date: '2026-03-28',
    commissioned_on: commissionedOn,
    warranty_months: 24,
    warranty_ends_on: warrantyEndsOn(commissionedOn, 24),
    control_make: 'None',
    notes: null,
    created_at: at,
    updated_at: at,
    created_by: null,
    ...overrides,
  };
  await t.ctx.db.insertInto('installations').values(row).execute();
  return row;
}

export const requestFields = (overrides: Record<string, unknown> = {}): Record<string, unknown> => ({
  serial: 'kpm 2201/7',
  phone: '098430 12345',
  name: 'Senthil Kumar',
  email: 'senthil@murugan-auto.example.in',
  symptom: 'Spindle stops under load; the clutch slips after ten minutes.',
  machineDown: true,
  preferredDate: '2026-12-10',
  locale: 'ta',
  ...overrides,
});

/** `POST /api/service-requests` as JSON from `remoteAddress` (each address has its own allowance). */
export function raiseRequest(app: FastifyInstance, payload: Record<string, unknown>, remoteAddress = '203.0.113.10') {
  return app.inject({ method: 'POST', url: '/api/service-requests', payload, remoteAddress });
}

export async function raisedReference(
  app: FastifyInstance,
  payload: Record<string, unknown>,
  remoteAddress?: string,
): Promise<string> {
  const response = await raiseRequest(app, payload, remoteAddress);
  if (response.statusCode !== 201) throw new Error(`raise: ${response.statusCode} ${response.body}`);
  return response.json<CreateServiceRequestResponse>().reference;
}

/** The attachments of a MIME message nodemailer wrote: each part's type, file name and bytes (base64 decoded). */
export function attachments(raw: string): { type: string; filename: string; bytes: Buffer }[] {
  const found: { type: string; filename: string; bytes: Buffer }[] = [];
  for (const part of raw.split(/\r?\n--[^\r\n]+/)) {
    const [head = '', ...rest] = part.split(/\r?\n\r?\n/);
    if (!/Content-Disposition:\s*attachment/i.test(head)) continue;
    const unfolded = head.replace(/\r?\n[ \t]+/g, ' ');
    found.push({
      type: /Content-Type:\s*([^;\r\n]+)/i.exec(unfolded)?.[1]?.trim() ?? '',
      filename: /filename="?([^";\r\n]+)"?/i.exec(unfolded)?.[1] ?? '',
      bytes: Buffer.from(rest.join('\n\n').replace(/\s+/g, ''), 'base64'),
    });
  }
  return found;
}

/** A message's subject, unfolded and decoded from MIME encoded-words (UTF-8, base64 or Q). */
export function subjectOf(mail: ReceivedMail): string {
  const raw = /^Subject: (.*(?:\r?\n[ \t].*)*)/m.exec(mail.raw)?.[1] ?? '';
  return raw
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/\r?\n[ \t]+/g, ' ')
    .replace(/=\?utf-8\?([bq])\?([^?]*)\?=/gi, (_match, encoding: string, text: string) =>
      encoding.toLowerCase() === 'b'
        ? Buffer.from(text, 'base64').toString('utf8')
        : Buffer.from(
            text
              .replace(/_/g, ' ')
              .replace(/=([0-9A-F]{2})/gi, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16))),
            'latin1',
          ).toString('utf8'),
    );
}
