import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { ServiceRequest } from '@capstan/shared';
import { meHandler } from '@/testing/mocks/me';
import { server } from '@/testing/mocks/server';
import { buildServiceRequest, serviceRequestList } from '@/testing/mocks/service-requests';
import { inAdminLocale } from '@/testing/locale';
import { renderWithProviders } from '@/testing/test-utils';
import { ServiceRequestsScreen } from './service-requests-screen';

const NOW = new Date('2026-11-20T10:00:00.000Z');

const DOWN = buildServiceRequest({
  id: 'sr-2',
  reference: 'SR-2026-00018',
  machineDown: true,
  overdue: true,
  registered: false,
  installationId: null,
  serial: 'XYZ-99',
  model: null,
  name: 'Lakshmi Engineering',
  phone: '044 2345 6789',
  // Three hours before NOW.
  createdAt: '2026-11-20T07:00:00.000Z',
});
const SCHEDULED = buildServiceRequest({
  id: 'sr-1',
  status: 'scheduled',
  assigneeId: 'e1',
  assigneeName: 'Senthil Kumar',
  visitOn: '2026-11-24',
  createdAt: '2026-11-18T04:30:00.000Z',
});
const CLOSED = buildServiceRequest({ id: 'sr-0', reference: 'SR-2026-00011', status: 'closed' });
const ALL: ServiceRequest[] = [DOWN, SCHEDULED, CLOSED];

/** The list as the server answers it, and each query string asked. */
function listApi({ total }: { total?: number } = {}) {
  const asked: URLSearchParams[] = [];
  server.use(
    http.get('/api/service-requests', ({ request }) => {
      const params = new URL(request.url).searchParams;
      asked.push(params);
      const status = params.get('status');
      const q = params.get('q')?.toLowerCase();
      const shown = ALL.filter(
        (one) =>
          (status === null ||
            (status === 'open' ? ['new', 'assigned', 'scheduled'].includes(one.status) : one.status === status)) &&
          (params.get('overdue') !== '1' || one.overdue) &&
          (!q || `${one.reference} ${one.serial} ${one.name} ${one.phone}`.toLowerCase().includes(q)),
      );
      return HttpResponse.json(
        serviceRequestList(shown, { total: total ?? shown.length, page: Number(params.get('page') ?? 1) }),
      );
    }),
  );
  return asked;
}

/** The desktop table; phones get the same rows as cards. */
const table = () => screen.getByRole('table', { name: 'Service requests' });

const lastAsked = (asked: URLSearchParams[]) => Object.fromEntries(asked.at(-1) ?? []);

beforeEach(() => {
  server.use(meHandler('service'));
  // Only Date is faked: the ages are read against a fixed now, while timers (the search's pause) run.
  vi.useFakeTimers({ toFake: ['Date'], now: NOW });
});

