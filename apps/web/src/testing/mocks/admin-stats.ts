import { http, HttpResponse } from 'msw';
import type { AdminStats, QuotationSummary } from '@capstan/shared';

export function buildAdminStats(overrides: Partial<AdminStats> = {}): AdminStats {
  return {
    machines: 7,
    spareParts: 12,
    services: 4,
    featured: 5,
    inquiries: { total: 30, new: 3, thisWeek: 6, overdue: 1 },
    inquiriesPerWeek: [
      { weekStart: '2026-09-28', count: 1 },
      { weekStart: '2026-10-05', count: 0 },
      { weekStart: '2026-10-12', count: 4 },
      { weekStart: '2026-10-19', count: 2 },
      { weekStart: '2026-10-26', count: 8 },
      { weekStart: '2026-11-02', count: 3 },
      { weekStart: '2026-11-09', count: 5 },
      { weekStart: '2026-11-16', count: 6 },
    ],
    inquiryProducts: [],
    email: { configured: true, pending: 0, failed: 0 },
    ...overrides,
  };
}

export function buildQuotationSummary(overrides: Partial<QuotationSummary> = {}): QuotationSummary {
  return {
    month: '2026-11',
    quoted: { count: 0, value: 0 },
    accepted: { count: 0, value: 0 },
    ...overrides,
  };
}

/**
 * GET /api/admin/stats, which the admin layout (sidebar badge) and the dashboard read, and GET
 * /api/quotations/summary, the dashboard's quotation figures for roles that quote: one handler, so
 * every test that opens the back office answers both.
 */
export function adminStatsHandler(
  stats: AdminStats = buildAdminStats(),
  summary: QuotationSummary = buildQuotationSummary(),
) {
  return http.get(/\/api\/(admin\/stats|quotations\/summary)$/, ({ request }) =>
    HttpResponse.json(new URL(request.url).pathname === '/api/admin/stats' ? stats : summary),
  );
}

/** GET /api/quotations/summary on its own, for a test that answers the stats itself. */
export function quotationSummaryHandler(summary: QuotationSummary = buildQuotationSummary()) {
  return http.get('/api/quotations/summary', () => HttpResponse.json(summary));
}
