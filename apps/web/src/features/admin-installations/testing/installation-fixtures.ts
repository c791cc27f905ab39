import { http, HttpResponse } from 'msw';
import {
  INSTALLATION_SETTINGS_URL,
  type AmcContract,
  type InstallationDetail,
  type InstallationListResponse,
  TOTAL_COUNT_HEADER,
} from '@capstan/shared';

export const MACHINE_ID = '3f2b8c1e-7a4d-4e2b-9c1a-5d6e7f8a9b0c';
export const OTHER_MACHINE_ID = '8a1c2d3e-4f5a-4b6c-8d7e-9f0a1b2c3d4e';
export const ENGINEER_ID = '5b6c7d8e-9f0a-4b1c-8d2e-3f4a5b6c7d8e';
export const PART_ID = '0b0e6a4c-5f0e-4c1a-9a52-3a1f2d6b7c8e';

/** A contract of four visits, one made, as `GET /api/installations/{id}` answers it. */
export function buildContract(overrides: Partial<AmcContract> = {}): AmcContract {
  return {
    id: 'c1',
    installationId: 'inst1',
    startsOn: '2026-04-10',
    endsOn: '2027-04-09',
    visitsIncluded: 4,
    visitsDone: 1,
    value: 120000,
    notes: null,
    status: 'active',
    visits: [
      {
        id: 'v1',
        contractId: 'c1',
        visitedOn: '2026-07-15',
        engineerId: ENGINEER_ID,
        engineerName: 'Senthil Kumar',
        notes: 'Spindle bearings greased; gibs adjusted.',
        partsUsed: [{ itemId: PART_ID, description: 'Spring Collet 25 mm (SC-25)', quantity: 2 }],
        createdAt: '2026-07-15T10:00:00.000Z',
      },
    ],
    createdAt: '2026-04-01T05:00:00.000Z',
    updatedAt: '2026-07-15T10:00:00.000Z',
    ...overrides,
  };
}

/** An NP-38 at a Coimbatore customer, commissioned 10 April 2026 with 24 months' warranty. */
export function buildInstallation(overrides: Partial<InstallationDetail> = {}): InstallationDetail {
  return {
    id: 'inst1',
    serial: 'KPM-NP38/2201',
    machineId: MACHINE_ID,
    model: 'NP-38 Capstan Lathe',
    customer: {
      company: 'Sri Murugan Engineering',
      contactName: 'R. Selvam',
      phone: '+91 98430 12345',
      email: 'selvam@example.com',
      gstin: null,
      state: '33',
      address: 'SIDCO Industrial Estate, Kurichi, Coimbatore',
      language: 'ta',
    },
    invoiceNumber: 'KPM/INV/2026/118',
    invoiceDate: '2026-03-28',
    commissionedOn: '2026-04-10',
    warrantyMonths: 24,
    warrantyEndsOn: '2028-04-09',
    controlMake: 'None',
    notes: null,
    createdAt: '2026-04-10T06:00:00.000Z',
    updatedAt: '2026-04-10T06:00:00.000Z',
    amc: { status: 'active', endsOn: '2027-04-09', visitsLeft: 3 },
    amcContracts: [buildContract()],
    serviceRequests: [
      {
        id: 'sr1',
        reference: 'SR-2026-00017',
        status: 'scheduled',
        symptom: 'Chuck does not grip',
        createdAt: '2026-10-02T04:30:00.000Z',
      },
    ],
    ...overrides,
  };
}

export function listOf(rows: InstallationDetail[], page = 1, total = rows.length): InstallationListResponse {
  return {
    installations: rows.map(({ amcContracts: _contracts, serviceRequests: _requests, ...row }) => row),
    total,
    page,
    pageSize: 25,
  };
}

/** The catalogue's machines, as the model select reads them (`/api/products?category=machine`). */
export function machinesHandler() {
  return http.get('/api/products', () =>
    HttpResponse.json(
      [
        { id: MACHINE_ID, name: 'NP-38 Capstan Lathe', code: 'NP-38' },
        { id: OTHER_MACHINE_ID, name: 'CL-25 CNC Lathe', code: 'CL-25' },
      ],
      { headers: { [TOTAL_COUNT_HEADER]: '2' } },
    ),
  );
}

/** The register's settings: the default warranty of a machine registered without one (Site → Company). */
export function settingsHandler(warrantyMonthsDefault = 18) {
  return http.get(INSTALLATION_SETTINGS_URL, () => HttpResponse.json({ warrantyMonthsDefault }));
}
