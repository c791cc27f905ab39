import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { ADMIN_TOKEN_STORAGE_KEY, ADMIN_USER_STORAGE_KEY, type AuditEntry, type AuditPage } from '@capstan/shared';
import { adminStatsHandler } from '@/testing/mocks/admin-stats';
import { meHandler } from '@/testing/mocks/me';
import { server } from '@/testing/mocks/server';
import { pendingReviewsHandler } from '@/testing/mocks/admin-reviews';
import { renderApp } from '@/testing/test-utils';

// Signed in as an owner, who may do everything; other roles have tests of their own.
beforeEach(() => {
  server.use(meHandler());
});
// The sidebar asks how many reviews wait for a decision on every admin screen.
beforeEach(() => server.use(pendingReviewsHandler()));

const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60 * 1000).toISOString();

function entry(overrides: Partial<AuditEntry>): AuditEntry {
  return {
    id: 'e1',
    at: minutesAgo(5),
    action: 'item.update',
    actor: { userId: 'u1', email: 'staff@example.com' },
    ip: '10.0.0.7',
    target: { type: 'machine', id: 'm1', label: 'CL-25 Capstan Lathe', exists: true },
    changes: { price: { before: 150000, after: 175000 }, featured: { before: false, after: true } },
    ...overrides,
  };
}

const UPDATE = entry({});
const DELETED = entry({
  id: 'e2',
  at: '2026-01-15T04:30:00.000Z',
  action: 'item.delete',
  target: { type: 'spare', id: 's9', label: 'Spring Collet 20 mm', exists: false },
  changes: { name: { before: 'Spring Collet 20 mm', after: null } },
});
const FAILED = entry({
  id: 'e3',
  at: minutesAgo(90),
  action: 'auth.sign_in_failed',
  actor: { userId: null, email: 'intruder@example.com' },
  ip: '203.0.113.9',
  target: null,
  changes: null,
});
const OLDER = entry({
  id: 'e4',
  at: '2026-01-10T04:30:00.000Z',
  action: 'inquiry.status',
  target: { type: 'inquiry', id: 'i1', label: 'Ravi Kumar', exists: true },
  changes: { status: { before: 'new', after: 'contacted' } },
});

function signIn() {
  localStorage.setItem(ADMIN_TOKEN_STORAGE_KEY, 'token-abc');
  localStorage.setItem(ADMIN_USER_STORAGE_KEY, JSON.stringify({ id: 'u1', email: 'a@example.com', username: 'ravi' }));
}

/** The activity endpoint: pages by cursor, filters by action, and remembers what it was asked. */
function activityApi(pages: Record<string, AuditPage>, { fail = false } = {}) {
  const requests: { action: string | null; cursor: string | null; auth: string | null }[] = [];
  server.use(
    adminStatsHandler(),
    http.get('/api/admin/activity', ({ request }) => {
      const url = new URL(request.url);
      const action = url.searchParams.get('action');
      const cursor = url.searchParams.get('cursor');
      requests.push({ action, cursor, auth: request.headers.get('Authorization') });
      if (fail) return HttpResponse.json({ message: 'Database is busy' }, { status: 500 });
      const page = pages[cursor ?? 'first'] ?? { entries: [], nextCursor: null };
      return HttpResponse.json({
        entries: action ? page.entries.filter((e) => e.action === action) : page.entries,
        nextCursor: action ? null : page.nextCursor,
      });
    }),
  );
  return { requests };
}

const rows = () =>
  within(screen.getByRole('table', { name: 'Activity' }))
    .getAllByRole('row')
    .slice(1);

