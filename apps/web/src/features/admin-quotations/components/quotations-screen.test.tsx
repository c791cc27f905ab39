import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { Route, Routes, useLocation } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { type Quotation, TOTAL_COUNT_HEADER } from '@capstan/shared';
import { meHandler } from '@/testing/mocks/me';
import { server } from '@/testing/mocks/server';
import { inAdminLocale } from '@/testing/locale';
import { renderWithProviders } from '@/testing/test-utils';
import { buildQuotation } from '../testing/quotation-fixtures';
import { QuotationScreen } from './quotation-screen';
import { QuotationsScreen } from './quotations-screen';

const DRAFT = buildQuotation({ id: 'q3', number: 'KPM/Q/2026-27/0003', createdAt: '2026-11-23T05:00:00.000Z' });
const ACCEPTED = buildQuotation({
  id: 'q2',
  number: 'KPM/Q/2026-27/0002-R2',
  revision: 2,
  status: 'accepted',
  buyer: { ...DRAFT.buyer, name: 'Meena Iyer', company: 'Iyer Tools', gstin: '27AAPFU0939F1ZV', state: '27' },
  totals: { taxableValue: 1890000, cgst: 0, sgst: 0, igst: 340200, roundOff: 0, total: 2230200 },
  supply: 'interState',
  placeOfSupply: { code: '27', name: 'Maharashtra' },
  amountInWords: 'Rupees Twenty-Two Lakh Thirty Thousand Two Hundred Only',
  sentAt: '2026-11-22T04:30:00.000Z',
  viewedAt: '2026-11-22T06:45:00.000Z',
  acceptedAt: '2026-11-22T09:00:00.000Z',
  acceptance: { name: 'Meena Iyer', purchaseOrder: 'PO-7781' },
  changeRequests: [{ message: 'Please quote 5% less on the collets.', at: '2026-11-22T05:00:00.000Z' }],
});
const SUPERSEDED = buildQuotation({ id: 'q1', number: 'KPM/Q/2026-27/0002', status: 'superseded' });
const ALL: Quotation[] = [DRAFT, ACCEPTED, SUPERSEDED];

/** `GET /api/quotations` as the server answers it: by status, a page at a time; records each query. */
function quotationsApi(all: Quotation[] = ALL) {
  const asked: string[] = [];
  server.use(
    http.get('/api/quotations', ({ request }) => {
      const url = new URL(request.url);
      asked.push(url.search);
      const status = url.searchParams.get('status');
      const page = Number(url.searchParams.get('page') ?? '1');
      const size = Number(url.searchParams.get('pageSize') ?? '50');
      const found = all.filter((q) => !status || q.status === status);
      return HttpResponse.json(found.slice((page - 1) * size, page * size), {
        headers: { [TOTAL_COUNT_HEADER]: String(found.length) },
      });
    }),
    http.get('/api/quotations/:id', ({ params }) => HttpResponse.json(all.find((q) => q.id === params.id))),
  );
  return asked;
}

/** 60 quotations, newest first: every seventh one accepted, the others drafts. */
const MANY: Quotation[] = Array.from({ length: 60 }, (_, index) => {
  const n = String(60 - index).padStart(4, '0');
  return buildQuotation({
    id: `m${n}`,
    number: `KPM/Q/2026-27/${n}`,
    status: index % 7 === 0 ? 'accepted' : 'draft',
  });
});

function ShowUrl() {
  const location = useLocation();
  return <output data-testid="url">{`${location.pathname}${location.search}`}</output>;
}

function renderList(url = '/admin/quotations') {
  return renderWithProviders(
    <Routes>
      <Route
        path="/admin/quotations"
        element={
          <>
            <QuotationsScreen />
            <ShowUrl />
          </>
        }
      />
    </Routes>,
    { url },
  );
}

const rows = () => screen.getAllByTestId('quotation-row');

beforeEach(() => {
  server.use(meHandler('sales'));
});

