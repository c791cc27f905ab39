import { type AdminStats, indianToday } from '@capstan/shared';
import type { AppContext } from '../../app-context';
import { countItems } from '../catalogue/catalogue.repository';
import { inquiryCounts, inquiryProductsSince, inquiryTimesSince } from '../inquiries/inquiries.repository';
import { outboxCounts } from '../mail/outbox.repository';

const DAY_MS = 24 * 60 * 60 * 1000;
const WEEKS_CHARTED = 8;

/** Monday 00:00 UTC of the week containing `date`. */
export function weekStart(date: Date): Date {
  const start = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate()));
  const daysSinceMonday = (start.getUTCDay() + 6) % 7;
  return new Date(start.getTime() - daysSinceMonday * DAY_MS);
}

export async function adminStats(ctx: AppContext, now = new Date()): Promise<AdminStats> {
  const firstWeek = new Date(weekStart(now).getTime() - (WEEKS_CHARTED - 1) * 7 * DAY_MS);
  const [items, inquiries, times, outbox, inquiryProducts] = await Promise.all([
    countItems(ctx.db),
    inquiryCounts(ctx.db, new Date(now.getTime() - 7 * DAY_MS).toISOString(), indianToday(now)),
    inquiryTimesSince(ctx.db, firstWeek.toISOString()),
    outboxCounts(ctx.db),
    inquiryProductsSince(ctx.db, new Date(now.getTime() - 30 * DAY_MS).toISOString(), 5),
  ]);
  const byKind = (kind: 'machine' | 'spare' | 'service') => items.find((row) => row.kind === kind);

  const weeks = Array.from({ length: WEEKS_CHARTED }, (_, i) => ({
    weekStart: new Date(firstWeek.getTime() + i * 7 * DAY_MS).toISOString().slice(0, 10),
    count: 0,
  }));
  for (const time of times) {
    const index = Math.floor((Date.parse(time) - firstWeek.getTime()) / (7 * DAY_MS));
    const week = weeks[index];
    if (week) week.count += 1;
  }

  return {
    machines: byKind('machine')?.total ?? 0,
    spareParts: byKind('spare')?.total ?? 0,
    services: byKind('service')?.total ?? 0,
    featured: items.reduce((sum, row) => sum + row.featured, 0),
    inquiries,
    inquiriesPerWeek: weeks,
    inquiryProducts,
    email: { configured: ctx.config.mail.smtpUrl !== undefined, ...outbox },
  };
}
