import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import {
  ADMIN_TOKEN_STORAGE_KEY,
  ADMIN_USER_STORAGE_KEY,
  type OutboxMessage,
  type OutboxOverview,
} from '@capstan/shared';
import { adminStatsHandler, buildAdminStats } from '@/testing/mocks/admin-stats';
import { pendingReviewsHandler } from '@/testing/mocks/admin-reviews';
import { meHandler } from '@/testing/mocks/me';
import { server } from '@/testing/mocks/server';
import { renderApp } from '@/testing/test-utils';

function message(overrides: Partial<OutboxMessage>): OutboxMessage {
  return {
    id: 'm1',
    kind: 'inquiry.staff',
    inquiryId: 'i1',
    recipients: ['sales@kovaiprecision.in'],
    subject: 'New inquiry KPM-2026-00042 from Asha Nair',
    status: 'sent',
    attempts: 1,
    lastError: null,
    createdAt: '2026-11-20T09:30:00.000Z',
    nextAttemptAt: '2026-11-20T09:30:00.000Z',
    sentAt: '2026-11-20T09:30:05.000Z',
    ...overrides,
  };
}

function signIn() {
  localStorage.setItem(ADMIN_TOKEN_STORAGE_KEY, 'token-abc');
  localStorage.setItem(ADMIN_USER_STORAGE_KEY, JSON.stringify({ id: 'u1', email: 'a@example.com', username: 'ravi' }));
}

function outboxApi(messages: OutboxMessage[], { configured = true } = {}) {
  let list = messages.map((m) => ({ ...m }));
  const resent: string[] = [];
  const overview = (): OutboxOverview => ({
    configured,
    pending: list.filter((m) => m.status === 'pending').length,
    failed: list.filter((m) => m.status === 'failed').length,
    messages: list,
  });
  server.use(
    // The outbox is for owners and sales (editors are shown that their role does not include it).
    meHandler('owner'),
    pendingReviewsHandler(),
    adminStatsHandler(buildAdminStats({ email: { configured, pending: overview().pending, failed: 0 } })),
    http.get('/api/admin/outbox', () => HttpResponse.json(overview())),
    http.post('/api/admin/outbox/:id/resend', ({ params }) => {
      const id = String(params.id);
      resent.push(id);
      list = list.map((m) => (m.id === id ? { ...m, status: 'pending', attempts: 0 } : m));
      return HttpResponse.json(list.find((m) => m.id === id));
    }),
  );
  return { resent };
}

describe('Outbox screen', () => {
  it('shows each email with its status and the reason a failed one failed, and resends it', async () => {
    signIn();
    const { resent } = outboxApi([
      message({
        id: 'm2',
        kind: 'inquiry.acknowledgement',
        recipients: ['asha@example.com'],
        subject: 'We have received your inquiry (KPM-2026-00042)',
        status: 'failed',
        sentAt: null,
        lastError: '550 Mailbox unavailable',
      }),
      message({ id: 'm1' }),
    ]);
    renderApp('/admin/outbox');
    await screen.findByRole('heading', { level: 1, name: 'Outbox' });
    const emails = await screen.findByRole('list', { name: 'Emails' });
    const [failed, sent] = within(emails).getAllByRole('listitem');
    expect(within(failed!).getByText('Failed')).toBeInTheDocument();
    expect(within(failed!).getByText('Acknowledgement to the buyer')).toBeInTheDocument();
    expect(within(failed!).getByText('Reason: 550 Mailbox unavailable')).toBeInTheDocument();
    expect(within(sent!).getByText('Sent')).toBeInTheDocument();
    expect(within(sent!).getByText('Notification to staff')).toBeInTheDocument();
    expect(screen.getByText('0 waiting · 1 failed')).toBeInTheDocument();

    await userEvent.setup({ delay: null }).click(within(failed!).getByRole('button', { name: /Resend/ }));
    await waitFor(() => expect(resent).toEqual(['m2']));
    expect(await within(emails).findByText('Pending')).toBeInTheDocument();
    expect(screen.queryByText('Email is not configured.')).not.toBeInTheDocument();
  });

  it('says on every admin screen that email is not configured, with how many wait', async () => {
    signIn();
    outboxApi([message({ id: 'm1', status: 'pending', sentAt: null }), message({ id: 'm2', status: 'pending' })], {
      configured: false,
    });
    renderApp('/admin/outbox');
    const banner = await screen.findByText('Email is not configured.');
    expect(banner.closest('[role="status"]')).toHaveTextContent(
      'Email is not configured. Inquiry notifications and acknowledgements are not being sent; 2 emails are waiting.',
    );
  });
});
