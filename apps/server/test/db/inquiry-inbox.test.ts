import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Inquiry, InquiryNote } from '@capstan/shared';
import type { KyselyPlugin } from 'kysely';
import { buildApp } from '../../src/app';
import { CSV_CELL_MAX, notesCell } from '../../src/modules/inquiries/inquiries-csv';
import { ADMIN_EMAIL, bearer, createTestApp, type TestApp } from '../helpers/test-app';

let t: TestApp;
let token: string;

let nextAddress = 1;
async function send(overrides: Record<string, unknown>) {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/inquiries',
    remoteAddress: `10.70.0.${nextAddress++}`,
    payload: {
      firstName: 'Ravi',
      lastName: 'Kumar',
      email: 'ravi@example.in',
      phone: '+91 98765 43210',
      message: 'Please quote.',
      ...overrides,
    },
  });
  expect(response.statusCode).toBe(201);
  return response.json<{ id: string; reference: string }>();
}

/** The cells of a CSV text (RFC 4180: quoted fields, doubled quotes, line breaks inside quotes). */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const char = text[i];
    if (quoted) {
      if (char === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (char === '"') quoted = false;
      else field += char;
    } else if (char === '"') quoted = true;
    else if (char === ',') {
      row.push(field);
      field = '';
    } else if (char === '\r' && text[i + 1] === '\n') {
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
      i++;
    } else field += char;
  }
  return rows;
}

const NOTE_WITH_EVERYTHING = 'Called, "very keen" on CL-25;\nவாடிக்கையாளர் அடுத்த வாரம் வருவார்';
const FORMULA_NOTE = "=cmd|' /C calc'!A0";
let asha: { id: string; reference: string };

beforeAll(async () => {
  t = await createTestApp();
  token = await t.login();
  asha = await send({ firstName: 'Asha', lastName: 'Nair', email: 'asha@nair.example', message: 'Two lathes' });
  // Assigned, with a follow-up day and two notes (written a minute apart, so their order is known).
  const staff = await t.app.inject({ method: 'GET', url: '/api/inquiries/assignees', headers: bearer(token) });
  const me = staff.json<{ id: string; email: string }[]>().find((s) => s.email === ADMIN_EMAIL);
  const assign = await t.app.inject({
    method: 'PUT',
    url: `/api/inquiries/${asha.id}`,
    headers: bearer(token),
    payload: { assigneeId: me?.id, followUpOn: '2026-12-01' },
  });
  expect(assign.statusCode, assign.body).toBe(200);
  for (const [text, at] of [
    [NOTE_WITH_EVERYTHING, '2026-11-20T04:30:00.000Z'], // 20 Nov 2026, 10:00 am IST
    [FORMULA_NOTE, '2026-11-21T09:45:00.000Z'], // 21 Nov 2026, 3:15 pm IST
  ] as const) {
    const note = await t.app.inject({
      method: 'POST',
      url: `/api/inquiries/${asha.id}/notes`,
      headers: bearer(token),
      payload: { text },
    });
    expect(note.statusCode, note.body).toBe(201);
    await t.ctx.db.updateTable('inquiry_notes').set({ created_at: at }).where('text', '=', text).execute();
  }
  await send({ firstName: 'முருகன்', lastName: 'செல்வம்', message: 'இரண்டு லேத் இயந்திரங்கள் வேண்டும்' });
  await send({ phone: '044-2345 6789', product: 'CL-25 Capstan Lathe', message: '=HYPERLINK("http://x.example")' });
  await send({ message: 'Discount of 50%_off, "quoted", with, commas\nand a second line' });
  // One older inquiry, received on 1 November (India), and one closed.
  const old = await send({ firstName: 'Old', message: 'From November' });
  await t.ctx.db
    .updateTable('inquiries')
    .set({ created_at: '2026-10-31T20:00:00.000Z' }) // 1 Nov 2026, 1:30 AM IST
    .where('id', '=', old.id)
    .execute();
  const closed = await send({ firstName: 'Closed', message: 'Done deal' });
  await t.ctx.db.updateTable('inquiries').set({ status: 'closed' }).where('id', '=', closed.id).execute();
});
afterAll(async () => t.close());

const list = async (query: string) => {
  const response = await t.app.inject({ method: 'GET', url: `/api/inquiries${query}`, headers: bearer(token) });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<Inquiry[]>().map((i) => i.firstName);
};

describe('GET /api/inquiries filters in the database', () => {
  it('searches name, email, phone, message, product and reference, case-insensitively, every word', async () => {
    expect(await list('?q=asha')).toEqual(['Asha']);
    expect(await list('?q=ASHA%20NAIR')).toEqual(['Asha']);
    expect(await list('?q=nair.example')).toEqual(['Asha']);
    expect(await list('?q=2345%206789')).toEqual(['Ravi']);
    expect(await list('?q=cl-25')).toEqual(['Ravi']);
    expect(await list(`?q=${encodeURIComponent('லேத்')}`)).toEqual(['முருகன்']);
    expect(await list('?q=KPM-')).toHaveLength(6);
    // % and _ are letters here, not wildcards.
    expect(await list('?q=50%25_off')).toEqual(['Ravi']);
    expect(await list('?q=5%25')).toEqual([]);
    expect(await list('?q=nobody')).toEqual([]);
  });

  it('filters by status and by the days received (India time, both days included)', async () => {
    expect(await list('?status=closed')).toEqual(['Closed']);
    expect(await list('?status=new')).not.toContain('Closed');
    expect(await list('?from=2026-11-01&to=2026-11-01')).toEqual(['Old']);
    expect(await list('?to=2026-10-31')).toEqual([]);
    expect(await list('?from=2026-11-02')).not.toContain('Old');
  });

  it('refuses a bad query with a clear message', async () => {
    for (const query of ['?status=lost', '?from=yesterday', '?from=2026-11-05&to=2026-11-01', '?sort=name']) {
      const response = await t.app.inject({ method: 'GET', url: `/api/inquiries${query}`, headers: bearer(token) });
      expect(response.statusCode, query).toBe(400);
      expect(response.json<{ message: string }>().message).toBeTruthy();
    }
    const dates = await t.app.inject({
      method: 'GET',
      url: '/api/inquiries?from=2026-11-05&to=2026-11-01',
      headers: bearer(token),
    });
    expect(dates.body).toContain('The start date must be on or before the end date');
  });
});

