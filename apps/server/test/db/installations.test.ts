import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type AdminSiteSettings,
  type AuditPage,
  DEFAULT_WARRANTY_MONTHS,
  INSTALLATION_SETTINGS_URL,
  type InstallationSettings,
  type InstallationDetail,
  type InstallationListResponse,
  SERIAL_MESSAGE,
  WARRANTY_MONTHS_MESSAGE,
} from '@capstan/shared';
import { createMachine, createPart } from '../helpers/items';
import { createInstallation, installationBody } from '../helpers/installations';
import { signInAs, wholeState } from '../helpers/staff';
import { bearer, createTestApp, type TestApp } from '../helpers/test-app';

// The register of installed machines (issue 40): create, read, patch, search, and who may do what.

let t: TestApp;
let token: string;
let machine: { id: string; name: string };
let otherMachine: { id: string; name: string };

beforeAll(async () => {
  t = await createTestApp();
  token = await t.login();
  const made = await createMachine(t, token, { name: 'CL-25 All-Geared Capstan Lathe', code: 'CL-25' });
  machine = { id: made.id, name: 'CL-25 All-Geared Capstan Lathe' };
  const other = await createMachine(t, token, { name: 'TC-200 CNC Turning Centre', code: 'TC-200' });
  otherMachine = { id: other.id, name: 'TC-200 CNC Turning Centre' };
}, 60_000);
afterAll(async () => t.close());

type Refusal = { message: string; issues?: { path: (string | number)[]; message: string }[] };

const get = async <T>(url: string, as = token) => {
  const response = await t.app.inject({ method: 'GET', url, headers: bearer(as) });
  expect(response.statusCode, `${url}: ${response.body}`).toBe(200);
  return response.json<T>();
};
const post = (url: string, payload: unknown, as = token) =>
  t.app.inject({ method: 'POST', url, headers: bearer(as), payload: payload as object });
const put = (url: string, payload: unknown, as = token) =>
  t.app.inject({ method: 'PUT', url, headers: bearer(as), payload: payload as object });

let serialCount = 0;
/** A serial no other test uses. */
const freshSerial = () => `KPM-T${String(++serialCount).padStart(4, '0')}`;

