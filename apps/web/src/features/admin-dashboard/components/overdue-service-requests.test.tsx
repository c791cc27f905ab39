import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import type { StaffRole } from '@capstan/shared';
import { adminStatsHandler, quotationSummaryHandler } from '@/testing/mocks/admin-stats';
import { meHandler } from '@/testing/mocks/me';
import { server } from '@/testing/mocks/server';
import { buildServiceRequest, serviceRequestList } from '@/testing/mocks/service-requests';
import { renderWithProviders } from '@/testing/test-utils';
import { AdminDashboard } from './admin-dashboard';

const OVERDUE = [
  buildServiceRequest({
    id: 'sr-9',
    reference: 'SR-2026-00021',
    machineDown: true,
    overdue: true,
    createdAt: '2026-11-20T04:00:00.000Z',
  }),
  buildServiceRequest({ id: 'sr-7', reference: 'SR-2026-00019', overdue: true, createdAt: '2026-11-19T04:00:00.000Z' }),
];

/** The overdue requests the card reads, and whether it was asked at all. */
function overdueApi(total: number) {
  const asked: string[] = [];
  server.use(
    http.get('/api/service-requests', ({ request }) => {
      asked.push(new URL(request.url).search);
      return HttpResponse.json(serviceRequestList(total === 0 ? [] : OVERDUE, { total, pageSize: 5 }));
    }),
  );
  return asked;
}

function signedInAs(role: StaffRole) {
  server.use(meHandler(role), adminStatsHandler(), quotationSummaryHandler());
}

describe('the dashboard card of overdue service requests', () => {
  it.each(['owner', 'service'] as const)('lists them with their age and links for %s, with the total', async (role) => {
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-11-20T10:00:00.000Z') });
    signedInAs(role);
    const asked = overdueApi(7);
    renderWithProviders(<AdminDashboard />);

    const card = await screen.findByTestId('overdue-service-requests');
    expect(within(card).getByRole('heading', { level: 2, name: 'Overdue service requests' })).toBeInTheDocument();
    const list = await within(card).findByRole('list', { name: 'Overdue service requests' });
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(within(items[0]!).getByRole('link', { name: 'SR-2026-00021' })).toHaveAttribute(
      'href',
      '/admin/service-requests/sr-9',
    );
    expect(within(items[0]!).getByText('Machine down')).toBeInTheDocument();
    expect(items[0]).toHaveTextContent('6 hr ago');
    expect(items[1]).toHaveTextContent('1 day ago');
    expect(within(card).getByTestId('overdue-service-total')).toHaveTextContent('7');
    expect(within(card).getByRole('link', { name: 'See all 7 overdue requests' })).toHaveAttribute(
      'href',
      '/admin/service-requests?status=overdue',
    );
    expect(asked).toEqual(['?overdue=1&pageSize=5']);
  });

  it('says "None overdue" when there are none', async () => {
    signedInAs('owner');
    overdueApi(0);
    renderWithProviders(<AdminDashboard />);
    const card = await screen.findByTestId('overdue-service-requests');
    expect(await within(card).findByText('None overdue.')).toBeInTheDocument();
    expect(within(card).queryByRole('link')).not.toBeInTheDocument();
  });

  it.each([
    ['sales', 'View inquiries'],
    ['editor', 'Choose featured products'],
  ] as const)('is not there for %s, who do not handle service', async (role, roleAction) => {
    signedInAs(role);
    const asked = overdueApi(3);
    renderWithProviders(<AdminDashboard />);
    // The role is known once its own quick action shows.
    expect(await screen.findByRole('link', { name: roleAction })).toBeInTheDocument();
    expect(screen.queryByTestId('overdue-service-requests')).not.toBeInTheDocument();
    expect(screen.queryByText('Overdue service requests')).not.toBeInTheDocument();
    expect(asked).toEqual([]);
  });
});