describe('GET /api/inquiries/export (CSV for Excel)', () => {
  it('is UTF-8 with a BOM and CRLF, quotes every field, guards formulas and keeps Tamil intact', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/inquiries/export', headers: bearer(token) });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename="inquiries-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const bytes = response.rawPayload;
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = bytes.toString('utf8').slice(1);
    expect(text.endsWith('\r\n')).toBe(true);
    const lines = text.split('\r\n');
    expect(lines[0]).toBe(
      '"Reference","Received (IST)","Status","First name","Last name","Email","Phone","Service","Product","Items","Message",' +
        '"Assigned to","Follow up on","Notes"',
    );
    expect(text).toContain('"முருகன்","செல்வம்"');
    expect(text).toContain('"இரண்டு லேத் இயந்திரங்கள் வேண்டும்"');
    // A formula becomes text; a phone number stays as the buyer typed it (no apostrophe shown in Excel).
    expect(text).toContain(`"'=HYPERLINK(""http://x.example"")"`);
    expect(text).toContain(`"+91 98765 43210"`);
    expect(text).not.toContain(`"'+91`);
    // Quotes doubled; the line break stays inside its quoted cell.
    expect(text).toContain('"Discount of 50%_off, ""quoted"", with, commas\nand a second line"');
    expect(lines.filter((line) => line.startsWith('"KPM-'))).toHaveLength(6);
  });

  it('adds who looks after each inquiry, its follow-up day and all its notes, newest first, in one cell', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/inquiries/export', headers: bearer(token) });
    const rows = parseCsv(response.rawPayload.toString('utf8').slice(1));
    const [header, ...inquiries] = rows;
    expect(header?.slice(-3)).toEqual(['Assigned to', 'Follow up on', 'Notes']);
    // Every row has every column: no note's comma, quote or line break leaked out of its cell.
    expect(inquiries).toHaveLength(6);
    for (const row of inquiries) expect(row).toHaveLength(header?.length ?? 0);
    const row = inquiries.find((cells) => cells[0] === asha.reference);
    const cell = (name: string) => row?.[header?.indexOf(name) ?? -1];
    expect(cell('Assigned to')).toBe(ADMIN_EMAIL);
    expect(cell('Follow up on')).toBe('2026-12-01');
    expect(cell('Notes')).toBe(
      `21 Nov 2026, 3:15 pm — ${ADMIN_EMAIL}: ${FORMULA_NOTE}\n` +
        `20 Nov 2026, 10:00 am — ${ADMIN_EMAIL}: ${NOTE_WITH_EVERYTHING}`,
    );
    // The formula-looking note cannot run: the cell starts with its date, not with "=".
    expect(cell('Notes')).toMatch(/^\d/);
    // An inquiry nobody looks after has empty cells, not "null".
    const other = inquiries.find((cells) => cells[3] === 'Old');
    expect(other?.slice(-3)).toEqual(['', '', '']);
  });

  it('reads the notes of all exported inquiries in one batch, not one query per row', async () => {
    // The same database seen through a plugin that counts the queries naming the notes table.
    let noteQueries = 0;
    const counting: KyselyPlugin = {
      transformQuery: ({ node }) => {
        if (JSON.stringify(node).includes('"inquiry_notes"')) noteQueries++;
        return node;
      },
      transformResult: async ({ result }) => result,
    };
    const app = await buildApp({
      config: t.config,
      database: { ...t.database, db: t.database.db.withPlugin(counting) },
    });
    try {
      const response = await app.inject({ method: 'GET', url: '/api/inquiries/export', headers: bearer(token) });
      expect(response.statusCode).toBe(200);
      expect(response.body.split('\r\n').filter((line) => line.startsWith('"KPM-'))).toHaveLength(6);
      expect(noteQueries).toBe(1);
    } finally {
      await app.close();
    }
  });

  it('guards a notes cell that starts like a formula and keeps it within what Excel holds in one cell', () => {
    const note = (text: string, minute: number): InquiryNote => ({
      id: String(minute),
      text,
      author: '@staff.example',
      createdAt: new Date(Date.UTC(2026, 10, 20, 4, 30 + minute)).toISOString(),
    });
    const notes = Array.from({ length: 40 }, (_, i) => note(`${'அ'.repeat(1990)} ${i}`, 40 - i));
    const cell = notesCell(notes);
    expect(cell.length).toBeLessThanOrEqual(CSV_CELL_MAX - 1);
    const lines = cell.split('\n');
    // Newest first; the oldest give way, and the last line says how many are not shown.
    expect(lines[0]).toMatch(/ 0$/);
    expect(lines.at(-1)).toBe(`… ${40 - (lines.length - 1)} older notes: see the inquiry in the back office`);
    expect(lines.length - 1).toBeGreaterThan(10);
    expect(notesCell([])).toBe('');
  });

  it('exports the filtered list only, and only to staff', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/inquiries/export?status=closed',
      headers: bearer(token),
    });
    const rows = response.body.split('\r\n').filter((line) => line.startsWith('"KPM-'));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toContain('"Closed"');
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/inquiries/export' });
    expect(anonymous.statusCode).toBe(401);
  });
});
