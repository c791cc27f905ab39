import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { findModalDialog } from '@/testing/find-dialog';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import {
  ADMIN_TOKEN_STORAGE_KEY,
  type ServiceRequest,
  type ServiceRequestUpdate,
  SERVICE_REPORT_REQUIRED_MESSAGE,
  SERVICE_REQUEST_MESSAGES,
  serviceRequestTransitionMessage,
} from '@capstan/shared';
import { meHandler } from '@/testing/mocks/me';
import { server } from '@/testing/mocks/server';
import { buildServiceRequest } from '@/testing/mocks/service-requests';
import { inAdminLocale } from '@/testing/locale';
import { renderWithProviders } from '@/testing/test-utils';
import { ServiceRequestScreen } from './service-request-screen';

// The route's schema takes ids as UUIDs, as the server makes them.
const ENGINEER_ID = '7d3f6f0e-1c2b-4a55-9d0e-2f6b1e7c9a01';
const INSTALLATION_ID = '5a1c9e3d-8b7f-4e2a-b6c4-0d9f8e7a6b51';
const ENGINEERS = [
  { id: ENGINEER_ID, name: 'Senthil Kumar' },
  { id: '7d3f6f0e-1c2b-4a55-9d0e-2f6b1e7c9a02', name: 'Priya R' },
];

/**
 * One request on a tiny server: GET answers it as stored, PUT applies the change as the flow allows
 * (or answers `refuse` once) and records each body.
 */
function requestApi(initial: ServiceRequest, { refuse }: { refuse?: { status: number; body: object } } = {}) {
  let stored = { ...initial };
  let refusal = refuse;
  const puts: ServiceRequestUpdate[] = [];
  let reads = 0;
  server.use(
    http.get('/api/service-requests/engineers', () => HttpResponse.json({ engineers: ENGINEERS })),
    http.get('/api/service-requests/:id', () => {
      reads += 1;
      return HttpResponse.json(stored);
    }),
    http.put('/api/service-requests/:id', async ({ request }) => {
      const body = (await request.json()) as ServiceRequestUpdate;
      puts.push(body);
      if (refusal) {
        const answer = refusal;
        refusal = undefined;
        return HttpResponse.json(answer.body, { status: answer.status });
      }
      const at = new Date().toISOString();
      const engineer = ENGINEERS.find((one) => one.id === body.assigneeId);
      stored = {
        ...stored,
        ...(body.status ? { status: body.status } : {}),
        ...(engineer ? { assigneeId: engineer.id, assigneeName: engineer.name } : {}),
        ...(body.visitOn ? { visitOn: body.visitOn } : {}),
        ...(body.installationId
          ? { installationId: body.installationId, registered: true, serial: 'KPM-CL25/2201', model: 'CL-25' }
          : {}),
        ...(body.report
          ? {
              report: {
                ...body.report,
                hours: body.report.hours ?? null,
                partsUsed: [...body.report.partsUsed].map((part) => ({ ...part, itemId: part.itemId ?? null })),
              },
              closedAt: at,
            }
          : {}),
        updatedAt: at,
        events: [
          ...stored.events,
          {
            at,
            kind: engineer ? 'assigned' : body.status === 'closed' ? 'closed' : 'status',
            status: body.status ?? stored.status,
            actorName: 'Owner',
            detail: engineer?.name ?? null,
          },
        ],
      };
      return HttpResponse.json(stored);
    }),
  );
  return { puts, reads: () => reads };
}

const render = (id = 'sr-1') =>
  renderWithProviders(<ServiceRequestScreen serviceRequestId={id} />, { url: `/admin/service-requests/${id}` });

beforeEach(() => {
  server.use(meHandler('service'));
});

