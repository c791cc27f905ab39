import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { ADMIN_TOKEN_STORAGE_KEY, ADMIN_USER_STORAGE_KEY, type StaffRole } from '@capstan/shared';
import { adminStatsHandler } from '@/testing/mocks/admin-stats';
import { meHandler } from '@/testing/mocks/me';
import { server } from '@/testing/mocks/server';
import { buildServiceRequest, serviceRequestList } from '@/testing/mocks/service-requests';
import { renderApp } from '@/testing/test-utils';
import { NOT_FOR_YOUR_ROLE } from './require-permission';

/** Issue 40's service desk in the back office: its sidebar entry, its overdue count and its routes. */
function signInAs(role: StaffRole) {
  server.use(meHandler(role), adminStatsHandler());
  localStorage.setItem(ADMIN_TOKEN_STORAGE_KEY, `${role}-token`);
  localStorage.setItem(
    ADMIN_USER_STORAGE_KEY,
    JSON.stringify({ id: `${role}-id`, email: `${role}@example.com`, username: role }),
  );
}

const nav = () => {
  const found = screen.getAllByRole('navigation', { name: 'Admin' })[0];
  if (!found) throw new Error('no admin navigation');
  return found;
};

describe('the Service requests screens in the back office', () => {
  it('the service role gets the sidebar entry with the count of overdue requests, and the list', async () => {
    signInAs('service');
    const overdue = [buildServiceRequest({ id: 'sr-5', reference: 'SR-2026-00005', overdue: true })];
    server.use(
      http.get('/api/service-requests', ({ request }) => {
        const params = new URL(request.url).searchParams;
        return HttpResponse.json(
          params.get('overdue') === '1'
            ? serviceRequestList(overdue, { total: 3, pageSize: 5 })
            : serviceRequestList([buildServiceRequest()]),
        );
      }),
    );
    renderApp('/admin/service-requests');

    expect(await screen.findByRole('heading', { level: 1, name: 'Service requests' })).toBeInTheDocument();
    const link = await within(nav()).findByRole('link', { name: /Service requests/ });
    expect(link).toHaveAttribute('href', '/admin/service-requests');
    expect(await within(link).findByTestId('overdue-service-badge')).toHaveTextContent('3 overdue');
    expect(await screen.findByRole('table', { name: 'Service requests' })).toBeInTheDocument();
  });

  it('sales neither see the entry nor open the screens', async () => {
    signInAs('sales');
    server.use(
      http.get('/api/service-requests', () => {
        throw new Error('sales must not ask for service requests');
      }),
    );
    renderApp('/admin/service-requests/sr-1');
    expect(await screen.findByText(NOT_FOR_YOUR_ROLE)).toBeInTheDocument();
    await within(nav()).findByRole('link', { name: 'Quotations' });
    expect(within(nav()).queryByRole('link', { name: /Service requests/ })).not.toBeInTheDocument();
  });
});
