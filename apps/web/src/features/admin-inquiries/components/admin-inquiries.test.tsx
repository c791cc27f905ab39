import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  ADMIN_TOKEN_STORAGE_KEY,
  ADMIN_USER_STORAGE_KEY,
  type Inquiry,
  type Quotation,
  TOTAL_COUNT_HEADER,
} from '@capstan/shared';
import { buildAdminStats } from '@/testing/mocks/admin-stats';
import { buildMe, meHandler } from '@/testing/mocks/me';
import { server } from '@/testing/mocks/server';
import { pendingReviewsHandler } from '@/testing/mocks/admin-reviews';
import { renderApp } from '@/testing/test-utils';

// Signed in as an owner, who may do everything; other roles have tests of their own.
beforeEach(() => {
  server.use(meHandler());
});
// The sidebar asks how many reviews wait for a decision on every admin screen.
beforeEach(() => server.use(pendingReviewsHandler()));

function inquiry(overrides: Partial<Inquiry>): Inquiry {
  return {
    id: 'i1',
    firstName: 'Asha',
    lastName: 'Nair',
    email: 'asha@example.com',
    phone: '+91 98765 43210',
    service: 'capstan-lathe',
    serviceLabel: null,
    message: 'Need a quote.',
    product: null,
    status: 'new',
    createdAt: '2026-11-20T09:30:00.000Z',
    reference: 'KPM-2026-00001',
    assignee: null,
    followUpOn: null,
    notes: [],
    items: [],
    ...overrides,
  };
}

const NEWEST = inquiry({
  id: 'i2',
  firstName: 'Ravi',
  lastName: 'Kumar',
  email: 'ravi@example.com',
  phone: '044-2345 6789',
  service: 'maintenance',
  product: 'Capstan Lathe CL-25',
  message: 'Line one\n  <b>not bold</b>',
  status: 'new',
  createdAt: '2026-11-21T04:15:00.000Z',
});
const OLDER = inquiry({ id: 'i1', status: 'contacted', service: null });

function signIn() {
  localStorage.setItem(ADMIN_TOKEN_STORAGE_KEY, 'token-abc');
  localStorage.setItem(ADMIN_USER_STORAGE_KEY, JSON.stringify({ id: 'u1', email: 'a@example.com', username: 'ravi' }));
}

