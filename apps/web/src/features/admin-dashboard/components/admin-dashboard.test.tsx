import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { adminStatsHandler, buildAdminStats, quotationSummaryHandler } from '@/testing/mocks/admin-stats';
import { meHandler } from '@/testing/mocks/me';
import { server } from '@/testing/mocks/server';
import { renderWithProviders } from '@/testing/test-utils';
import { AdminDashboard } from './admin-dashboard';

// Signed in as an owner, who may do everything; other roles have tests of their own.
beforeEach(() => {
  server.use(meHandler(), quotationSummaryHandler());
});

function figure(label: string): string | null | undefined {
  const term = screen.getByText(label, { selector: 'dt' });
  return term.nextElementSibling?.textContent;
}

describe('AdminDashboard', () => {
  it('shows the real figures from the stats endpoint', async () => {
    server.use(
      adminStatsHandler(
        buildAdminStats({
          machines: 9,
          spareParts: 14,
          services: 3,
          featured: 6,
          inquiries: { total: 50, new: 2, thisWeek: 5, overdue: 3 },
        }),
      ),
    );
    renderWithProviders(<AdminDashboard />);

    expect(await screen.findByText('Machines', { selector: 'dt' })).toBeInTheDocument();
    expect(figure('Machines')).toBe('9');
    expect(figure('Spare Parts')).toBe('14');
    expect(figure('Services')).toBe('3');
    expect(figure('Featured')).toBe('6');
    expect(figure('Inquiries this week')).toBe('5');
    expect(figure('New inquiries')).toBe('2');
    expect(figure('Overdue follow-ups')).toBe('3');
  });

  it('lists the products inquiries asked about, most asked first', async () => {
    server.use(
      adminStatsHandler(
        buildAdminStats({
          inquiryProducts: [
            { product: 'CL-25 Capstan Lathe', count: 3 },
            { product: 'CNC Turning Centre TC-200', count: 1 },
          ],
        }),
      ),
    );
    renderWithProviders(<AdminDashboard />);
    const list = await screen.findByRole('list', { name: 'Products asked about' });
    expect([...list.querySelectorAll('li')].map((li) => li.textContent)).toEqual([
      'CL-25 Capstan Lathe3 inquiries',
      'CNC Turning Centre TC-2001 inquiry',
    ]);
  });

  it('says so when no inquiry named a product', async () => {
    server.use(adminStatsHandler());
    renderWithProviders(<AdminDashboard />);
    expect(await screen.findByText('No inquiry named a product in the last 30 days.')).toBeInTheDocument();
  });

  it('draws one bar per week, scaled to the busiest week, with a text table', async () => {
    server.use(adminStatsHandler());
    renderWithProviders(<AdminDashboard />);

    await screen.findByText('Machines', { selector: 'dt' });
    const bars = screen.getAllByTestId('inquiries-bar');
    expect(bars.map((b) => b.dataset.count)).toEqual(['1', '0', '4', '2', '8', '3', '5', '6']);
    // The busiest week (8) fills the chart; the others are proportional.
    expect(bars[4]).toHaveStyle({ height: '100%' });
    expect(bars[2]).toHaveStyle({ height: '50%' });

    const table = screen.getByRole('table', { name: 'Inquiries per week' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(8);
    expect(rows[0]).toHaveTextContent('28 Sept1');
    expect(rows[7]).toHaveTextContent('16 Nov6');
  });

  it('links the quick actions to products, featured products and inquiries', async () => {
    server.use(adminStatsHandler());
    renderWithProviders(<AdminDashboard />);

    expect(await screen.findByRole('link', { name: 'Manage products' })).toHaveAttribute('href', '/admin/products');
    expect(screen.getByRole('link', { name: 'Choose featured products' })).toHaveAttribute(
      'href',
      '/admin/featured-products',
    );
    expect(screen.getByRole('link', { name: 'View inquiries' })).toHaveAttribute('href', '/admin/inquiries');
  });

  it('shows loading, then an error with a retry that loads the figures', async () => {
    let calls = 0;
    server.use(
      http.get('/api/admin/stats', () => {
        calls += 1;
        return calls === 1
          ? HttpResponse.json({ message: 'boom' }, { status: 500 })
          : HttpResponse.json(buildAdminStats({ machines: 42 }));
      }),
    );
    const user = userEvent.setup({ delay: null });
    renderWithProviders(<AdminDashboard />);

    expect(screen.getByRole('status')).toHaveTextContent('Loading...');
    expect(await screen.findByText('Could not load the dashboard figures.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Machines', { selector: 'dt' })).toBeInTheDocument();
    expect(figure('Machines')).toBe('42');
  });
});
