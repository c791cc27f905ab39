import { describe, expect, it } from 'vitest';
import { type AmcStatus, currentAmcContract } from '@capstan/shared';
import {
  dateCellValue,
  languageCellValue,
  planInstallationImport,
  stateCellValue,
} from '../../src/modules/installations/installation-import-plan';
import type { InstallationRow } from '../../src/modules/installations/installations.repository';
import { installationSearch } from '../../src/modules/installations/installations.service';

// The pure parts of the register of installed machines (issue 40): what a cell of an import file
// means, what a search box's text looks for, and which contract a machine is under.

describe('cells of an import file', () => {
  it('reads dates as written, day first, or as the day numbers Excel keeps', () => {
    expect(dateCellValue('2026-04-10')).toBe('2026-04-10');
    expect(dateCellValue('2026-04-10T00:00:00Z')).toBe('2026-04-10');
    expect(dateCellValue('10-04-2026')).toBe('2026-04-10');
    expect(dateCellValue('1/4/2026')).toBe('2026-04-01');
    expect(dateCellValue('10.04.2026')).toBe('2026-04-10');
    expect(dateCellValue('46122')).toBe('2026-04-10');
    // No date anyone meant: left for the schema to refuse.
    expect(dateCellValue('12')).toBe('12');
    expect(dateCellValue('April 10')).toBe('April 10');
    expect(dateCellValue('')).toBe('');
  });

  it('reads a state as its GST code, a code a spreadsheet shortened, or its name', () => {
    expect(stateCellValue('33')).toBe('33');
    expect(stateCellValue('9')).toBe('09');
    expect(stateCellValue('tamil nadu')).toBe('33');
    expect(stateCellValue('Karnataka')).toBe('29');
    expect(stateCellValue(' தமிழ்நாடு ')).toBe('33');
    expect(stateCellValue('महाराष्ट्र')).toBe('27');
    expect(stateCellValue('Madras')).toBe('Madras');
  });

  it('reads a language as en, ta or hi or its English name; empty is English', () => {
    expect(languageCellValue('TA')).toBe('ta');
    expect(languageCellValue('Hindi')).toBe('hi');
    expect(languageCellValue('')).toBe('en');
    expect(languageCellValue('fr')).toBe('fr');
  });
});

describe('what a search looks for', () => {
  it('takes the text as a serial when it can be one, ignoring case and spaces', () => {
    expect(installationSearch(' kpm 2201 ')).toEqual({ serial: 'KPM2201', digits: null, text: 'kpm 2201' });
    expect(installationSearch('Sri Murugan')?.serial).toBe('SRIMURUGAN');
    expect(installationSearch('Murugan & Sons')?.serial).toBeNull();
    expect(installationSearch('  ')).toBeNull();
    expect(installationSearch(undefined)).toBeNull();
  });

  it('takes four digits or more written like a phone as a phone’s digits, the last ten of a longer number', () => {
    expect(installationSearch('+91 98430 12345')?.digits).toBe('9843012345');
    expect(installationSearch('098430-12345')?.digits).toBe('9843012345');
    expect(installationSearch('2345')?.digits).toBe('2345');
    expect(installationSearch('234')?.digits).toBeNull();
    expect(installationSearch('CL-2500')?.digits).toBeNull();
  });
});

describe('the contract a machine is under', () => {
  const contract = (startsOn: string, endsOn: string) => ({ startsOn, endsOn });
  const statusOf = (today: string, ...contracts: { startsOn: string; endsOn: string }[]) =>
    currentAmcContract(contracts, today);

  it('is the active one, the latest to start when two overlap', () => {
    const old = contract('2025-05-01', '2026-04-30');
    const renewal = contract('2026-04-15', '2027-04-14');
    expect(statusOf('2026-04-20', old, renewal)).toBe(renewal);
    expect(statusOf('2026-04-01', old, renewal)).toBe(old);
  });

  it('else the one that ends last: a renewal to come, or the last that expired; none without contracts', () => {
    const old = contract('2024-05-01', '2025-04-30');
    const later = contract('2025-05-01', '2026-04-30');
    const next: { startsOn: string; endsOn: string; status?: AmcStatus } = contract('2026-06-01', '2027-05-31');
    expect(statusOf('2026-05-15', old, later, next)).toBe(next);
    expect(statusOf('2026-05-15', later, old)).toBe(later);
    expect(statusOf('2026-05-15')).toBeNull();
  });
});

describe('a planned import', () => {
  const machine = { id: '0b0e6a4c-5f0e-4c1a-9a52-3a1f2d6b7c8e', code: 'CL-25', name: 'CL-25 Capstan Lathe' };
  const stored: InstallationRow = {
    id: 'a8c1b7e2-3d4f-4a5b-9c6d-7e8f9a0b1c2d',
    serial: 'KPM2201',
    machine_id: machine.id,
    model_name: machine.name,
    company: 'Velan Valves',
    contact_name: 'Priya',
    phone: '+91 94433 55667',
    phone_digits: '9443355667',
    email: null,
    gstin: null,
    state: '33',
    address: null,
    locale: 'en',
    invoice_number: null,
    invoice_date: null,
    commissioned_on: '2026-04-10',
    warranty_months: 24,
    warranty_ends_on: '2028-04-09',
    control_make: null,
    notes: null,
    created_at: '2026-04-10T05:00:00.000Z',
    updated_at: '2026-04-10T05:00:00.000Z',
    created_by: null,
  };
  const plan = (rows: string[][], header: string[], storedRows = [stored]) =>
    planInstallationImport({
      sheet: { header, rows: rows.map((cells, index) => ({ line: index + 2, cells })) },
      stored: storedRows,
      machines: [machine],
      defaultWarrantyMonths: 24,
    });

  it('matches a row to the machine by its serial, whatever the case and spaces', async () => {
    const { summary, writes } = await plan([['kpm 2201', 'Velan Valves Pvt Ltd']], ['Serial', 'Company']);
    expect(summary).toMatchObject({ update: 1, create: 0 });
    expect(writes[0]).toMatchObject({ id: stored.id, state: { serial: 'KPM2201', company: 'Velan Valves Pvt Ltd' } });
  });

  it('names a different plan once a machine the file names has been edited', async () => {
    const header = ['serial', 'notes'];
    const first = await plan([['KPM2201', 'Checked']], header);
    const again = await plan([['KPM2201', 'Checked']], header);
    const edited = await plan([['KPM2201', 'Checked']], header, [
      { ...stored, updated_at: '2026-05-01T00:00:00.000Z' },
    ]);
    expect(again.summary.planId).toBe(first.summary.planId);
    expect(edited.summary.planId).not.toBe(first.summary.planId);
  });
});
