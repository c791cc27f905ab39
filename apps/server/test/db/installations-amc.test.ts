import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addMonths,
  type AmcContract,
  type AmcVisitRecorded,
  type AuditPage,
  indianToday,
  type InstallationDetail,
  type InstallationListResponse,
} from '@capstan/shared';
import { createMachine, createPart } from '../helpers/items';
import { createInstallation, installationBody } from '../helpers/installations';
import { signInAs, wholeState } from '../helpers/staff';
import { bearer, createTestApp, type TestApp } from '../helpers/test-app';

// AMC contracts on an installed machine (issue 40): the contract, its visits, what is left of them.

let t: TestApp;
let token: string;
let machineId: string;
let partId: string;
let engineer: { id: string; email: string };

beforeAll(async () => {
  t = await createTestApp();
  token = await t.login();
  machineId = (await createMachine(t, token, { code: 'CL-25' })).id;
  partId = (await createPart(t, token, { name: 'Spring Collet 20 mm' })).id;
  const signedIn = await signInAs(t, 'service', 'engineer.kumar@example.com');
  const me = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(signedIn.token) });
  engineer = { id: me.json<{ user: { id: string } }>().user.id, email: signedIn.email };
}, 60_000);
afterAll(async () => t.close());

type Refusal = { message: string; issues?: { path: (string | number)[]; message: string }[] };

const send = (method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown, as = token) =>
  t.app.inject({ method, url, headers: bearer(as), ...(payload === undefined ? {} : { payload: payload as object }) });
const detail = async (id: string) =>
  (
    await t.app.inject({ method: 'GET', url: `/api/installations/${id}`, headers: bearer(token) })
  ).json<InstallationDetail>();

/** The day `days` after `day` (YYYY-MM-DD). */
const addDays = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

let serialCount = 0;
const newMachine = async () =>
  createInstallation(
    t,
    token,
    installationBody(machineId, { serial: `AMC-${String(++serialCount).padStart(3, '0')}` }),
  );

const contractBody = (overrides: object = {}) => {
  const today = indianToday();
  return {
    startsOn: addDays(today, -30),
    endsOn: addDays(addMonths(today, 12), -31),
    visitsIncluded: 2,
    value: 45000.5,
    notes: 'Quarterly lubrication and alignment check.',
    ...overrides,
  };
};

async function addContract(installationId: string, overrides: object = {}): Promise<AmcContract> {
  const response = await send('POST', `/api/installations/${installationId}/amc`, contractBody(overrides));
  expect(response.statusCode, response.body).toBe(201);
  return response.json<AmcContract>();
}

async function recordVisit(contractId: string, body: object): Promise<AmcVisitRecorded> {
  const response = await send('POST', `/api/amc-contracts/${contractId}/visits`, body);
  expect(response.statusCode, response.body).toBe(201);
  return response.json<AmcVisitRecorded>();
}