/** A tiny in-memory server: the list, the PATCH, and stats whose new count follows the list. */
function inquiryApi(initial: Inquiry[], { failPatch = false, quotations = [] as Quotation[] } = {}) {
  let list = initial.map((i) => ({ ...i }));
  const patches: { id: string; body: unknown; auth: string | null }[] = [];
  const queries: string[] = [];
  const exports: string[] = [];
  const puts: { id: string; body: unknown }[] = [];
  const notes: { id: string; body: unknown }[] = [];
  const quotationQueries: string[] = [];
  server.use(
    http.get('/api/inquiries/assignees', () =>
      HttpResponse.json([
        { id: 'u1', email: 'a@example.com' },
        { id: 'u2', email: 'sales@example.com' },
      ]),
    ),
    http.put('/api/inquiries/:id', async ({ params, request }) => {
      const body = (await request.json()) as { assigneeId?: string | null; followUpOn?: string | null };
      puts.push({ id: String(params.id), body });
      const staff = { u1: 'a@example.com', u2: 'sales@example.com' } as Record<string, string>;
      list = list.map((i) =>
        i.id === params.id
          ? {
              ...i,
              ...(body.assigneeId !== undefined
                ? { assignee: body.assigneeId ? { id: body.assigneeId, email: staff[body.assigneeId]! } : null }
                : {}),
              ...(body.followUpOn !== undefined ? { followUpOn: body.followUpOn } : {}),
            }
          : i,
      );
      return HttpResponse.json(list.find((i) => i.id === params.id));
    }),
    http.post('/api/inquiries/:id/notes', async ({ params, request }) => {
      const body = (await request.json()) as { text: string };
      notes.push({ id: String(params.id), body });
      const note = {
        id: `n${notes.length}`,
        text: body.text,
        author: 'a@example.com',
        createdAt: new Date().toISOString(),
      };
      list = list.map((i) => (i.id === params.id ? { ...i, notes: [note, ...i.notes] } : i));
      return HttpResponse.json(
        list.find((i) => i.id === params.id),
        { status: 201 },
      );
    }),
    // Filters as the server does (status, a word in the name), and remembers each query asked.
    http.get('/api/inquiries', ({ request }) => {
      const params = new URL(request.url).searchParams;
      queries.push(params.toString());
      const status = params.get('status');
      const q = params.get('q')?.toLowerCase();
      return HttpResponse.json(
        list.filter(
          (i) => (!status || i.status === status) && (!q || `${i.firstName} ${i.lastName}`.toLowerCase().includes(q)),
        ),
      );
    }),
    // Each inquiry's card asks for its own quotations (issue 39), a page as the server answers it.
    http.get('/api/quotations', ({ request }) => {
      const params = new URL(request.url).searchParams;
      quotationQueries.push(params.toString());
      const inquiryId = params.get('inquiryId');
      const theirs = quotations.filter((q) => !inquiryId || q.inquiryId === inquiryId);
      const size = Number(params.get('pageSize') ?? '50');
      return HttpResponse.json(theirs.slice(0, size), { headers: { [TOTAL_COUNT_HEADER]: String(theirs.length) } });
    }),
    http.get('/api/inquiries/export', ({ request }) => {
      exports.push(new URL(request.url).searchParams.toString());
      return new HttpResponse('\uFEFF"Reference"\r\n', { headers: { 'content-type': 'text/csv; charset=utf-8' } });
    }),
    http.get('/api/admin/stats', () =>
      HttpResponse.json(
        buildAdminStats({
          inquiries: {
            total: list.length,
            new: list.filter((i) => i.status === 'new').length,
            thisWeek: 0,
            overdue: 0,
          },
        }),
      ),
    ),
    http.patch('/api/inquiries/:id', async ({ params, request }) => {
      const body = (await request.json()) as { status: Inquiry['status'] };
      patches.push({ id: String(params.id), body, auth: request.headers.get('Authorization') });
      if (failPatch) return HttpResponse.json({ message: 'Database is busy' }, { status: 500 });
      list = list.map((i) => (i.id === params.id ? { ...i, status: body.status } : i));
      return HttpResponse.json(list.find((i) => i.id === params.id));
    }),
  );
  return { patches, queries, exports, puts, notes, quotationQueries };
}

const cards = () => within(screen.getByRole('list', { name: 'Inquiries' })).getAllByRole('listitem');