describe('registering a machine', () => {
  it('answers 201 with the machine, its model and its warranty end, and reads back the same', async () => {
    const serial = freshSerial();
    const created = await createInstallation(
      t,
      token,
      installationBody(machine.id, { serial: ` ${serial.toLowerCase()} ` }),
    );
    expect(created).toMatchObject({
      id: expect.any(String),
      serial,
      machineId: machine.id,
      model: machine.name,
      customer: {
        company: 'Sri Murugan Engineering Works',
        contactName: 'R. Senthil Kumar',
        phone: '+91 98430 12345',
        email: 'senthil@murugan-engg.example',
        state: '33',
        language: 'ta',
      },
      invoiceNumber: 'KPM/INV/2026-27/0042',
      invoiceDate: '2026-04-02',
      commissionedOn: '2026-04-10',
      warrantyMonths: 24,
      warrantyEndsOn: '2028-04-09',
      controlMake: 'Fanuc',
      notes: 'Bar feeder fitted at commissioning.',
      amc: null,
      amcContracts: [],
      serviceRequests: [],
    });
    expect(await get<InstallationDetail>(`/api/installations/${created.id}`)).toEqual(created);
    const stored = await t.ctx.db
      .selectFrom('installations')
      .select(['phone_digits', 'created_by'])
      .where('id', '=', created.id)
      .executeTakeFirstOrThrow();
    expect(stored.phone_digits).toBe('9843012345');
    expect(stored.created_by).toEqual(expect.any(String));
  });

  it('records the registration in the activity log, named by the serial', async () => {
    const serial = freshSerial();
    const created = await createInstallation(t, token, installationBody(machine.id, { serial }));
    const audit = await get<AuditPage>('/api/admin/activity?action=installation.create');
    const entry = audit.entries.find((e) => e.target?.id === created.id);
    expect(entry?.target).toMatchObject({ type: 'installation', label: serial, exists: true });
    expect(entry?.changes?.serial).toEqual({ before: null, after: serial });
    expect(entry?.changes?.warrantyMonths).toEqual({ before: null, after: 24 });
  });

  it('gives a machine registered without warranty months the default of Site → Company', async () => {
    const { warrantyMonths: _left, ...withoutWarranty } = installationBody(machine.id, { serial: freshSerial() });
    const first = await createInstallation(t, token, withoutWarranty);
    expect(first.warrantyMonths).toBe(DEFAULT_WARRANTY_MONTHS);
    expect(first.warrantyEndsOn).toBe('2028-04-09');

    const site = await get<AdminSiteSettings>('/api/admin/site');
    expect(site.company.warrantyMonthsDefault).toBe(DEFAULT_WARRANTY_MONTHS);
    const saved = await put('/api/site/company', { ...site.company, warrantyMonthsDefault: 36 });
    expect(saved.statusCode, saved.body).toBe(200);
    const second = await createInstallation(t, token, { ...withoutWarranty, serial: freshSerial() });
    expect(second).toMatchObject({ warrantyMonths: 36, warrantyEndsOn: '2029-04-09' });
    // The register's form reads the same default, also for roles that cannot read Site → Company.
    expect(await get<InstallationSettings>(INSTALLATION_SETTINGS_URL)).toEqual({ warrantyMonthsDefault: 36 });
    // Given, it wins over the default; and a machine already registered keeps its own.
    const third = await createInstallation(t, token, { ...withoutWarranty, serial: freshSerial(), warrantyMonths: 12 });
    expect(third).toMatchObject({ warrantyMonths: 12, warrantyEndsOn: '2027-04-09' });
    expect((await get<InstallationDetail>(`/api/installations/${first.id}`)).warrantyMonths).toBe(24);

    // A save of Site → Company that leaves the field out keeps it (a copy taken from the public answer).
    const {
      warrantyMonthsDefault: _kept,
      updatedAt: _version,
      ...rest
    } = (await get<AdminSiteSettings>('/api/admin/site')).company;
    expect((await put('/api/site/company', { ...rest, tagline: 'Capstan lathes since 1985' })).statusCode).toBe(200);
    expect((await get<AdminSiteSettings>('/api/admin/site')).company.warrantyMonthsDefault).toBe(36);
    const refused = await put('/api/site/company', { ...rest, warrantyMonthsDefault: 121 });
    expect(refused.statusCode).toBe(400);
    expect(refused.json<Refusal>().issues).toEqual([
      { path: ['warrantyMonthsDefault'], message: WARRANTY_MONTHS_MESSAGE },
    ]);
    const restored = await put('/api/site/company', { ...rest, warrantyMonthsDefault: DEFAULT_WARRANTY_MONTHS });
    expect(restored.statusCode).toBe(200);
  });

  it('refuses a serial already registered with 409, whatever its case and spaces, and stores nothing', async () => {
    await createInstallation(t, token, installationBody(machine.id, { serial: 'KPM2201' }));
    const before = await wholeState(t);
    for (const serial of ['kpm 2201', 'KPM2201', ' Kpm2201 ']) {
      const response = await post('/api/installations', installationBody(otherMachine.id, { serial }));
      expect(response.statusCode, serial).toBe(409);
      expect(response.json()).toEqual({ message: 'A machine with serial KPM2201 is already registered' });
    }
    expect(await wholeState(t)).toEqual(before);
  });

  it('answers one 201 and one 409 when two registrations of one serial race', async () => {
    const body = installationBody(machine.id, { serial: freshSerial() });
    const answers = await Promise.all([post('/api/installations', body), post('/api/installations', body)]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 409]);
  });

  it('refuses bad input with a message per field and stores nothing', async () => {
    const before = await wholeState(t);
    const response = await post(
      '/api/installations',
      installationBody(machine.id, {
        serial: 'KPM#22',
        customer: { company: '', contactName: 'Senthil', phone: 'call me', email: 'not-an-email', state: 'TN' },
        commissionedOn: '10/04/2026',
        warrantyMonths: 200,
      }),
    );
    expect(response.statusCode).toBe(400);
    const issues = response.json<Refusal>().issues ?? [];
    const at = (path: string) => issues.filter((issue) => issue.path.join('.') === path).map((issue) => issue.message);
    expect(at('serial')).toEqual([SERIAL_MESSAGE]);
    expect(at('customer.company')).toEqual(['Company is required']);
    expect(at('customer.phone')).toEqual(['Enter a valid phone number']);
    expect(at('customer.email')).toEqual(['Enter a valid email address']);
    expect(at('customer.state')).toEqual(['Choose a state from the list']);
    expect(at('commissionedOn')).toEqual(['Commissioning date must be a date (YYYY-MM-DD)']);
    expect(at('warrantyMonths')).toEqual([WARRANTY_MONTHS_MESSAGE]);
    expect(await wholeState(t)).toEqual(before);
  });

  it('refuses a model that is not a machine of the catalogue, at machineId, and stores nothing', async () => {
    const part = await createPart(t, token);
    const before = await wholeState(t);
    for (const machineId of [part.id, '0b0e6a4c-5f0e-4c1a-9a52-3a1f2d6b7c8e']) {
      const response = await post('/api/installations', installationBody(machineId, { serial: freshSerial() }));
      expect(response.statusCode).toBe(400);
      expect(response.json<Refusal>()).toMatchObject({
        message: 'Choose the model from the catalogue',
        issues: [{ path: ['machineId'], message: 'Choose the model from the catalogue' }],
      });
    }
    expect(await wholeState(t)).toEqual(before);
  });
});