describe('an AMC contract', () => {
  it('is added to a machine with its value in rupees (kept in paise) and its status as of today in India', async () => {
    const installation = await newMachine();
    const contract = await addContract(installation.id);
    expect(contract).toMatchObject({
      installationId: installation.id,
      visitsIncluded: 2,
      visitsDone: 0,
      value: 45000.5,
      notes: 'Quarterly lubrication and alignment check.',
      status: 'active',
      visits: [],
    });
    const row = await t.ctx.db
      .selectFrom('amc_contracts')
      .select('value_paise')
      .where('id', '=', contract.id)
      .executeTakeFirstOrThrow();
    expect(Number(row.value_paise)).toBe(4_500_050);
    const read = await detail(installation.id);
    expect(read.amcContracts).toEqual([contract]);
    expect(read.amc).toEqual({ status: 'active', endsOn: contract.endsOn, visitsLeft: 2 });
  });

  it('is upcoming before its start and expired after its end; the machine shows the current one', async () => {
    const installation = await newMachine();
    const today = indianToday();
    const expired = await addContract(installation.id, { startsOn: addDays(today, -400), endsOn: addDays(today, -36) });
    const upcoming = await addContract(installation.id, { startsOn: addDays(today, 30), endsOn: addDays(today, 394) });
    expect(expired.status).toBe('expired');
    expect(upcoming.status).toBe('upcoming');
    // No active contract: the one that ends last (the renewal) is the machine's.
    expect((await detail(installation.id)).amc).toEqual({ status: 'upcoming', endsOn: upcoming.endsOn, visitsLeft: 2 });
    const active = await addContract(installation.id, { visitsIncluded: 4 });
    const read = await detail(installation.id);
    expect(read.amcContracts.map((contract) => contract.id)).toEqual([upcoming.id, active.id, expired.id]);
    expect(read.amc).toEqual({ status: 'active', endsOn: active.endsOn, visitsLeft: 4 });
    const list = await t.app.inject({
      method: 'GET',
      url: `/api/installations?q=${installation.serial}`,
      headers: bearer(token),
    });
    expect(list.json<InstallationListResponse>().installations[0]?.amc).toEqual(read.amc);
  });

  it('is changed in full; a value or notes left out keep theirs and null clears them', async () => {
    const installation = await newMachine();
    const contract = await addContract(installation.id);
    const { value: _value, notes: _notes, ...dates } = contractBody({ visitsIncluded: 3 });
    const changed = await send('PUT', `/api/amc-contracts/${contract.id}`, dates);
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json<AmcContract>()).toMatchObject({ visitsIncluded: 3, value: 45000.5, notes: contract.notes });
    const cleared = await send('PUT', `/api/amc-contracts/${contract.id}`, { ...dates, value: null, notes: '' });
    expect(cleared.json<AmcContract>()).toMatchObject({ value: null, notes: null });
    const audit = await t.app.inject({
      method: 'GET',
      url: '/api/admin/activity?action=amc.update',
      headers: bearer(token),
    });
    const entries = audit.json<AuditPage>().entries.filter((entry) => entry.target?.id === installation.id);
    expect(entries.map((entry) => entry.changes)).toEqual([
      { value: { before: 45000.5, after: null }, notes: { before: contract.notes, after: null } },
      { visitsIncluded: { before: 2, after: 3 } },
    ]);
    expect(entries[0]?.target).toMatchObject({ type: 'installation', label: installation.serial, exists: true });
  });

  it('refuses an end before the start, a bad count and an unknown machine, storing nothing', async () => {
    const installation = await newMachine();
    const before = await wholeState(t);
    const backwards = await send('POST', `/api/installations/${installation.id}/amc`, {
      startsOn: '2026-05-01',
      endsOn: '2026-04-30',
      visitsIncluded: 60,
      value: -1,
    });
    expect(backwards.statusCode).toBe(400);
    const issues = backwards.json<Refusal>().issues ?? [];
    expect(issues).toEqual(
      expect.arrayContaining([
        { path: ['visitsIncluded'], message: 'Visits included must be a whole number from 0 to 52' },
        { path: ['value'], message: 'Value must be an amount in rupees' },
      ]),
    );
    const missing = await send('POST', '/api/installations/0b0e6a4c-5f0e-4c1a-9a52-3a1f2d6b7c8e/amc', contractBody());
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ message: 'Installed machine not found' });
    const noContract = await send('PUT', '/api/amc-contracts/0b0e6a4c-5f0e-4c1a-9a52-3a1f2d6b7c8e', contractBody());
    expect(noContract.json()).toEqual({ message: 'AMC contract not found' });
    expect(await wholeState(t)).toEqual(before);
    const dates = await send('POST', `/api/installations/${installation.id}/amc`, {
      startsOn: '2026-05-01',
      endsOn: '2026-04-30',
      visitsIncluded: 2,
    });
    expect(dates.json<Refusal>().issues).toEqual([
      { path: ['endsOn'], message: 'The contract must end after it starts' },
    ]);
  });
});