describe('the Service requests list', () => {
  it('opens on the open requests: reference, badges, machine, customer, age, engineer and visit', async () => {
    const asked = listApi();
    renderWithProviders(<ServiceRequestsScreen />, { url: '/admin/service-requests' });

    expect(await screen.findByRole('heading', { level: 1, name: 'Service requests' })).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'Service requests' });
    const rows = within(table).getAllByTestId('service-request-row');
    expect(rows).toHaveLength(2);
    expect(lastAsked(asked)).toEqual({ status: 'open', pageSize: '25' });
    expect(screen.getByRole('button', { name: 'Open' })).toHaveAttribute('aria-pressed', 'true');

    const [down, scheduled] = rows as [HTMLElement, HTMLElement];
    expect(within(down).getByRole('link', { name: 'SR-2026-00018' })).toHaveAttribute(
      'href',
      '/admin/service-requests/sr-2',
    );
    expect(within(down).getByText('Machine down')).toHaveAttribute('data-badge', 'machine-down');
    expect(within(down).getByText('Unregistered')).toBeInTheDocument();
    expect(within(down).getByText('Overdue')).toBeInTheDocument();
    expect(within(down).getByText('XYZ-99')).toBeInTheDocument();
    expect(within(down).getByRole('link', { name: '044 2345 6789' })).toHaveAttribute('href', 'tel:04423456789');
    expect(within(down).getByText('3 hr ago')).toBeInTheDocument();
    expect(within(down).getByText('Not assigned')).toBeInTheDocument();

    expect(within(scheduled).queryByText('Machine down')).not.toBeInTheDocument();
    expect(within(scheduled).queryByText('Unregistered')).not.toBeInTheDocument();
    expect(within(scheduled).getByText('KPM-CL25/2201')).toBeInTheDocument();
    expect(within(scheduled).getByText('CL-25 Capstan Lathe')).toBeInTheDocument();
    expect(within(scheduled).getByText('Visit scheduled')).toBeInTheDocument();
    expect(within(scheduled).getByText('Senthil Kumar')).toBeInTheDocument();
    expect(within(scheduled).getByText('24 Nov 2026')).toBeInTheDocument();
    expect(within(scheduled).getByText('2 days ago')).toBeInTheDocument();

    // Phones get the same requests as cards.
    const cards = within(screen.getByRole('list', { name: 'Service requests' })).getAllByTestId('service-request-card');
    expect(cards).toHaveLength(2);
    expect(within(cards[0]!).getByRole('link', { name: '044 2345 6789' })).toBeInTheDocument();
  });

  it('switches views: a status, the overdue ones, all', async () => {
    const asked = listApi();
    const user = userEvent.setup({ delay: null });
    renderWithProviders(<ServiceRequestsScreen />, { url: '/admin/service-requests' });
    await screen.findByRole('table', { name: 'Service requests' });

    await user.click(screen.getByRole('button', { name: 'Closed' }));
    await waitFor(() => expect(lastAsked(asked)).toEqual({ status: 'closed', pageSize: '25' }));
    await waitFor(() => expect(screen.getAllByTestId('service-request-row')).toHaveLength(1));
    expect(within(table()).getByRole('link', { name: 'SR-2026-00011' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Closed' })).toHaveAttribute('aria-pressed', 'true');

    await user.click(screen.getByRole('button', { name: 'Overdue' }));
    await waitFor(() => expect(lastAsked(asked)).toEqual({ overdue: '1', pageSize: '25' }));
    await waitFor(() => expect(screen.getAllByTestId('service-request-row')).toHaveLength(1));
    expect(within(table()).getByRole('link', { name: 'SR-2026-00018' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'All' }));
    await waitFor(() => expect(lastAsked(asked)).toEqual({ pageSize: '25' }));
    await waitFor(() => expect(screen.getAllByTestId('service-request-row')).toHaveLength(3));
  });

  it('searches from the address and as staff type, keeping the view', async () => {
    const asked = listApi();
    const user = userEvent.setup({ delay: null });
    renderWithProviders(<ServiceRequestsScreen />, { url: '/admin/service-requests?status=all&q=xyz' });

    await waitFor(() => expect(screen.getAllByTestId('service-request-row')).toHaveLength(1));
    expect(lastAsked(asked)).toEqual({ q: 'xyz', pageSize: '25' });
    const search = screen.getByRole('searchbox', { name: 'Search' });
    expect(search).toHaveValue('xyz');

    await user.clear(search);
    await user.type(search, '98430');
    await waitFor(() => expect(lastAsked(asked)).toEqual({ q: '98430', pageSize: '25' }));
    await waitFor(() => expect(screen.getAllByTestId('service-request-row')).toHaveLength(2));
    expect(screen.getByRole('button', { name: 'All' })).toHaveAttribute('aria-pressed', 'true');

    await user.clear(search);
    await user.type(search, 'nothing like it');
    expect(await screen.findByText('No service requests match “nothing like it” here.')).toBeInTheDocument();
  });

  it('pages through a long list', async () => {
    const asked = listApi({ total: 60 });
    const user = userEvent.setup({ delay: null });
    renderWithProviders(<ServiceRequestsScreen />, { url: '/admin/service-requests' });
    expect(await screen.findByText('60 requests')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Page 2' }));
    await waitFor(() => expect(lastAsked(asked)).toEqual({ status: 'open', page: '2', pageSize: '25' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page'));
  });

  it('says when a view is empty, and offers Retry when the list does not load', async () => {
    let fail = true;
    server.use(
      http.get('/api/service-requests', () =>
        fail ? HttpResponse.json({ message: 'boom' }, { status: 500 }) : HttpResponse.json(serviceRequestList([])),
      ),
    );
    const user = userEvent.setup({ delay: null });
    renderWithProviders(<ServiceRequestsScreen />, { url: '/admin/service-requests?status=resolved' });
    expect(await screen.findByText('Could not load the service requests.')).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('No service requests in “Resolved”.')).toBeInTheDocument();
  });

  it('speaks Tamil to a person who chose it', async () => {
    listApi();
    renderWithProviders(<ServiceRequestsScreen />, {
      url: '/admin/service-requests',
      wrapper: inAdminLocale('ta'),
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'சர்வீஸ் கோரிக்கைகள்' })).toBeInTheDocument();
    const table = await screen.findByRole('table');
    expect(within(table).getAllByText('மெஷின் நின்றுவிட்டது')[0]).toBeInTheDocument();
    expect(within(table).getByText('3 ம. முன்')).toBeInTheDocument();
  });
});
