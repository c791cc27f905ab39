import { DEFAULT_LOCALE, INQUIRY_DONE_STATUSES, indianClock, indianToday, isLocale } from '@capstan/shared';
import type { AppContext } from '../../app-context';
import { writeTransaction } from '../../db/write-transaction';
import { followUpDigest } from '../mail/follow-up-digest-email';
import { enqueueMessage } from '../mail/outbox.repository';
import type { ScheduledJob } from '../scheduler/scheduler';

/** The hour (India) the morning digest goes out: before the sales team's first calls. */
export const FOLLOW_UP_DIGEST_HOUR = 8;

/**
 * Each morning, one email to each active colleague, in their language, with inquiries assigned to
 * them whose follow-up day is today or past and which are not closed. Every message is stored in
 * one transaction, so a run that fails sends nothing and one that succeeds sends each exactly once.
 */
export function followUpDigestJob(ctx: Pick<AppContext, 'db' | 'dialect' | 'config'>): ScheduledJob {
  return {
    name: 'follow-up-digest',
    dueOccurrence(now) {
      const hour = indianClock(now).getUTCHours();
      return hour >= FOLLOW_UP_DIGEST_HOUR ? indianToday(now) : null;
    },
    async run(today, now) {
      const due = await ctx.db
        .selectFrom('inquiries')
        .innerJoin('users', 'users.id', 'inquiries.assignee_id')
        .select([
          'inquiries.id',
          'inquiries.reference',
          'inquiries.first_name',
          'inquiries.last_name',
          'inquiries.product',
          'inquiries.follow_up_on',
          'users.email',
          'users.locale',
        ])
        .where('inquiries.follow_up_on', '<=', today)
        .where('inquiries.status', 'not in', [...INQUIRY_DONE_STATUSES])
        .where('users.disabled_at', 'is', null)
        .orderBy('inquiries.follow_up_on')
        .orderBy('inquiries.created_at')
        .execute();
      const byColleague = new Map<string, typeof due>();
      for (const row of due) byColleague.set(row.email, [...(byColleague.get(row.email) ?? []), row]);
      await writeTransaction(ctx, async (trx) => {
        for (const [recipient, rows] of byColleague) {
          const message = followUpDigest({
            recipient,
            // Their back-office language: the rows are all theirs, so any row says it.
            locale: isLocale(rows[0]?.locale) ? rows[0].locale : DEFAULT_LOCALE,
            today,
            due: rows.map((row) => ({
              reference: row.reference ?? row.id,
              buyer: `${row.first_name} ${row.last_name}`,
              product: row.product,
              followUpOn: row.follow_up_on!,
              adminUrl: `${ctx.config.publicUrl}/admin/inquiries/${encodeURIComponent(row.id)}`,
            })),
          });
          await enqueueMessage(trx, message, now.toISOString());
        }
      });
      return `${byColleague.size} digest(s), ${due.length} inquiries`;
    },
  };
}