describe('changing a machine', () => {
  it('changes only what the patch names; customer fields left out keep their values', async () => {
    const created = await createInstallation(t, token, installationBody(machine.id, { serial: freshSerial() }));
    const notes = await put(`/api/installations/${created.id}`, { notes: 'Spindle bearings replaced under warranty.' });
    expect(notes.statusCode, notes.body).toBe(200);
    const afterNotes = notes.json<InstallationDetail>();
    expect(afterNotes).toEqual({
      ...created,
      notes: 'Spindle bearings replaced under warranty.',
      updatedAt: expect.any(String),
    });
    expect(afterNotes.updatedAt > created.updatedAt).toBe(true);

    const phone = await put(`/api/installations/${created.id}`, { customer: { phone: '0422 245 6789', email: null } });
    expect(phone.statusCode, phone.body).toBe(200);
    expect(phone.json<InstallationDetail>().customer).toEqual({
      ...created.customer,
      phone: '0422 245 6789',
      email: null,
    });
    expect(await get<InstallationDetail>(`/api/installations/${created.id}`)).toEqual(phone.json());
  });

  it('moves the warranty end with the commissioning date or the warranty months', async () => {
    const created = await createInstallation(t, token, installationBody(machine.id, { serial: freshSerial() }));
    const moved = await put(`/api/installations/${created.id}`, { commissionedOn: '2026-01-31' });
    expect(moved.json<InstallationDetail>()).toMatchObject({ warrantyMonths: 24, warrantyEndsOn: '2028-01-30' });
    const longer = await put(`/api/installations/${created.id}`, { warrantyMonths: 25 });
    expect(longer.json<InstallationDetail>()).toMatchObject({
      commissionedOn: '2026-01-31',
      warrantyEndsOn: '2028-02-28',
    });
  });

  it('changes the model to another catalogue machine, and refuses one that is not', async () => {
    const created = await createInstallation(t, token, installationBody(machine.id, { serial: freshSerial() }));
    const changed = await put(`/api/installations/${created.id}`, { machineId: otherMachine.id });
    expect(changed.json<InstallationDetail>()).toMatchObject({ machineId: otherMachine.id, model: otherMachine.name });
    const before = await wholeState(t);
    const refused = await put(`/api/installations/${created.id}`, {
      machineId: '0b0e6a4c-5f0e-4c1a-9a52-3a1f2d6b7c8e',
      notes: 'changed',
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json<Refusal>().issues).toEqual([
      { path: ['machineId'], message: 'Choose the model from the catalogue' },
    ]);
    expect(await wholeState(t)).toEqual(before);
  });

  it('refuses a serial another machine has (409) and a GSTIN of another state than the stored one (400)', async () => {
    const first = await createInstallation(t, token, installationBody(machine.id, { serial: freshSerial() }));
    const second = await createInstallation(t, token, installationBody(machine.id, { serial: freshSerial() }));
    const before = await wholeState(t);
    const taken = await put(`/api/installations/${second.id}`, { serial: first.serial.toLowerCase(), notes: 'x' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toEqual({ message: `A machine with serial ${first.serial} is already registered` });
    const karnataka = await put(`/api/installations/${second.id}`, { customer: { state: '29' } });
    expect(karnataka.statusCode).toBe(400);
    expect(karnataka.json<Refusal>().issues).toEqual([
      { path: ['customer', 'state'], message: 'The GSTIN belongs to another state than the one chosen' },
    ]);
    expect(await wholeState(t)).toEqual(before);
    // Its own serial, sent again, is no conflict.
    expect((await put(`/api/installations/${second.id}`, { serial: second.serial })).statusCode).toBe(200);
  });

  it('audits what changed, and writes nothing for a patch that changes nothing', async () => {
    const created = await createInstallation(t, token, installationBody(machine.id, { serial: freshSerial() }));
    await put(`/api/installations/${created.id}`, { controlMake: 'Siemens' });
    const audit = await get<AuditPage>('/api/admin/activity?action=installation.update');
    const entries = audit.entries.filter((e) => e.target?.id === created.id);
    expect(entries).toHaveLength(1);
    expect(entries[0]?.changes).toEqual({ controlMake: { before: 'Fanuc', after: 'Siemens' } });
    const before = await wholeState(t);
    const same = await put(`/api/installations/${created.id}`, { controlMake: 'Siemens', customer: {} });
    expect(same.statusCode).toBe(200);
    expect(await wholeState(t)).toEqual(before);
  });

  it('answers 404 for a machine not in the register', async () => {
    const id = '0b0e6a4c-5f0e-4c1a-9a52-3a1f2d6b7c8e';
    const read = await t.app.inject({ method: 'GET', url: `/api/installations/${id}`, headers: bearer(token) });
    expect(read.statusCode).toBe(404);
    expect(read.json()).toEqual({ message: 'Installed machine not found' });
    expect((await put(`/api/installations/${id}`, { notes: 'x' })).statusCode).toBe(404);
  });
});

describe('searching the register', () => {
  let ids: Record<string, string>;
  beforeAll(async () => {
    const make = async (serial: string, customer: object, machineId = machine.id) =>
      (
        await createInstallation(t, token, {
          ...installationBody(machineId, { serial }),
          customer: { ...installationBody(machineId).customer, gstin: null, ...customer },
        })
      ).id;
    ids = {
      exact: await make('SRCH-77', { company: 'Velan Valves', phone: '+91 94433 55667' }),
      prefixA: await make('SRCH-771', { company: 'Ganesh Fasteners', contactName: 'Priya Natarajan' }),
      prefixB: await make('SRCH-7720', { company: 'Annapoorna Turned Parts', phone: '0422-2571234' }),
      other: await make('SRCH-9', { company: 'Shakti SRCH-77 Spares' }, otherMachine.id),
    };
  });

  const search = async (q: string, extra = '') =>
    get<InstallationListResponse>(`/api/installations?q=${encodeURIComponent(q)}${extra}`);
  const found = (list: InstallationListResponse) => list.installations.map((installation) => installation.id);

  it('finds the serial typed exactly first, then serials starting with it, then other matches', async () => {
    const list = await search(' srch-77');
    expect(found(list)).toEqual([ids.exact, ids.prefixB, ids.prefixA, ids.other]);
    expect(list.total).toBe(4);
    expect(found(await search('SRCH-772'))).toEqual([ids.prefixB]);
    // Case and spaces do not count, as in the serials staff register.
    expect(found(await search('srch-7 720'))).toEqual([ids.prefixB]);
  });

  it('finds a phone number written another way (4 digits or more)', async () => {
    expect(found(await search('9443355667'))).toEqual([ids.exact]);
    expect(found(await search('+91-94433-55667'))).toEqual([ids.exact]);
    expect(found(await search('(0422) 257 1234'))).toEqual([ids.prefixB]);
    expect(found(await search('2571234'))).toEqual([ids.prefixB]);
  });

  it('finds a company, a contact person and a model, ignoring case', async () => {
    expect(found(await search('velan'))).toEqual([ids.exact]);
    expect(found(await search('PRIYA nata'))).toEqual([ids.prefixA]);
    expect(found(await search('tc-200 cnc'))).toContain(ids.other);
    expect(found(await search('tc-200 cnc'))).not.toContain(ids.exact);
    expect((await search('no such machine anywhere')).total).toBe(0);
  });

  it('treats % and _ as letters, not wildcards', async () => {
    expect((await search('%')).total).toBe(0);
    expect((await search('_')).total).toBe(0);
  });

  it('pages newest first without a search', async () => {
    const first = await get<InstallationListResponse>('/api/installations?pageSize=2');
    expect(first).toMatchObject({ page: 1, pageSize: 2 });
    expect(first.installations).toHaveLength(2);
    expect(first.total).toBeGreaterThan(4);
    expect(first.installations[0]?.id).toBe(ids.other);
    const second = await get<InstallationListResponse>('/api/installations?pageSize=2&page=2');
    expect(found(second)).toEqual([ids.prefixA, ids.exact]);
  });
});

describe('who may use the register', () => {
  it('lets sales read and not write, refuses editors, and lets service register machines', async () => {
    const sales = (await signInAs(t, 'sales')).token;
    const editor = (await signInAs(t, 'editor')).token;
    const service = (await signInAs(t, 'service')).token;
    const created = await createInstallation(t, token, installationBody(machine.id, { serial: freshSerial() }));
    await get(`/api/installations/${created.id}`, sales);
    await get('/api/installations?q=KPM', sales);
    const exported = await t.app.inject({ method: 'GET', url: '/api/installations/export', headers: bearer(sales) });
    expect(exported.statusCode).toBe(200);
    const before = await wholeState(t);
    expect(
      (await post('/api/installations', installationBody(machine.id, { serial: freshSerial() }), sales)).statusCode,
    ).toBe(403);
    expect((await put(`/api/installations/${created.id}`, { notes: 'x' }, sales)).statusCode).toBe(403);
    expect(
      (
        await post(
          `/api/installations/${created.id}/amc`,
          { startsOn: '2026-05-01', endsOn: '2027-04-30', visitsIncluded: 4 },
          sales,
        )
      ).statusCode,
    ).toBe(403);
    const editorRead = await t.app.inject({ method: 'GET', url: '/api/installations', headers: bearer(editor) });
    expect(editorRead.statusCode).toBe(403);
    expect(await wholeState(t)).toEqual(before);
    const byService = await post(
      '/api/installations',
      installationBody(machine.id, { serial: freshSerial() }),
      service,
    );
    expect(byService.statusCode, byService.body).toBe(201);
  });
});
