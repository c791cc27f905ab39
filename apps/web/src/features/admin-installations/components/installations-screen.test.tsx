import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { Route, Routes, useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { indianToday, type InstallationDetail, warrantyEndsOn } from '@capstan/shared';
import { meHandler } from '@/testing/mocks/me';
import { server } from '@/testing/mocks/server';
import { inAdminLocale } from '@/testing/locale';
import { renderWithProviders } from '@/testing/test-utils';
import { buildInstallation, listOf } from '../testing/installation-fixtures';
import { InstallationsScreen } from './installations-screen';

const today = indianToday();
/** 60 machines: the first ends its warranty in 12 days, the second has expired, the others run long. */
const MACHINES: InstallationDetail[] = Array.from({ length: 60 }, (_, index) => {
  const n = String(index + 1).padStart(2, '0');
  const ends = index === 0 ? addDays(today, 12) : index === 1 ? '2025-01-31' : warrantyEndsOn(today, 20);
  return buildInstallation({
    id: `inst${n}`,
    serial: `KPM-NP38/22${n}`,
    warrantyEndsOn: ends,
    customer: {
      ...buildInstallation().customer,
      company: index === 7 ? 'Iyer Tools' : `Customer ${n}`,
      phone: `+91 98430 123${n}`,
    },
    ...(index === 1 ? { amc: null } : {}),
    ...(index === 2 ? { amc: { status: 'expired', endsOn: '2026-03-31', visitsLeft: 0 } } : {}),
  });
});

function addDays(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** `GET /api/installations` answering from MACHINES by company or serial, 25 a page; records each query. */
function listApi() {
  const asked: string[] = [];
  server.use(
    http.get('/api/installations', ({ request }) => {
      const url = new URL(request.url);
      asked.push(url.search);
      const q = (url.searchParams.get('q') ?? '').toLowerCase();
      const page = Number(url.searchParams.get('page') ?? '1');
      const size = Number(url.searchParams.get('pageSize') ?? '25');
      const found = MACHINES.filter(
        (m) => q === '' || m.customer.company.toLowerCase().includes(q) || m.serial.toLowerCase().includes(q),
      );
      return HttpResponse.json({
        ...listOf(found.slice((page - 1) * size, page * size), page, found.length),
        pageSize: size,
      });
    }),
  );
  return asked;
}

function ShowUrl() {
  const location = useLocation();
  return <output data-testid="url">{`${location.pathname}${location.search}`}</output>;
}

function renderList(url = '/admin/installations', options: Parameters<typeof renderWithProviders>[1] = {}) {
  return renderWithProviders(
    <Routes>
      <Route
        path="/admin/installations"
        element={
          <>
            <InstallationsScreen />
            <ShowUrl />
          </>
        }
      />
    </Routes>,
    { ...options, url },
  );
}

const rows = () => screen.getAllByTestId('installation-row');

describe('the register of installed machines', () => {
  it('lists serial, model, customer, phone, warranty with its badge and AMC, a page at a time', async () => {
    server.use(meHandler('service'));
    const asked = listApi();
    const u = userEvent.setup({ delay: null });
    renderList();

    expect(await screen.findByRole('heading', { level: 1, name: 'Installed machines' })).toBeVisible();
    await waitFor(() => expect(rows()).toHaveLength(25));
    expect(screen.getByText('60 machines')).toBeInTheDocument();
    const [first, second, third] = rows() as [HTMLElement, HTMLElement, HTMLElement];
    expect(within(first).getByRole('link', { name: 'KPM-NP38/2201' })).toHaveAttribute(
      'href',
      '/admin/installations/inst01',
    );
    expect(first).toHaveTextContent('NP-38 Capstan Lathe');
    expect(first).toHaveTextContent('Customer 01');
    expect(first).toHaveTextContent('R. Selvam');
    expect(first).toHaveTextContent('+91 98430 12301');
    expect(within(first).getByText('Ends in 12 days')).toBeInTheDocument();
    expect(within(first).getByText('Active')).toBeInTheDocument();
    expect(within(second).getByText('Expired')).toBeInTheDocument();
    expect(second).toHaveTextContent('31 Jan 2025');
    expect(within(second).getByText('No AMC')).toBeInTheDocument();
    expect(within(third).getByText('In warranty')).toBeInTheDocument();
    expect(third).toHaveTextContent('until 31 Mar 2026');
    // The same rows as cards for a phone (the table shows from the md breakpoint, the cards below it).
    expect(screen.getAllByTestId('installation-card')).toHaveLength(25);

    // Owners and the service role register machines and import them.
    expect(screen.getByRole('link', { name: 'Register a machine' })).toHaveAttribute(
      'href',
      '/admin/installations/new',
    );
    expect(screen.getByRole('link', { name: 'Import / export' })).toHaveAttribute(
      'href',
      '/admin/installations/import',
    );

    await u.click(screen.getByRole('button', { name: 'Page 3' }));
    await waitFor(() => expect(rows()).toHaveLength(10));
    expect(rows()[0]).toHaveTextContent('KPM-NP38/2251');
    expect(screen.getByTestId('url')).toHaveTextContent('/admin/installations?page=3');
    expect(asked).toEqual(['?pageSize=25', '?page=3&pageSize=25']);
  });

  it('searches as typing settles, keeps the search in the URL, and starts it at its first page', async () => {
    server.use(meHandler('sales'));
    const asked = listApi();
    const u = userEvent.setup({ delay: null });
    renderList('/admin/installations?page=2');
    await waitFor(() => expect(rows()).toHaveLength(25));
    expect(rows()[0]).toHaveTextContent('KPM-NP38/2226');

    await u.type(screen.getByLabelText('Search'), 'iyer');
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(rows()[0]).toHaveTextContent('Iyer Tools');
    expect(screen.getByTestId('url')).toHaveTextContent('/admin/installations?q=iyer');
    // Typing settled once: one search, not one per letter.
    expect(asked).toEqual(['?page=2&pageSize=25', '?q=iyer&pageSize=25']);
    // Sales read the register; they neither register nor import.
    expect(screen.queryByRole('link', { name: 'Register a machine' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Import / export' })).not.toBeInTheDocument();

    await u.clear(screen.getByLabelText('Search'));
    await u.type(screen.getByLabelText('Search'), 'nobody');
    expect(await screen.findByText('No machine matches “nobody”.')).toBeInTheDocument();
  });

  it('opens on the search of its URL, and speaks Tamil', async () => {
    server.use(meHandler('owner', 'ta'));
    listApi();
    renderList('/admin/installations?q=iyer', { wrapper: inAdminLocale('ta') });
    expect(await screen.findByRole('heading', { level: 1, name: 'நிறுவப்பட்ட மெஷின்கள்' })).toBeVisible();
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(screen.getByLabelText('தேடு')).toHaveValue('iyer');
    expect(within(rows()[0]!).getByText('வாரண்டியில் உள்ளது')).toBeInTheDocument();
  });

  it('says when the list cannot be loaded, and asks again on Retry', async () => {
    server.use(meHandler('service'));
    let calls = 0;
    server.use(
      http.get('/api/installations', () => {
        calls += 1;
        return calls === 1
          ? HttpResponse.json({ message: 'Internal error' }, { status: 500 })
          : HttpResponse.json(listOf([buildInstallation()]));
      }),
    );
    const u = userEvent.setup({ delay: null });
    renderList();
    expect(await screen.findByText('Could not load the installed machines.')).toBeVisible();
    await u.click(screen.getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(rows()).toHaveLength(1));
  });
});