describe('the Quotations screen', () => {
  it('lists number, buyer, date, total and status, and filters by status', async () => {
    const asked = quotationsApi();
    const user = userEvent.setup({ delay: null });
    renderWithProviders(<QuotationsScreen />, { url: '/admin/quotations' });

    expect(await screen.findByRole('heading', { level: 1, name: 'Quotations' })).toBeInTheDocument();
    await waitFor(() => expect(rows()).toHaveLength(3));
    const accepted = rows()[1]!;
    expect(within(accepted).getByRole('link', { name: 'KPM/Q/2026-27/0002-R2' })).toHaveAttribute(
      'href',
      '/admin/quotations/q2',
    );
    expect(accepted).toHaveTextContent('Meena Iyer');
    expect(accepted).toHaveTextContent('Iyer Tools');
    expect(accepted).toHaveTextContent('22 Nov 2026');
    expect(accepted).toHaveTextContent('₹22,30,200.00');
    expect(within(accepted).getByText('Accepted')).toBeInTheDocument();
    // What each status allows: a draft is edited and sent, an accepted one only printed.
    expect(within(rows()[0]!).getByRole('link', { name: 'Edit KPM/Q/2026-27/0003' })).toBeInTheDocument();
    expect(within(rows()[0]!).getByRole('button', { name: 'Send KPM/Q/2026-27/0003' })).toBeInTheDocument();
    expect(within(accepted).queryByRole('link', { name: /Edit|Revise/ })).not.toBeInTheDocument();
    expect(within(accepted).queryByRole('button', { name: /Send/ })).not.toBeInTheDocument();
    expect(within(accepted).getByRole('button', { name: 'Download the PDF of KPM/Q/2026-27/0002-R2' })).toBeVisible();

    await user.selectOptions(screen.getByRole('combobox', { name: 'Filter by status' }), 'accepted');
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(rows()[0]).toHaveTextContent('KPM/Q/2026-27/0002-R2');
    expect(asked).toEqual(['?pageSize=50', '?status=accepted&pageSize=50']);

    await user.selectOptions(screen.getByRole('combobox', { name: 'Filter by status' }), 'expired');
    expect(await screen.findByText('No quotations with status Expired.')).toBeInTheDocument();
  });

  it('shows 50 a page with the count, pages with the Pagination control, and a new status starts at page 1', async () => {
    const asked = quotationsApi(MANY);
    const user = userEvent.setup({ delay: null });
    renderList();

    await waitFor(() => expect(rows()).toHaveLength(50));
    expect(screen.getByText('60 quotations')).toBeInTheDocument();
    expect(rows()[0]).toHaveTextContent('KPM/Q/2026-27/0060');
    const pages = screen.getByRole('navigation', { name: 'Pagination' });
    expect(within(pages).getByRole('button', { name: 'Page 1' })).toHaveAttribute('aria-current', 'page');

    await user.click(within(pages).getByRole('button', { name: 'Page 2' }));
    await waitFor(() => expect(rows()).toHaveLength(10));
    expect(rows()[0]).toHaveTextContent('KPM/Q/2026-27/0010');
    expect(rows()[9]).toHaveTextContent('KPM/Q/2026-27/0001');
    expect(screen.getByTestId('url')).toHaveTextContent('/admin/quotations?page=2');
    expect(screen.getByRole('button', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByText('60 quotations')).toBeInTheDocument();

    await user.selectOptions(screen.getByRole('combobox', { name: 'Filter by status' }), 'accepted');
    await waitFor(() => expect(rows()).toHaveLength(9));
    expect(screen.getByTestId('url')).toHaveTextContent(/^\/admin\/quotations\?status=accepted$/);
    expect(screen.getByText('9 quotations')).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Pagination' })).not.toBeInTheDocument();
    expect(asked).toEqual(['?pageSize=50', '?page=2&pageSize=50', '?status=accepted&pageSize=50']);
  });

  it('goes to the last page there is when the address asks for one past the end', async () => {
    const asked = quotationsApi(MANY);
    renderList('/admin/quotations?page=7');

    await waitFor(() => expect(screen.getByTestId('url')).toHaveTextContent('/admin/quotations?page=2'));
    await waitFor(() => expect(rows()).toHaveLength(10));
    expect(screen.queryByText('No quotations yet. Prepare one from an inquiry.')).not.toBeInTheDocument();
    expect(asked).toEqual(['?page=7&pageSize=50', '?page=2&pageSize=50']);
  });

  it('exports the accepted quotations as CSV and Excel for a date range', async () => {
    quotationsApi();
    const exports: string[] = [];
    server.use(
      http.get(/\/api\/quotations\/export\.(csv|xlsx)/, ({ request }) => {
        const url = new URL(request.url);
        exports.push(`${url.pathname}${url.search}`);
        return new HttpResponse('GSTIN,HSN\r\n', { headers: { 'content-type': 'text/csv' } });
      }),
    );
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: () => 'blob:x', revokeObjectURL: () => {} }));
    const user = userEvent.setup({ delay: null });
    renderWithProviders(<QuotationsScreen />, { url: '/admin/quotations' });
    await waitFor(() => expect(rows()).toHaveLength(3));

    await user.click(screen.getByRole('button', { name: 'CSV' }));
    await waitFor(() => expect(exports).toEqual(['/api/quotations/export.csv']));
    await user.type(screen.getByLabelText('From'), '2026-11-01');
    await user.type(screen.getByLabelText('To'), '2026-11-30');
    await user.click(screen.getByRole('button', { name: 'Excel' }));
    await waitFor(() =>
      expect(exports).toEqual([
        '/api/quotations/export.csv',
        '/api/quotations/export.xlsx?from=2026-11-01&to=2026-11-30',
      ]),
    );
  });

  it('opens one: its lines, totals in words, and what the buyer did', async () => {
    quotationsApi();
    renderWithProviders(<QuotationScreen quotationId="q2" />, { url: '/admin/quotations/q2' });

    expect(await screen.findByRole('heading', { level: 1, name: 'KPM/Q/2026-27/0002-R2 Accepted' })).toBeVisible();
    expect(screen.getByText('Revision 2', { exact: false })).toBeInTheDocument();
    expect(screen.getByTestId('supply-note')).toHaveTextContent(
      'Place of supply: Maharashtra (27), another state: IGST.',
    );
    expect(screen.getByText('IGST', { selector: 'dt' })).toBeInTheDocument();
    expect(screen.queryByText('CGST', { selector: 'dt' })).not.toBeInTheDocument();
    expect(screen.getByText('Rupees Twenty-Two Lakh Thirty Thousand Two Hundred Only')).toBeInTheDocument();
    const history = screen.getByRole('list', { name: 'What happened' });
    expect(
      within(history)
        .getAllByRole('listitem')
        .map((item) => item.firstChild?.textContent),
    ).toEqual(['Made', 'Sent', 'Viewed by the buyer', 'Accepted']);
    expect(screen.getByTestId('acceptance')).toHaveTextContent('Accepted by Meena Iyer, purchase order PO-7781.');
    expect(screen.getByText('Please quote 5% less on the collets.')).toBeInTheDocument();
    expect(screen.getByText('₹22,30,200.00')).toBeInTheDocument();
  });

  it('speaks Hindi, with its status names', async () => {
    quotationsApi();
    renderWithProviders(<QuotationsScreen />, { url: '/admin/quotations', wrapper: inAdminLocale('hi') });
    expect(await screen.findByRole('heading', { level: 1, name: 'कोटेशन' })).toBeInTheDocument();
    await waitFor(() => expect(rows()).toHaveLength(3));
    expect(within(rows()[1]!).getByText('स्वीकार किया गया')).toBeInTheDocument();
    expect(within(rows()[1]!).getByText('₹22,30,200.00')).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'स्टेटस से फ़िल्टर करें' })).toBeInTheDocument();
  });
});