describe('visits of a contract', () => {
  it('records visits with the engineer’s account name, parts from the catalogue, and counts them; an extra one is allowed', async () => {
    const installation = await newMachine();
    const contract = await addContract(installation.id);
    const first = await recordVisit(contract.id, {
      visitedOn: addDays(indianToday(), -20),
      engineerId: engineer.id,
      notes: 'Lubrication, gib adjustment.',
      partsUsed: [{ itemId: partId, description: 'Spring collet 20 mm', quantity: 2 }],
    });
    expect(first).toMatchObject({
      contractId: contract.id,
      engineerId: engineer.id,
      engineerName: 'engineer.kumar',
      partsUsed: [{ itemId: partId, description: 'Spring collet 20 mm', quantity: 2 }],
      visitsDone: 1,
      visitsIncluded: 2,
    });
    const second = await recordVisit(contract.id, {
      visitedOn: addDays(indianToday(), -5),
      engineerName: 'Murugan (contract fitter)',
      partsUsed: [{ description: 'Way wiper', quantity: 1 }],
    });
    expect(second).toMatchObject({ engineerId: null, engineerName: 'Murugan (contract fitter)', visitsDone: 2 });
    const extra = await recordVisit(contract.id, {
      visitedOn: indianToday(),
      engineerId: engineer.id,
      engineerName: 'K. Kumar',
    });
    expect(extra).toMatchObject({ engineerName: 'K. Kumar', visitsDone: 3, visitsIncluded: 2 });

    const read = await detail(installation.id);
    const stored = read.amcContracts[0];
    expect(stored).toMatchObject({ visitsDone: 3, visitsIncluded: 2 });
    expect(stored?.visits.map((visit) => visit.id)).toEqual([extra.id, second.id, first.id]);
    expect(read.amc).toMatchObject({ visitsLeft: 0 });
  });

  it('refuses an engineer who is not an active staff account and a part not in the catalogue, storing nothing', async () => {
    const installation = await newMachine();
    const contract = await addContract(installation.id);
    const before = await wholeState(t);
    const response = await send('POST', `/api/amc-contracts/${contract.id}/visits`, {
      visitedOn: indianToday(),
      engineerId: '0b0e6a4c-5f0e-4c1a-9a52-3a1f2d6b7c8e',
      partsUsed: [
        { itemId: partId, description: 'Spring collet', quantity: 1 },
        { itemId: '1b0e6a4c-5f0e-4c1a-9a52-3a1f2d6b7c8e', description: 'Unknown part', quantity: 1 },
      ],
    });
    expect(response.statusCode).toBe(400);
    expect(response.json<Refusal>().issues).toEqual([
      { path: ['engineerId'], message: 'Choose an engineer from the list' },
      { path: ['partsUsed', 1, 'itemId'], message: 'Choose the part from the catalogue' },
    ]);
    const nobody = await send('POST', `/api/amc-contracts/${contract.id}/visits`, { visitedOn: indianToday() });
    expect(nobody.json<Refusal>().issues).toEqual([{ path: ['engineerName'], message: 'Engineer is required' }]);
    expect(await wholeState(t)).toEqual(before);
  });

  it('removes a visit recorded by mistake, and says so in the activity log', async () => {
    const installation = await newMachine();
    const contract = await addContract(installation.id);
    const visit = await recordVisit(contract.id, { visitedOn: indianToday(), engineerName: 'Ravi' });
    const removed = await send('DELETE', `/api/amc-visits/${visit.id}`);
    expect(removed.statusCode).toBe(204);
    expect((await detail(installation.id)).amcContracts[0]).toMatchObject({ visitsDone: 0, visits: [] });
    const again = await send('DELETE', `/api/amc-visits/${visit.id}`);
    expect(again.statusCode).toBe(404);
    expect(again.json()).toEqual({ message: 'AMC visit not found' });
    const audit = await t.app.inject({
      method: 'GET',
      url: '/api/admin/activity?action=amc.visit_delete',
      headers: bearer(token),
    });
    expect(audit.json<AuditPage>().entries[0]).toMatchObject({
      target: { type: 'installation', id: installation.id },
      changes: { engineer: { before: 'Ravi', after: null } },
    });
  });

  it('is run by service and owners; sales read the contracts but cannot record a visit', async () => {
    const installation = await newMachine();
    const contract = await addContract(installation.id);
    const sales = (await signInAs(t, 'sales')).token;
    const service = (await signInAs(t, 'service')).token;
    const read = await t.app.inject({
      method: 'GET',
      url: `/api/installations/${installation.id}`,
      headers: bearer(sales),
    });
    expect(read.json<InstallationDetail>().amcContracts).toHaveLength(1);
    const before = await wholeState(t);
    const visit = { visitedOn: indianToday(), engineerName: 'Ravi' };
    expect((await send('POST', `/api/amc-contracts/${contract.id}/visits`, visit, sales)).statusCode).toBe(403);
    expect((await send('PUT', `/api/amc-contracts/${contract.id}`, contractBody(), sales)).statusCode).toBe(403);
    expect(await wholeState(t)).toEqual(before);
    expect((await send('POST', `/api/amc-contracts/${contract.id}/visits`, visit, service)).statusCode).toBe(201);
  });
});
