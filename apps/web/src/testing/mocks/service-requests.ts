import { http, HttpResponse } from 'msw';
import type { ServiceRequest, ServiceRequestListResponse } from '@capstan/shared';

/** A service request as staff read it (issue 40); `overrides` change what a test is about. */
export function buildServiceRequest(overrides: Partial<ServiceRequest> = {}): ServiceRequest {
  return {
    id: 'sr-1',
    reference: 'SR-2026-00017',
    status: 'new',
    registered: true,
    installationId: 'inst-1',
    serial: 'KPM-CL25/2201',
    model: 'CL-25 Capstan Lathe',
    name: 'Murugan S',
    phone: '+91 98430 12345',
    email: 'murugan@example.com',
    symptom: 'Spindle makes a grinding noise above 800 rpm.',
    machineDown: false,
    preferredDate: null,
    assigneeId: null,
    assigneeName: null,
    visitOn: null,
    language: 'en',
    photos: [],
    report: null,
    overdue: false,
    createdAt: '2026-11-20T04:30:00.000Z',
    updatedAt: '2026-11-20T04:30:00.000Z',
    closedAt: null,
    events: [{ at: '2026-11-20T04:30:00.000Z', kind: 'created', status: 'new', actorName: null, detail: null }],
    ...overrides,
  };
}

export function serviceRequestList(
  serviceRequests: ServiceRequest[],
  { total = serviceRequests.length, page = 1, pageSize = 25 } = {},
): ServiceRequestListResponse {
  return { serviceRequests, total, page, pageSize };
}

/**
 * GET /api/service-requests: the admin sidebar counts the overdue ones (its Service requests badge)
 * and the dashboard lists them, for the roles that handle service. None unless a test says.
 */
export function overdueServiceRequestsHandler(overdue: ServiceRequest[] = [], total = overdue.length) {
  return http.get('/api/service-requests', () =>
    HttpResponse.json(serviceRequestList(overdue, { total, pageSize: 5 })),
  );
}
