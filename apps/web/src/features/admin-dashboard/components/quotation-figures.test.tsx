import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { adminStatsHandler, buildAdminStats, buildQuotationSummary } from '@/testing/mocks/admin-stats';
import { meHandler } from '@/testing/mocks/me';
import { server } from '@/testing/mocks/server';
import { inAdminLocale } from '@/testing/locale';
import { renderWithProviders } from '@/testing/test-utils';
import { AdminDashboard } from './admin-dashboard';

const SUMMARY = buildQuotationSummary({
  month: '2026-11',
  quoted: { count: 12, value: 2230200 },
  accepted: { count: 3, value: 845000.5 },
});

describe("the dashboard's quotation figures (issue 39)", () => {
  it('shows this month’s quoted and accepted value with their counts, in Indian grouping', async () => {
    server.use(meHandler('sales'), adminStatsHandler(buildAdminStats(), SUMMARY));
    renderWithProviders(<AdminDashboard />);

    const quoted = await screen.findByTestId('quotation-figure-quoted');
    expect(within(quoted).getByText('Quoted this month')).toBeInTheDocument();
    expect(within(quoted).getByText('₹22,30,200')).toBeInTheDocument();
    expect(within(quoted).getByText('12 quotations')).toBeInTheDocument();
    const accepted = screen.getByTestId('quotation-figure-accepted');
    expect(within(accepted).getByText('₹8,45,000.5')).toBeInTheDocument();
    expect(within(accepted).getByText('3 quotations')).toBeInTheDocument();
  });

  it('says them in Tamil, still grouped the Indian way', async () => {
    server.use(meHandler('owner', 'ta'), adminStatsHandler(buildAdminStats(), SUMMARY));
    renderWithProviders(<AdminDashboard />, { wrapper: inAdminLocale('ta') });

    const quoted = await screen.findByTestId('quotation-figure-quoted');
    expect(within(quoted).getByText('இந்த மாதம் அனுப்பிய விலைப்புள்ளிகள்')).toBeInTheDocument();
    expect(within(quoted).getByText('₹22,30,200')).toBeInTheDocument();
    expect(within(quoted).getByText('12 விலைப்புள்ளிகள்')).toBeInTheDocument();
  });

  it('is not shown to an editor, and the summary is not asked for', async () => {
    const asked: string[] = [];
    server.use(
      meHandler('editor'),
      http.get('/api/admin/stats', () => HttpResponse.json(buildAdminStats())),
      http.get('/api/quotations/summary', () => {
        asked.push('summary');
        return HttpResponse.json(SUMMARY);
      }),
    );
    renderWithProviders(<AdminDashboard />);

    expect(await screen.findByText('Machines', { selector: 'dt' })).toBeInTheDocument();
    // The role is known once the figures are drawn; give a request that would follow it a moment.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByText('Quoted this month')).not.toBeInTheDocument();
    expect(asked).toEqual([]);
  });
});
