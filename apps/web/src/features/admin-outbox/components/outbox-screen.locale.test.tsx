import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { OutboxMessage, OutboxOverview } from '@capstan/shared';
import { server } from '@/testing/mocks/server';
import { inAdminLocale } from '@/testing/locale';
import { renderWithProviders } from '@/testing/test-utils';
import { OutboxScreen } from './outbox-screen';

const FAILED: OutboxMessage = {
  id: 'm2',
  kind: 'inquiry.acknowledgement',
  inquiryId: 'i1',
  recipients: ['asha@example.com'],
  subject: 'We have received your inquiry (KPM-2026-00042)',
  status: 'failed',
  attempts: 3,
  lastError: '550 Mailbox unavailable',
  createdAt: '2026-11-20T09:30:00.000Z',
  nextAttemptAt: '2026-11-20T09:30:00.000Z',
  sentAt: null,
};
const WAITING: OutboxMessage = { ...FAILED, id: 'm3', kind: 'inquiry.staff', status: 'pending', attempts: 2 };

function outbox() {
  const overview: OutboxOverview = { configured: true, pending: 1, failed: 1, messages: [FAILED, WAITING] };
  server.use(http.get('/api/admin/outbox', () => HttpResponse.json(overview)));
}

describe('Outbox in Tamil and Hindi', () => {
  it('speaks Tamil: states, kinds, counts and times; the email itself stays as it is', async () => {
    outbox();
    renderWithProviders(<OutboxScreen />, { wrapper: inAdminLocale('ta') });

    expect(await screen.findByRole('heading', { level: 1, name: 'அவுட்பாக்ஸ்' })).toBeInTheDocument();
    const emails = await screen.findByRole('list', { name: 'இமெயில்கள்' });
    const [failed, waiting] = within(emails).getAllByRole('listitem');
    expect(within(failed!).getByText('போகவில்லை')).toBeInTheDocument();
    expect(within(failed!).getByText('வாங்குபவருக்கான ஒப்புகை')).toBeInTheDocument();
    expect(within(failed!).getByText('காரணம்: 550 Mailbox unavailable')).toBeInTheDocument();
    expect(within(failed!).getByRole('button', { name: /மீண்டும் அனுப்பு/ })).toBeInTheDocument();
    expect(within(waiting!).getByText('காத்திருக்கிறது')).toBeInTheDocument();
    expect(within(waiting!).getByText(/2 முயற்சிகள், அடுத்த முயற்சி 20 நவ\./)).toBeInTheDocument();
    expect(screen.getByText('1 காத்திருக்கின்றன · 1 போகவில்லை')).toBeInTheDocument();
    expect(within(failed!).getByText('We have received your inquiry (KPM-2026-00042)')).toBeInTheDocument();

    expect(screen.queryByText('Failed')).not.toBeInTheDocument();
    expect(screen.queryByText(/Reason:/)).not.toBeInTheDocument();
    expect(screen.queryByText(/Queued/)).not.toBeInTheDocument();
  });

  it('speaks Hindi', async () => {
    outbox();
    renderWithProviders(<OutboxScreen />, { wrapper: inAdminLocale('hi') });

    const emails = await screen.findByRole('list', { name: 'ईमेल' });
    const [failed, waiting] = within(emails).getAllByRole('listitem');
    expect(within(failed!).getByText('फ़ेल')).toBeInTheDocument();
    expect(within(failed!).getByText('खरीदार को पावती')).toBeInTheDocument();
    expect(within(failed!).getByText('पाने वाले: asha@example.com')).toBeInTheDocument();
    expect(
      within(failed!).getByRole('button', { name: /^दोबारा भेजें\s*खरीदार को पावती, पाने वाले: asha@example\.com$/ }),
    ).toBeInTheDocument();
    expect(within(waiting!).getByText('स्टाफ़ को सूचना')).toBeInTheDocument();
    expect(within(waiting!).getByText(/कतार में डाला: 20 नव॰ 2026/)).toBeInTheDocument();
    expect(screen.getByText('1 रुके हुए · 1 फ़ेल')).toBeInTheDocument();

    expect(screen.queryByText('Outbox')).not.toBeInTheDocument();
    expect(screen.queryByText('Acknowledgement to the buyer')).not.toBeInTheDocument();
  });
});
