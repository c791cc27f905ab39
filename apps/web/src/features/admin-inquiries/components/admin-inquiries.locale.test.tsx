import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Inquiry } from '@capstan/shared';
import { meHandler } from '@/testing/mocks/me';
import { server } from '@/testing/mocks/server';
import { inAdminLocale } from '@/testing/locale';
import { renderWithProviders } from '@/testing/test-utils';
import { AdminInquiries } from './admin-inquiries';

const RAVI: Inquiry = {
  id: 'i2',
  firstName: 'Ravi',
  lastName: 'Kumar',
  email: 'ravi@example.com',
  phone: '044-2345 6789',
  service: 'maintenance',
  serviceLabel: null,
  message: 'Need a quote.',
  product: 'Capstan Lathe CL-25',
  status: 'new',
  createdAt: '2026-11-21T04:15:00.000Z',
  reference: 'KPM-2026-00002',
  assignee: null,
  followUpOn: '2020-01-01',
  notes: [{ id: 'n1', text: 'Called, no answer', author: 'sales@example.com', createdAt: '2026-11-21T04:15:00.000Z' }],
  items: [{ id: 's1', kind: 'spare', code: 'SC-25', name: 'Spring Collet 25 mm', quantity: 1500 }],
};

beforeEach(() => {
  server.use(
    meHandler(),
    http.get('/api/inquiries/assignees', () => HttpResponse.json([{ id: 'u2', email: 'sales@example.com' }])),
    http.get('/api/inquiries', ({ request }) => {
      const status = new URL(request.url).searchParams.get('status');
      return HttpResponse.json([RAVI].filter((i) => !status || i.status === status));
    }),
    http.patch('/api/inquiries/:id', () => HttpResponse.json({ message: 'Database is busy' }, { status: 500 })),
  );
});

describe('Admin inquiries in Tamil and Hindi', () => {
  it('speaks Tamil: labels, status names, badges and dates; the inquiry itself stays as written', async () => {
    renderWithProviders(<AdminInquiries />, { wrapper: inAdminLocale('ta') });

    expect(await screen.findByRole('heading', { level: 1, name: 'விசாரணைகள்' })).toBeInTheDocument();
    const list = await screen.findByRole('list', { name: 'விசாரணைகள்' });
    const filter = screen.getByRole('combobox', { name: 'நிலை வாரியாக வடிகட்டு' });
    expect(within(filter).getByRole('option', { name: 'எல்லா நிலைகளும்' })).toBeInTheDocument();
    const status = within(list).getByRole('combobox', { name: 'Ravi Kumar விசாரணையின் நிலை' });
    expect(within(status).getByRole('option', { name: 'விலைப்புள்ளி அனுப்பினோம்' })).toHaveValue('quoted');
    expect(within(list).getByText('புதியது', { selector: 'h2 *' })).toBeInTheDocument();
    expect(within(list).getByText('தாமதம்')).toBeInTheDocument();
    expect(within(list).getByText(/வந்தது:/)).toBeInTheDocument();
    // The date in Tamil (நவ. = Nov), still in Indian time.
    expect(within(list).getAllByText(/21 நவ\./).length).toBeGreaterThan(0);
    expect(within(list).getByRole('region', { name: 'Ravi Kumar பற்றிய குறிப்புகள்' })).toBeInTheDocument();
    expect(within(list).getByRole('button', { name: 'குறிப்பு சேர்' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /CSV எக்ஸ்போர்ட்/ })).toBeInTheDocument();
    // Content is not interface: the buyer's words and the product stay as they are.
    expect(within(list).getByText('Need a quote.')).toBeInTheDocument();
    expect(within(list).getByText('Capstan Lathe CL-25')).toBeInTheDocument();
    // A quote list's lines: the headings and the kind in Tamil, the item as it was named.
    expect(within(list).getByText('1 பொருள்')).toBeInTheDocument();
    const items = within(list).getByRole('table', { name: 'Ravi Kumar கேட்ட பொருட்கள்' });
    expect(within(items).getByRole('columnheader', { name: 'எண்ணிக்கை' })).toBeInTheDocument();
    expect(within(items).getByRole('row', { name: 'SC-25 Spring Collet 25 mm உதிரி பாகம் 1,500' })).toBeInTheDocument();

    expect(screen.queryByText('Export CSV')).not.toBeInTheDocument();
    expect(screen.queryByText('Filter by status')).not.toBeInTheDocument();
    expect(screen.queryByText('Overdue')).not.toBeInTheDocument();
    expect(screen.queryByText(/Received/)).not.toBeInTheDocument();
    expect(screen.queryByText(/Nov/)).not.toBeInTheDocument();
  });

  it('speaks Hindi, in the empty state of a status filter and when a status change fails', async () => {
    const user = userEvent.setup({ delay: null });
    renderWithProviders(<AdminInquiries />, { wrapper: inAdminLocale('hi') });

    const status = await screen.findByRole('combobox', { name: 'Ravi Kumar की पूछताछ का स्टेटस' });
    expect(screen.getByRole('combobox', { name: 'Ravi Kumar की पूछताछ किसे सौंपी' })).toBeInTheDocument();
    expect(screen.getByLabelText('Ravi Kumar की पूछताछ के फ़ॉलो-अप की तारीख')).toBeInTheDocument();
    expect(screen.getAllByText(/21 नव॰ 2026/).length).toBeGreaterThan(0);
    expect(screen.getByRole('button', { name: 'सिर्फ़ ओवरड्यू' })).toBeInTheDocument();

    await user.selectOptions(status, 'closed');
    expect(await screen.findByText('स्टेटस बदला नहीं जा सका')).toBeInTheDocument();
    expect(screen.queryByText('Could not update the status')).not.toBeInTheDocument();

    await user.selectOptions(screen.getByRole('combobox', { name: 'स्टेटस से फ़िल्टर करें' }), 'contacted');
    expect(await screen.findByText('"संपर्क किया" स्टेटस वाली कोई पूछताछ नहीं है।')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText(/No inquiries/)).not.toBeInTheDocument());
  });
});