describe('Admin inquiries', () => {
  it('shows the service as the buyer chose it, a machine category by its name', async () => {
    signIn();
    inquiryApi([inquiry({ id: 'cnc', service: 'cnc-lathe', serviceLabel: 'CNC lathe / turning centre' })]);
    renderApp('/admin/inquiries');
    await screen.findByRole('list', { name: 'Inquiries' });
    const [card] = cards();
    if (!card) throw new Error('expected an inquiry');
    expect(within(card).getByText('CNC lathe / turning centre')).toBeInTheDocument();
    expect(within(card).queryByText('cnc-lathe')).not.toBeInTheDocument();
    expect(within(card).queryByText(/Capstan/)).not.toBeInTheDocument();
  });

  it("shows a quote list's lines (code, name, kind, quantity), and how many in the list row", async () => {
    signIn();
    inquiryApi([
      inquiry({
        id: 'quote',
        service: null,
        items: [
          { id: 'm1', kind: 'machine', code: 'NP-38', name: 'NP-38 Capstan Lathe', quantity: 2 },
          { id: 's1', kind: 'spare', code: 'SC-25', name: 'Spring Collet 25 mm', quantity: 1500 },
          { id: 'v1', kind: 'service', code: null, name: 'Machine Installation', quantity: 1 },
        ],
      }),
      OLDER,
    ]);
    renderApp('/admin/inquiries');
    await screen.findByRole('list', { name: 'Inquiries' });
    const [quote, plain] = cards();
    if (!quote || !plain) throw new Error('expected two inquiries');
    expect(within(quote).getByText('3 items')).toBeInTheDocument();
    const table = within(quote).getByRole('table', { name: 'Items requested by Asha Nair' });
    const rows = within(table)
      .getAllByRole('row')
      .map((row) =>
        within(row)
          .getAllByRole(row.querySelector('th') ? 'columnheader' : 'cell')
          .map((c) => c.textContent),
      );
    expect(rows).toEqual([
      ['Code', 'Item', 'Kind', 'Quantity'],
      ['NP-38', 'NP-38 Capstan Lathe', 'Machine', '2'],
      ['SC-25', 'Spring Collet 25 mm', 'Spare part', '1,500'],
      ['—', 'Machine Installation', 'Service', '1'],
    ]);
    // An inquiry from the contact form has no lines, and says nothing about them.
    expect(within(plain).queryByRole('table')).not.toBeInTheDocument();
    expect(within(plain).queryByText(/items?$/)).not.toBeInTheDocument();
  });

  it('lists inquiries newest first with contact links, service, product and the message as text', async () => {
    signIn();
    inquiryApi([NEWEST, OLDER]);
    renderApp('/admin/inquiries');

    expect(await screen.findByRole('heading', { level: 1, name: 'Inquiries' })).toBeInTheDocument();
    await screen.findByRole('list', { name: 'Inquiries' });
    const [first, second] = cards();
    if (!first || !second) throw new Error('expected two inquiries');

    expect(within(first).getByRole('heading', { name: /Ravi Kumar/ })).toBeInTheDocument();
    expect(within(first).getByRole('link', { name: 'ravi@example.com' })).toHaveAttribute(
      'href',
      'mailto:ravi@example.com',
    );
    expect(within(first).getByRole('link', { name: '044-2345 6789' })).toHaveAttribute('href', 'tel:04423456789');
    expect(within(first).getByText('Maintenance & Support')).toBeInTheDocument();
    expect(within(first).getByText('Capstan Lathe CL-25')).toBeInTheDocument();
    // Visitor text is text: the markup shows literally and the line break survives.
    const message = within(first).getByText(/not bold/);
    expect(message.textContent).toBe('Line one\n  <b>not bold</b>');
    expect(message.querySelector('b')).toBeNull();
    expect(message).toHaveClass('whitespace-pre-wrap');
    expect(within(first).getByText('21 Nov 2026, 9:45 am', { exact: false })).toBeInTheDocument();

    expect(within(second).getByRole('heading', { name: /Asha Nair/ })).toBeInTheDocument();
    expect(within(second).queryByText('Product')).not.toBeInTheDocument();
    expect(within(second).queryByText('Service')).not.toBeInTheDocument();
  });

  it('opens at the inquiry an email links to (/admin/inquiries/:id): marked, focused, with its reference', async () => {
    signIn();
    inquiryApi([NEWEST, { ...OLDER, reference: 'KPM-2026-00007' }]);
    renderApp('/admin/inquiries/i1');

    await screen.findByRole('list', { name: 'Inquiries' });
    const [first, second] = cards();
    await waitFor(() => expect(second).toHaveFocus());
    expect(second).toHaveAttribute('aria-current', 'true');
    expect(first).not.toHaveAttribute('aria-current');
    expect(within(second!).getByText('KPM-2026-00007')).toBeInTheDocument();
  });

  it("shows an inquiry's quotations with their status and total, and Prepare quotation", async () => {
    signIn();
    const quotation = {
      id: 'q1',
      inquiryId: 'i1',
      number: 'KPM/Q/2026-27/0042-R2',
      revision: 2,
      status: 'changes_requested',
      totals: { taxableValue: 1890000, cgst: 170100, sgst: 170100, igst: 0, roundOff: 0, total: 2230200 },
    } as Quotation;
    const { quotationQueries } = inquiryApi([NEWEST, OLDER], { quotations: [quotation] });
    renderApp('/admin/inquiries/i1');

    await screen.findByRole('list', { name: 'Inquiries' });
    const [first, second] = cards();
    const theirs = await within(second!).findByRole('table', { name: 'Quotations for Asha Nair' });
    const link = within(theirs).getByRole('link', { name: 'KPM/Q/2026-27/0042-R2' });
    expect(link).toHaveAttribute('href', '/admin/quotations/q1');
    const row = link.closest('tr')!;
    expect(within(row).getByText('2')).toBeInTheDocument();
    expect(within(row).getByText('Changes asked')).toBeInTheDocument();
    expect(within(row).getByText('₹22,30,200.00')).toBeInTheDocument();
    expect(within(second!).getByRole('link', { name: 'Prepare a quotation for Asha Nair' })).toHaveAttribute(
      'href',
      '/admin/inquiries/i1/quotation',
    );
    expect(await within(first!).findByText('No quotation yet.')).toBeInTheDocument();
    expect(within(first!).getByRole('link', { name: 'Prepare a quotation for Ravi Kumar' })).toBeInTheDocument();
    // Each card asked for its own inquiry's quotations, not for the list of all of them.
    expect([...new Set(quotationQueries)].sort()).toEqual(['inquiryId=i1&pageSize=50', 'inquiryId=i2&pageSize=50']);
    // An inquiry can be won (its quotation accepted): a status of the select like the others.
    const status = within(first!).getByRole('combobox', { name: 'Status for Ravi Kumar' });
    expect(within(status).getByRole('option', { name: 'Won' })).toHaveValue('won');
  });

  it('changes a status with a PATCH, and the sidebar count follows', async () => {
    signIn();
    const { patches } = inquiryApi([NEWEST, OLDER]);
    const user = userEvent.setup({ delay: null });
    renderApp('/admin/inquiries');

    const sidebarLink = await screen.findByRole('link', { name: /Inquiries/ });
    await waitFor(() => expect(sidebarLink).toHaveTextContent('1 new'));
    const select = await screen.findByRole('combobox', { name: 'Status for Ravi Kumar' });
    await user.selectOptions(select, 'quoted');

    expect(select).toHaveValue('quoted');
    await waitFor(() => expect(patches).toEqual([{ id: 'i2', body: { status: 'quoted' }, auth: 'Bearer token-abc' }]));
    await waitFor(() => expect(sidebarLink).not.toHaveTextContent('new'));
  });

  it('puts the old status back and says so when the PATCH fails', async () => {
    signIn();
    const { patches } = inquiryApi([NEWEST, OLDER], { failPatch: true });
    const user = userEvent.setup({ delay: null });
    renderApp('/admin/inquiries');

    const select = await screen.findByRole('combobox', { name: 'Status for Ravi Kumar' });
    await user.selectOptions(select, 'closed');

    expect(await screen.findByText('Could not update the status')).toBeInTheDocument();
    expect(screen.getByText('Database is busy')).toBeInTheDocument();
    await waitFor(() => expect(select).toHaveValue('new'));
    expect(patches).toHaveLength(1);
  });

  it('filters by status', async () => {
    signIn();
    inquiryApi([NEWEST, OLDER]);
    const user = userEvent.setup({ delay: null });
    renderApp('/admin/inquiries');

    await screen.findByRole('list', { name: 'Inquiries' });
    expect(cards()).toHaveLength(2);
    const filter = screen.getByRole('combobox', { name: 'Filter by status' });

    // The filter is a query to the server: wait for its answer, not for the clock.
    await user.selectOptions(filter, 'contacted');
    await waitFor(() => expect(cards()).toHaveLength(1));
    expect(within(cards()[0] as HTMLElement).getByRole('heading', { name: /Asha Nair/ })).toBeInTheDocument();

    await user.selectOptions(filter, 'closed');
    expect(await screen.findByText('No inquiries with status Closed.')).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Inquiries' })).not.toBeInTheDocument();

    await user.selectOptions(filter, 'all');
    await waitFor(() => expect(cards()).toHaveLength(2));
  });

  it('searches on the server and exports the filtered list as CSV', async () => {
    signIn();
    const { queries, exports } = inquiryApi([NEWEST, OLDER]);
    const created: Blob[] = [];
    URL.createObjectURL = (blob: Blob) => {
      created.push(blob);
      return 'blob:inquiries';
    };
    URL.revokeObjectURL = () => {};
    const user = userEvent.setup({ delay: null });
    renderApp('/admin/inquiries');
    await screen.findByRole('list', { name: 'Inquiries' });

    await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'asha');
    await waitFor(() => expect(cards()).toHaveLength(1));
    expect(queries.at(-1)).toBe('q=asha');
    expect(within(cards()[0] as HTMLElement).getByRole('heading', { name: /Asha Nair/ })).toBeInTheDocument();

    await user.selectOptions(screen.getByRole('combobox', { name: 'Filter by status' }), 'new');
    expect(await screen.findByText('No inquiries match these filters.')).toBeInTheDocument();
    expect(queries.at(-1)).toBe('q=asha&status=new');

    await user.click(screen.getByRole('button', { name: /Export CSV/ }));
    await waitFor(() => expect(exports).toEqual(['q=asha&status=new']));
    await waitFor(() => expect(created).toHaveLength(1));
    // The file keeps its byte-order mark (Excel reads it as UTF-8 then).
    expect([...new Uint8Array(await created[0]!.arrayBuffer()).subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  });

  it('shows notes newest first with their author, and adds one through the shared schema', async () => {
    signIn();
    const earlier = { id: 'n0', text: 'Called, no answer', author: 'sales@example.com', createdAt: OLDER.createdAt };
    const { notes } = inquiryApi([{ ...NEWEST, notes: [earlier] }]);
    const user = userEvent.setup({ delay: null });
    renderApp('/admin/inquiries');

    const section = await screen.findByRole('region', { name: 'Notes on Ravi Kumar' });
    expect(within(section).getByText('Called, no answer')).toBeInTheDocument();
    expect(within(section).getByText(/sales@example\.com/)).toBeInTheDocument();

    // Blank is refused in the browser with the server's own message; nothing is sent.
    await user.type(within(section).getByRole('textbox', { name: 'Add a note' }), '   ');
    await user.click(within(section).getByRole('button', { name: 'Add note' }));
    expect(within(section).getByText('Write a note')).toBeInTheDocument();
    expect(notes).toEqual([]);

    const box = within(section).getByRole('textbox', { name: 'Add a note' });
    await user.clear(box);
    await user.type(box, 'Visit booked for Monday');
    await user.click(within(section).getByRole('button', { name: 'Add note' }));

    await waitFor(() => expect(notes).toEqual([{ id: 'i2', body: { text: 'Visit booked for Monday' } }]));
    await waitFor(() =>
      expect(
        within(section)
          .getAllByRole('listitem')
          .map((li) => li.textContent),
      ).toEqual([expect.stringContaining('Visit booked for Monday'), expect.stringContaining('Called, no answer')]),
    );
    expect(box).toHaveValue('');
    expect(within(section).queryByText('Write a note')).not.toBeInTheDocument();
  });

  it('assigns an inquiry and sets its follow-up day with PUTs that send only that field', async () => {
    signIn();
    const { puts } = inquiryApi([NEWEST]);
    const user = userEvent.setup({ delay: null });
    renderApp('/admin/inquiries');

    const assignee = await screen.findByRole('combobox', { name: 'Assigned to for Ravi Kumar' });
    await waitFor(() =>
      expect(within(assignee).getByRole('option', { name: 'sales@example.com' })).toBeInTheDocument(),
    );
    await user.selectOptions(assignee, 'u2');
    await waitFor(() => expect(puts).toEqual([{ id: 'i2', body: { assigneeId: 'u2' } }]));
    await waitFor(() => expect(assignee).toHaveValue('u2'));
    // The colleague is emailed by the server; the screen says so.
    expect(await screen.findByText('Assigned to sales@example.com')).toBeInTheDocument();
    expect(screen.getByText('An email with this inquiry is on its way to them.')).toBeInTheDocument();

    const followUp = screen.getByLabelText('Follow up on for Ravi Kumar');
    await waitFor(() => expect(followUp).toBeEnabled());
    fireEvent.change(followUp, { target: { value: '2020-01-02' } });
    await waitFor(() => expect(puts.at(-1)).toEqual({ id: 'i2', body: { followUpOn: '2020-01-02' } }));
    // A past day on an open inquiry: overdue, and the card says so.
    expect(await within(cards()[0]!).findByText('Overdue')).toBeInTheDocument();
  });

  it('says nothing about an email when staff take an inquiry themselves', async () => {
    signIn();
    server.use(
      http.get('/api/auth/me', () =>
        HttpResponse.json({ ...buildMe('sales'), user: { id: 'u1', email: 'a@example.com', username: 'ravi' } }),
      ),
    );
    const { puts } = inquiryApi([NEWEST]);
    const user = userEvent.setup({ delay: null });
    renderApp('/admin/inquiries');
    const assignee = await screen.findByRole('combobox', { name: 'Assigned to for Ravi Kumar' });
    await waitFor(() => expect(within(assignee).getByRole('option', { name: 'a@example.com' })).toBeInTheDocument());
    await user.selectOptions(assignee, 'u1');
    await waitFor(() => expect(puts).toEqual([{ id: 'i2', body: { assigneeId: 'u1' } }]));
    await waitFor(() => expect(assignee).toHaveValue('u1'));
    expect(screen.queryByText(/^Assigned to a@example\.com$/)).not.toBeInTheDocument();
  });

  it('filters to overdue inquiries and to whom they are assigned, on the server', async () => {
    signIn();
    const { queries } = inquiryApi([
      { ...NEWEST, followUpOn: '2020-01-01' },
      { ...OLDER, followUpOn: '2020-01-01', status: 'closed' },
    ]);
    const user = userEvent.setup({ delay: null });
    renderApp('/admin/inquiries');
    await screen.findByRole('list', { name: 'Inquiries' });
    // Closed is never overdue, whatever its follow-up day.
    expect(within(cards()[0]!).getByText('Overdue')).toBeInTheDocument();
    expect(within(cards()[1]!).queryByText('Overdue')).not.toBeInTheDocument();

    const overdue = screen.getByRole('button', { name: 'Overdue only' });
    await user.click(overdue);
    expect(overdue).toHaveAttribute('aria-pressed', 'true');
    await waitFor(() => expect(queries.at(-1)).toBe('overdue=true'));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Assigned to' }), 'me');
    await waitFor(() => expect(queries.at(-1)).toBe('assignee=me&overdue=true'));
  });

  it('says so when there are no inquiries', async () => {
    signIn();
    inquiryApi([]);
    renderApp('/admin/inquiries');

    expect(await screen.findByText('No inquiries yet.')).toBeInTheDocument();
  });

  it('shows an error with a retry', async () => {
    signIn();
    inquiryApi([NEWEST]);
    let calls = 0;
    server.use(
      http.get('/api/inquiries', () => {
        calls += 1;
        return calls === 1 ? HttpResponse.json({ message: 'down' }, { status: 503 }) : HttpResponse.json([NEWEST]);
      }),
    );
    const user = userEvent.setup({ delay: null });
    renderApp('/admin/inquiries');

    expect(await screen.findByText('Could not load the inquiries.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('heading', { name: /Ravi Kumar/ })).toBeInTheDocument();
  });
});