describe('a service request', () => {
  it('shows what the buyer sent, the machine, and the timeline in order', async () => {
    requestApi(
      buildServiceRequest({
        machineDown: true,
        preferredDate: '2026-11-23',
        photos: [
          { id: 'p1', url: '/uploads/p1.webp', thumbUrl: '/uploads/p1-thumb.webp', width: 1200, height: 900 },
          { id: 'p2', url: '/uploads/p2.webp', thumbUrl: '/uploads/p2-thumb.webp', width: 1200, height: 900 },
        ],
        status: 'scheduled',
        assigneeId: ENGINEER_ID,
        assigneeName: 'Senthil Kumar',
        visitOn: '2026-11-24',
        events: [
          {
            at: '2026-11-21T05:00:00.000Z',
            kind: 'scheduled',
            status: 'scheduled',
            actorName: 'Owner',
            detail: '2026-11-24',
          },
          { at: '2026-11-20T04:30:00.000Z', kind: 'created', status: 'new', actorName: null, detail: null },
          {
            at: '2026-11-20T06:00:00.000Z',
            kind: 'assigned',
            status: 'assigned',
            actorName: 'Owner',
            detail: 'Senthil Kumar',
          },
        ],
      }),
    );
    const user = userEvent.setup({ delay: null });
    render();

    expect(await screen.findByRole('heading', { level: 1, name: /SR-2026-00017/ })).toBeInTheDocument();
    expect(screen.getByText('Spindle makes a grinding noise above 800 rpm.')).toBeInTheDocument();
    expect(screen.getByText('Yes, the machine is down')).toBeInTheDocument();
    expect(screen.getByText('23 Nov 2026')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '+91 98430 12345' })).toHaveAttribute('href', 'tel:+919843012345');
    expect(screen.getByRole('link', { name: 'murugan@example.com' })).toHaveAttribute(
      'href',
      'mailto:murugan@example.com',
    );
    expect(screen.getByRole('link', { name: 'Open machine KPM-CL25/2201 in the register' })).toHaveAttribute(
      'href',
      '/admin/installations/inst-1',
    );

    const events = within(screen.getByRole('list', { name: 'Timeline' })).getAllByTestId('timeline-event');
    expect(events.map((event) => event.querySelector('p')?.textContent)).toEqual([
      'Request received',
      'Assigned to Senthil Kumar',
      'Visit scheduled for 24 Nov 2026',
    ]);
    expect(events[0]).toHaveTextContent('by Murugan S');
    expect(events[1]).toHaveTextContent('20 Nov 2026, 11:30 am · by Owner');

    // A thumbnail opens the large photo.
    await user.click(screen.getByRole('button', { name: 'Open photo 2 of 2' }));
    const dialog = await findModalDialog('Photo 2 of 2');
    expect(within(dialog).getByRole('img')).toHaveAttribute('src', '/uploads/p2.webp');
  });

  it('runs the flow: assign, schedule, resolve, then close only with a report', async () => {
    const api = requestApi(buildServiceRequest({ preferredDate: '2026-11-23' }));
    server.use(
      http.get('/api/spareparts', ({ request }) => {
        expect(new URL(request.url).searchParams.get('q')).toBe('bearing');
        return HttpResponse.json(
          [{ id: '0b0e6a4c-5f0e-4c1a-9a52-3a1f2d6b7c8e', name: 'Spindle bearing', code: 'SB-40' }],
          {
            headers: { 'X-Total-Count': '1' },
          },
        );
      }),
    );
    const user = userEvent.setup({ delay: null });
    render();
    expect(await screen.findByText('Assign an engineer to take the request on.')).toBeInTheDocument();
    // Nothing can be scheduled, resolved or closed before an engineer has it.
    expect(screen.queryByRole('button', { name: 'Schedule visit' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Mark resolved' })).not.toBeInTheDocument();

    await user.selectOptions(await screen.findByRole('combobox', { name: 'Engineer' }), ENGINEER_ID);
    await user.click(screen.getByRole('button', { name: 'Assign' }));
    await waitFor(() => expect(api.puts).toEqual([{ assigneeId: ENGINEER_ID, status: 'assigned' }]));
    expect(await screen.findByText('Assigned to Senthil Kumar. They have been emailed.')).toBeInTheDocument();

    // The buyer's preferred day is offered first.
    const visit = await screen.findByLabelText('Visit date');
    expect(visit).toHaveValue('2026-11-23');
    await user.clear(visit);
    await user.type(visit, '2026-11-25');
    await user.click(screen.getByRole('button', { name: 'Schedule visit' }));
    await waitFor(() => expect(api.puts.at(-1)).toEqual({ visitOn: '2026-11-25', status: 'scheduled' }));

    await user.click(await screen.findByRole('button', { name: 'Mark resolved' }));
    await waitFor(() => expect(api.puts.at(-1)).toEqual({ status: 'resolved' }));

    // Closing without the work done is refused by the shared schema, and nothing is sent.
    const close = await screen.findByRole('button', { name: 'Close with report' });
    const sent = api.puts.length;
    await user.click(close);
    expect(await screen.findByText(SERVICE_REPORT_REQUIRED_MESSAGE)).toBeInTheDocument();
    expect(screen.getByLabelText('Work done')).toHaveAttribute('aria-invalid', 'true');
    expect(api.puts).toHaveLength(sent);

    await user.type(screen.getByLabelText('Work done'), 'Replaced the spindle bearing; ran in for an hour.');
    await user.type(screen.getByRole('searchbox', { name: 'Add a spare part from the catalogue' }), 'bearing');
    await user.click(await screen.findByRole('button', { name: 'Add Spindle bearing (SB-40)' }));
    await user.click(screen.getByRole('button', { name: 'Add a part not in the catalogue' }));
    await user.type(screen.getByRole('textbox', { name: 'Part, line 2' }), 'Grease, 100 g');
    const quantity = screen.getByRole('spinbutton', { name: 'Quantity, line 1' });
    await user.clear(quantity);
    await user.type(quantity, '2');
    await user.type(screen.getByLabelText('Time spent (hours)'), '3.5');
    await user.click(close);

    await waitFor(() =>
      expect(api.puts.at(-1)).toEqual({
        status: 'closed',
        report: {
          workDone: 'Replaced the spindle bearing; ran in for an hour.',
          partsUsed: [
            { itemId: '0b0e6a4c-5f0e-4c1a-9a52-3a1f2d6b7c8e', description: 'Spindle bearing (SB-40)', quantity: 2 },
            { description: 'Grease, 100 g', quantity: 1 },
          ],
          hours: 3.5,
        },
      }),
    );
    expect(await screen.findByRole('button', { name: 'Download the service report (PDF)' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Service report' })).toBeInTheDocument();
    expect(screen.getByText('Spindle bearing (SB-40)')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Close with report' })).not.toBeInTheDocument();
  });

  it("shows the server's refusal of a step and reads the request again", async () => {
    const api = requestApi(
      buildServiceRequest({ status: 'assigned', assigneeId: ENGINEER_ID, assigneeName: 'Senthil Kumar' }),
      { refuse: { status: 409, body: { message: SERVICE_REQUEST_MESSAGES.closed } } },
    );
    const user = userEvent.setup({ delay: null });
    render();
    const visit = await screen.findByLabelText('Visit date');
    await user.type(visit, '2026-11-26');
    const readsBefore = api.reads();
    await user.click(screen.getByRole('button', { name: 'Schedule visit' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This request is closed: it cannot be changed');
    await waitFor(() => expect(api.reads()).toBeGreaterThan(readsBefore));
  });

  it('puts a 400 on the report under its field', async () => {
    const api = requestApi(
      buildServiceRequest({ status: 'resolved', assigneeId: ENGINEER_ID, assigneeName: 'Senthil Kumar' }),
      {
        refuse: {
          status: 400,
          body: {
            message: 'report.hours: Time spent must be hours from 0 to 500',
            issues: [{ path: ['report', 'hours'], message: 'Time spent must be hours from 0 to 500' }],
          },
        },
      },
    );
    const user = userEvent.setup({ delay: null });
    render();
    await user.type(await screen.findByLabelText('Work done'), 'Adjusted the collet.');
    await user.click(screen.getByRole('button', { name: 'Close with report' }));
    await waitFor(() => expect(api.puts).toHaveLength(1));
    expect(await screen.findByText('Time spent must be hours from 0 to 500')).toBeInTheDocument();
    expect(screen.getByLabelText('Time spent (hours)')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByText('Check the fields marked above.')).toBeInTheDocument();
  });

  it('matches an unregistered request to a machine of the register', async () => {
    const api = requestApi(
      buildServiceRequest({ registered: false, installationId: null, serial: 'KPM2201', model: null }),
    );
    server.use(
      http.get('/api/installations', ({ request }) => {
        expect(new URL(request.url).searchParams.get('q')).toBe('98430');
        return HttpResponse.json({
          installations: [
            {
              id: INSTALLATION_ID,
              serial: 'KPM-CL25/2201',
              machineId: 'm1',
              model: 'CL-25',
              customer: { company: 'Murugan Auto Parts', contactName: 'Murugan S', phone: '+91 98430 12345' },
            },
          ],
          total: 1,
          page: 1,
          pageSize: 8,
        });
      }),
    );
    const user = userEvent.setup({ delay: null });
    render();
    expect(await screen.findByText('Unregistered serial: KPM2201')).toBeInTheDocument();
    await user.type(screen.getByRole('searchbox', { name: 'Find the machine in the register' }), '98430');
    await user.click(await screen.findByRole('button', { name: 'Match the request to machine KPM-CL25/2201' }));
    await waitFor(() => expect(api.puts).toEqual([{ installationId: INSTALLATION_ID }]));
    expect(await screen.findByRole('link', { name: 'Open machine KPM-CL25/2201 in the register' })).toBeInTheDocument();
  });

  it("offers the closed request's report as a PDF, fetched with the session", async () => {
    requestApi(
      buildServiceRequest({
        status: 'closed',
        assigneeId: ENGINEER_ID,
        assigneeName: 'Senthil Kumar',
        closedAt: '2026-11-22T09:00:00.000Z',
        report: { workDone: 'Re-aligned the turret.', partsUsed: [], hours: 2 },
      }),
    );
    const downloads: { url: string; auth: string | null }[] = [];
    server.use(
      http.get('/api/service-requests/:id/report.pdf', ({ request }) => {
        downloads.push({ url: new URL(request.url).pathname, auth: request.headers.get('Authorization') });
        return new HttpResponse('%PDF-1.7', { headers: { 'content-type': 'application/pdf' } });
      }),
    );
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: () => 'blob:x', revokeObjectURL: () => {} }));
    localStorage.setItem(ADMIN_TOKEN_STORAGE_KEY, 'token-abc');
    const user = userEvent.setup({ delay: null });
    render();

    expect(await screen.findByText('Closed on 22 Nov 2026, 2:30 pm.')).toBeInTheDocument();
    expect(screen.getByText('Re-aligned the turret.')).toBeInTheDocument();
    expect(screen.getByText('2 hours')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Assign' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Download the service report (PDF)' }));
    await waitFor(() =>
      expect(downloads).toEqual([{ url: '/api/service-requests/sr-1/report.pdf', auth: 'Bearer token-abc' }]),
    );
  });

  it("says the server's refusal of a step in Tamil", async () => {
    requestApi(buildServiceRequest({ status: 'scheduled', assigneeId: ENGINEER_ID, assigneeName: 'Senthil Kumar' }), {
      refuse: { status: 409, body: { message: serviceRequestTransitionMessage('scheduled', 'resolved') } },
    });
    const user = userEvent.setup({ delay: null });
    renderWithProviders(<ServiceRequestScreen serviceRequestId="sr-1" />, { wrapper: inAdminLocale('ta') });
    await user.click(await screen.findByRole('button', { name: 'சரிசெய்யப்பட்டதாகக் குறி' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'கோரிக்கையை “வருகை திட்டமிடப்பட்டது” நிலையிலிருந்து “சரிசெய்யப்பட்டது” நிலைக்கு மாற்ற முடியாது',
    );
  });

  it('speaks Hindi, refusals included', async () => {
    requestApi(buildServiceRequest({ status: 'resolved', assigneeId: ENGINEER_ID, assigneeName: 'Senthil Kumar' }));
    const user = userEvent.setup({ delay: null });
    renderWithProviders(<ServiceRequestScreen serviceRequestId="sr-1" />, { wrapper: inAdminLocale('hi') });
    await user.click(await screen.findByRole('button', { name: 'रिपोर्ट के साथ बंद करें' }));
    expect(await screen.findByText('अनुरोध बंद करने के लिए रिपोर्ट (किया गया काम) लिखें')).toBeInTheDocument();
  });
});