describe('Admin activity', () => {
  it('gives phones one card per entry and makes the wide table a focusable, labelled scroll region', async () => {
    signIn();
    activityApi({ first: { entries: [UPDATE, FAILED, DELETED], nextCursor: null } });
    renderApp('/admin/activity');
    const cards = within(await screen.findByRole('list', { name: 'Activity entries' })).getAllByTestId('activity-card');
    expect(cards).toHaveLength(3);
    const [update, failed] = cards as [HTMLElement, HTMLElement];
    expect(within(update).getByText('Updated item')).toBeInTheDocument();
    expect(within(update).getByText('Who').nextElementSibling).toHaveTextContent('staff@example.com');
    // The address may wrap only after "@" and before a dot.
    expect(within(update).getByText('staff@example.com').innerHTML).toBe('staff@<wbr>example<wbr>.com');
    expect(within(update).getByRole('list', { name: 'Changes' })).toBeInTheDocument();
    expect(within(failed).getByText('attempted')).toBeInTheDocument();

    const region = screen.getByRole('region', { name: 'Activity table' });
    expect(region).toHaveAttribute('tabindex', '0');
    expect(region).toContainElement(screen.getByRole('table', { name: 'Activity' }));
    // No column breaks words anywhere: break-all is gone.
    expect(document.querySelector('.break-all')).toBeNull();
  });

  it('shows who did what, from where and when, with a readable diff and links to what still exists', async () => {
    signIn();
    const { requests } = activityApi({ first: { entries: [UPDATE, FAILED, DELETED], nextCursor: null } });
    renderApp('/admin/activity');

    expect(await screen.findByRole('heading', { level: 1, name: 'Activity' })).toBeInTheDocument();
    await screen.findByRole('table', { name: 'Activity' });
    const [update, failed, deleted] = rows();
    if (!update || !failed || !deleted) throw new Error('expected three rows');

    const time = within(update).getByText('5 minutes ago');
    expect(time.tagName).toBe('TIME');
    expect(time).toHaveAttribute('dateTime', UPDATE.at);
    expect(time.getAttribute('title')).toMatch(/\d{4}, \d{1,2}:\d{2}:\d{2}/);
    expect(within(update).getByText('staff@example.com')).toBeInTheDocument();
    expect(within(update).getByText('10.0.0.7')).toBeInTheDocument();
    expect(within(update).getByText('Updated item')).toBeInTheDocument();
    expect(within(update).getByRole('link', { name: 'CL-25 Capstan Lathe' })).toHaveAttribute(
      'href',
      '/admin/products/edit/m1',
    );
    const changes = within(within(update).getByRole('list', { name: 'Changes' })).getAllByRole('listitem');
    expect(changes.map((li) => li.textContent)).toEqual(['Price: ₹1,50,000 → ₹1,75,000', 'Featured: No → Yes']);

    expect(within(failed).getByText('1 hour ago')).toBeInTheDocument();
    expect(within(failed).getByText('intruder@example.com')).toBeInTheDocument();
    expect(within(failed).getByText('attempted')).toBeInTheDocument();
    expect(within(failed).getByText('Failed sign-in')).toBeInTheDocument();
    expect(within(failed).getByText('203.0.113.9')).toBeInTheDocument();

    // Older than a month: the date itself, in Indian time.
    expect(within(deleted).getByText('15 Jan 2026, 10:00:00 am')).toBeInTheDocument();
    expect(within(deleted).queryByRole('link')).not.toBeInTheDocument();
    expect(within(deleted).getByText(/no longer exists/)).toBeInTheDocument();
    expect(within(deleted).getByText('Spare part')).toBeInTheDocument();
    expect(within(deleted).getByRole('listitem')).toHaveTextContent('Name: Spring Collet 20 mm → (none)');

    expect(requests).toEqual([{ action: null, cursor: null, auth: 'Bearer token-abc' }]);
    expect(screen.queryByRole('button', { name: /Load older entries/ })).not.toBeInTheDocument();
  });

  it('loads older entries with the cursor the server gave', async () => {
    signIn();
    const { requests } = activityApi({
      first: { entries: [UPDATE, FAILED], nextCursor: 'cursor-2' },
      'cursor-2': { entries: [OLDER], nextCursor: null },
    });
    const user = userEvent.setup({ delay: null });
    renderApp('/admin/activity');

    await screen.findByRole('table', { name: 'Activity' });
    expect(rows()).toHaveLength(2);
    await user.click(screen.getByRole('button', { name: /Load older entries/ }));

    await waitFor(() => expect(rows()).toHaveLength(3));
    const last = rows()[2] as HTMLElement;
    expect(within(last).getByRole('link', { name: 'Ravi Kumar' })).toHaveAttribute('href', '/admin/inquiries');
    expect(within(last).getByRole('listitem')).toHaveTextContent('Status: New → Contacted');
    expect(requests.map((r) => r.cursor)).toEqual([null, 'cursor-2']);
    expect(screen.queryByRole('button', { name: /Load older entries/ })).not.toBeInTheDocument();
  });

  it('filters by action on the server and says when nothing matches', async () => {
    signIn();
    const { requests } = activityApi({ first: { entries: [UPDATE, FAILED], nextCursor: null } });
    const user = userEvent.setup({ delay: null });
    renderApp('/admin/activity');

    await screen.findByRole('table', { name: 'Activity' });
    const filter = screen.getByRole('combobox', { name: 'Filter by action' });

    await user.selectOptions(filter, 'auth.sign_in_failed');
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(within(rows()[0] as HTMLElement).getByText('intruder@example.com')).toBeInTheDocument();

    await user.selectOptions(filter, 'item.delete');
    expect(await screen.findByText('No "Deleted item" activity recorded.')).toBeInTheDocument();
    expect(requests.map((r) => r.action)).toEqual([null, 'auth.sign_in_failed', 'item.delete']);
  });

  it('shows an email sent again from the outbox: who, which email (linked to the outbox) and its status before', async () => {
    signIn();
    const resend = entry({
      id: 'e5',
      action: 'email.resend',
      actor: { userId: 'u2', email: 'sales@example.com' },
      target: {
        type: 'email',
        id: 'o1',
        label: 'We have received your inquiry (KPM-2026-00042) — Kovai Precision Machines',
        exists: true,
      },
      changes: { status: { before: 'failed', after: 'pending' }, attempts: { before: 3, after: 0 } },
    });
    const { requests } = activityApi({ first: { entries: [resend, UPDATE], nextCursor: null } });
    const user = userEvent.setup({ delay: null });
    renderApp('/admin/activity');

    await screen.findByRole('table', { name: 'Activity' });
    const [row] = rows();
    if (!row) throw new Error('expected a row');
    expect(within(row).getByText('Sent an email again')).toBeInTheDocument();
    expect(within(row).getByText('sales@example.com')).toBeInTheDocument();
    expect(within(row).getByText('Email')).toBeInTheDocument();
    expect(within(row).getByRole('link', { name: /KPM-2026-00042/ })).toHaveAttribute('href', '/admin/outbox');
    const changes = within(within(row).getByRole('list', { name: 'Changes' })).getAllByRole('listitem');
    expect(changes.map((li) => li.textContent)).toEqual(['Status: failed → pending', 'Attempts: 3 → 0']);

    await user.selectOptions(screen.getByRole('combobox', { name: 'Filter by action' }), 'email.resend');
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(requests.map((r) => r.action)).toEqual([null, 'email.resend']);
  });

  it('links a service request’s and an installed machine’s entries to their screens, with the status in words', async () => {
    signIn();
    const request = entry({
      id: 'e6',
      action: 'service_request.update',
      target: { type: 'service_request', id: 'sr1', label: 'SR-2026-00017', exists: true },
      changes: { status: { before: 'new', after: 'assigned' }, engineer: { before: null, after: 'ravi' } },
    });
    const machine = entry({
      id: 'e7',
      action: 'installation.update',
      target: { type: 'installation', id: 'in1', label: 'KPM2201', exists: true },
      changes: { phone: { before: '9876543210', after: '9443012345' } },
    });
    activityApi({ first: { entries: [request, machine], nextCursor: null } });
    renderApp('/admin/activity');

    await screen.findByRole('table', { name: 'Activity' });
    const [first, second] = rows();
    if (!first || !second) throw new Error('expected two rows');
    expect(within(first).getByRole('link', { name: 'SR-2026-00017' })).toHaveAttribute(
      'href',
      '/admin/service-requests/sr1',
    );
    const changes = within(within(first).getByRole('list', { name: 'Changes' })).getAllByRole('listitem');
    expect(changes.map((li) => li.textContent)).toEqual(['Status: New → Assigned', 'Engineer: (none) → ravi']);
    expect(within(second).getByRole('link', { name: 'KPM2201' })).toHaveAttribute('href', '/admin/installations/in1');
    expect(within(second).getByText(/Phone:/)).toBeInTheDocument();
  });

  it('says when nothing has been recorded yet', async () => {
    signIn();
    activityApi({ first: { entries: [], nextCursor: null } });
    renderApp('/admin/activity');
    expect(await screen.findByText('No activity recorded yet.')).toBeInTheDocument();
  });

  it('shows loading, then an error with a retry', async () => {
    signIn();
    const { requests } = activityApi({}, { fail: true });
    const user = userEvent.setup({ delay: null });
    renderApp('/admin/activity');

    expect(await screen.findByRole('status')).toHaveTextContent('Loading...');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Could not load the activity.');
    const before = requests.length;
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(requests.length).toBeGreaterThan(before));
  });

  it('is reachable from the sidebar', async () => {
    signIn();
    activityApi({ first: { entries: [UPDATE], nextCursor: null } });
    server.use(
      http.get('/api/inquiries', () => HttpResponse.json([])),
      http.get('/api/inquiries/assignees', () => HttpResponse.json([])),
    );
    const user = userEvent.setup({ delay: null });
    const { router } = renderApp('/admin/inquiries');

    const nav = await screen.findByRole('navigation', { name: 'Admin' });
    await user.click(await within(nav).findByRole('link', { name: 'Activity' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/activity'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Activity' })).toBeInTheDocument();
  });
});
