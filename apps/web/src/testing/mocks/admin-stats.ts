import { http, HttpResponse } from 'msw';
import type { AdminStats } from '@capstan/shared';

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

/** GET /api/admin/stats, which the admin layout (sidebar badge) and the dashboard read. */
export function adminStatsHandler(stats: AdminStats = buildAdminStats()) {
  return http.get('/api/admin/stats', () => HttpResponse.json(stats));
}
