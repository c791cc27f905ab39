import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoCatalogue } from '@capstan/demo-catalogue';
import {
  type InstallationDetail,
  type InstallationListResponse,
  type ServiceRequestListResponse,
  SERVICE_REFERENCE_PATTERN,
} from '@capstan/shared';
import { seedDemoInstalledBase } from '../../src/db/seed/demo-installed-base';
import { seedDemoCatalogue } from '../../src/db/seed/seed';
import { createTestApp, type TestApp } from '../helpers/test-app';

// A first start shows the after-sales screens at work: the demo register beside the demo catalogue.

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await createTestApp();
  token = await t.login();
  await seedDemoCatalogue(t.ctx, demoCatalogue);
});
afterAll(async () => t.close());

const get = async <T>(url: string): Promise<T> => {
  const response = await t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<T>();
};

describe('the demo register of installed machines', () => {
  it('registers machines of the demo catalogue, with AMC contracts and service requests at several steps', async () => {
    const now = new Date('2026-11-28T06:00:00Z');
    expect(await seedDemoInstalledBase(t.ctx, now)).toBe(5);

    const list = await get<InstallationListResponse>('/api/installations?pageSize=100');
    expect(list.total).toBe(5);
    // Every model is a machine of the catalogue, and the warranty runs 24 months from commissioning.
    for (const machine of list.installations) {
      const detail = await get<InstallationDetail>(`/api/installations/${machine.id}`);
      expect(detail.model).not.toBe('');
      expect(detail.warrantyMonths).toBe(24);
    }
    const pune = list.installations.find((machine) => machine.serial === 'NPTC200-2209-0031');
    const detail = await get<InstallationDetail>(`/api/installations/${pune?.id}`);
    expect(detail.amcContracts).toHaveLength(1);
    expect(detail.amcContracts[0]).toMatchObject({ status: 'active', visitsIncluded: 4, visitsDone: 3, value: 45_000 });

    const requests = await get<ServiceRequestListResponse>('/api/service-requests?pageSize=100');
    expect(requests.total).toBe(3);
    expect(requests.serviceRequests.map((request) => request.reference).sort()).toEqual([
      'SR-2026-00001',
      'SR-2026-00002',
      'SR-2026-00003',
    ]);
    for (const request of requests.serviceRequests) expect(request.reference).toMatch(SERVICE_REFERENCE_PATTERN);
    const statuses = requests.serviceRequests.map((request) => [request.serial, request.status, request.registered]);
    expect(statuses).toEqual(
      expect.arrayContaining([
        ['NPCL160-2402-0087', 'new', true],
        ['NPTC200-2209-0031', 'scheduled', true],
        ['NP25-1998-0007', 'new', false],
      ]),
    );
    const scheduled = requests.serviceRequests.find((request) => request.status === 'scheduled');
    expect(scheduled?.visitOn).toBe('2026-11-29');
    expect(scheduled?.assigneeName).not.toBeNull();
  });

  it('is never seeded into a register staff have started', async () => {
    expect(await seedDemoInstalledBase(t.ctx)).toBe(0);
    expect((await get<InstallationListResponse>('/api/installations')).total).toBe(5);
  });
});
