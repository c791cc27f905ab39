import { DEFAULT_LOCALE, indianClock, indianToday, isLocale, type Locale } from '@capstan/shared';
import type { AppContext } from '../../app-context';
import { writeTransaction } from '../../db/write-transaction';
import { enqueueMessages, type NewOutboxMessage } from '../mail/outbox.repository';
import type { ScheduledJob } from '../scheduler/scheduler';
import { currentCompanySettings } from '../site/site-settings.service';
import {
  amcRenewalEmail,
  engineerVisitsEmail,
  ownersDigestEmail,
  type ReminderCompany,
  warrantyEndEmail,
} from './service-reminder-emails';
import {
  activeOwners,
  type DueContract,
  dueContracts,
  type DueVisit,
  dueVisits,
  type DueWarranty,
  dueWarranties,
  insertReminders,
  type ReminderKey,
  reminderKeyText,
  type ReminderKind,
} from './service-reminders.repository';

/**
 * The after-sale reminders on the scheduled-job runner (issue 40, decision 066): each morning the
 * customers whose AMC ends in 60, 30 or 7 days are offered a renewal, those whose warranty ends
 * in 30 days an AMC, the owners hear whom we reminded, and each engineer gets the day's visits.
 *
 * Exactly once: the runner gives each day's run to one process, and within a run a reminder's row
 * in `service_reminders` (unique by kind, subject and day) is inserted in the same transaction as
 * its emails, so a run taken over after a crash, or racing another, queues only what it inserted.
 * A threshold passed while no server ran is caught up on the next run (the 30-day offer on day 29),
 * but only the nearest: a contract 25 days from its end gets the 30-day email, never the 60-day one.
 */

/** India's time from which the day's reminders go: before the engineers set out. */
export const SERVICE_REMINDERS_AT = { hour: 7, minute: 30 } as const;
/** Days before an AMC ends that its customer is reminded, furthest first. */
export const AMC_REMINDER_DAYS = [60, 30, 7] as const;
/** Days before a warranty ends that an AMC is offered. */
export const WARRANTY_REMINDER_DAYS = 30;

type ReminderContext = Pick<AppContext, 'db' | 'dialect' | 'config'>;

/** Today's Indian date once 07:30 has passed there; none before. */
export function serviceRemindersOccurrence(now: Date): string | null {
  const clock = indianClock(now);
  const minutes = clock.getUTCHours() * 60 + clock.getUTCMinutes();
  return minutes >= SERVICE_REMINDERS_AT.hour * 60 + SERVICE_REMINDERS_AT.minute ? indianToday(now) : null;
}

function addDays(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

const localeOf = (value: string | null | undefined): Locale => (isLocale(value) ? value : DEFAULT_LOCALE);
const hasEmail = <T extends { email: string | null }>(row: T): row is T & { email: string } =>
  row.email !== null && row.email.trim() !== '';

/** Each AMC threshold's window of end days: (today + next, today + days], the nearest from today itself. */
function amcWindows(today: string): { kind: ReminderKind; after: string; fromIncluded: boolean; until: string }[] {
  return AMC_REMINDER_DAYS.map((days, index) => {
    const nearer = AMC_REMINDER_DAYS[index + 1];
    return {
      kind: `amc-${days}` as ReminderKind,
      after: nearer === undefined ? today : addDays(today, nearer),
      fromIncluded: nearer === undefined,
      until: addDays(today, days),
    };
  });
}

async function reminderCompany(ctx: ReminderContext): Promise<ReminderCompany> {
  const company = await currentCompanySettings(ctx.db);
  return {
    name: company.name,
    phones: company.phones.map((phone) => phone.number).filter((number) => number.trim() !== ''),
    email: company.email.trim() === '' ? null : company.email,
  };
}

export interface ServiceRemindersOutcome {
  contracts: number;
  warranties: number;
  emails: number;
}

/**
 * The customers' and owners' reminders due on `today`: read with set-based queries, then marked
 * and queued in one write transaction (a few statements per 500 reminders, not one per machine).
 */
export async function sendServiceReminders(
  ctx: ReminderContext,
  today: string,
  now: Date,
): Promise<ServiceRemindersOutcome> {
  const byThreshold = await Promise.all(
    amcWindows(today).map(async (window) => ({
      kind: window.kind,
      contracts: await dueContracts(ctx.db, window.kind, window),
    })),
  );
  const warranties = await dueWarranties(ctx.db, ctx.dialect, {
    from: today,
    until: addDays(today, WARRANTY_REMINDER_DAYS),
  });
  const contractKeys = byThreshold.flatMap(({ kind, contracts }) =>
    contracts.map((contract) => ({
      contract,
      key: { kind, subjectId: contract.contractId, dueOn: contract.endsOn } satisfies ReminderKey,
    })),
  );
  const warrantyKeys = warranties.map((machine) => ({
    machine,
    key: {
      kind: 'warranty-30',
      subjectId: machine.installationId,
      dueOn: machine.warrantyEndsOn,
    } satisfies ReminderKey,
  }));
  if (contractKeys.length + warrantyKeys.length === 0) return { contracts: 0, warranties: 0, emails: 0 };

  const [company, owners] = await Promise.all([reminderCompany(ctx), activeOwners(ctx.db)]);
  const at = now.toISOString();
  const installationUrl = (id: string) => `${ctx.config.publicUrl}/admin/installations/${encodeURIComponent(id)}`;

  return writeTransaction(ctx, async (trx) => {
    const inserted = await insertReminders(
      trx,
      [...contractKeys, ...warrantyKeys].map(({ key }) => key),
      at,
    );
    const contracts: DueContract[] = contractKeys
      .filter(({ key }) => inserted.has(reminderKeyText(key)))
      .map(({ contract }) => contract);
    const machines: DueWarranty[] = warrantyKeys
      .filter(({ key }) => inserted.has(reminderKeyText(key)))
      .map(({ machine }) => machine);
    const messages: NewOutboxMessage[] = [
      ...contracts
        .filter(hasEmail)
        .map((contract) => amcRenewalEmail(contract, localeOf(contract.locale), today, company)),
      ...machines
        .filter(hasEmail)
        .map((machine) => warrantyEndEmail(machine, localeOf(machine.locale), today, company)),
    ];
    if (contracts.length + machines.length > 0) {
      for (const owner of owners) {
        messages.push(
          ownersDigestEmail({
            recipient: owner.email,
            locale: localeOf(owner.locale),
            today,
            contracts,
            warranties: machines,
            installationUrl,
          }),
        );
      }
    }
    await enqueueMessages(trx, messages, at);
    return { contracts: contracts.length, warranties: machines.length, emails: messages.length };
  });
}

/** Each engineer's open visits of `today`, one email each; nothing for an engineer without any. */
export async function sendEngineerVisits(ctx: ReminderContext, today: string, now: Date): Promise<number> {
  const visits = await dueVisits(ctx.db, today);
  if (visits.length === 0) return 0;
  const byEngineer = new Map<string, DueVisit[]>();
  for (const visit of visits) byEngineer.set(visit.engineerId, [...(byEngineer.get(visit.engineerId) ?? []), visit]);
  const requestUrl = (id: string) => `${ctx.config.publicUrl}/admin/service-requests/${encodeURIComponent(id)}`;
  const at = now.toISOString();

  return writeTransaction(ctx, async (trx) => {
    const inserted = await insertReminders(
      trx,
      [...byEngineer.keys()].map((engineerId) => ({ kind: 'engineer-visits', subjectId: engineerId, dueOn: today })),
      at,
    );
    const messages = [...byEngineer]
      .filter(([engineerId]) =>
        inserted.has(reminderKeyText({ kind: 'engineer-visits', subjectId: engineerId, dueOn: today })),
      )
      .map(([, rows]) =>
        engineerVisitsEmail({
          recipient: rows[0]!.engineerEmail,
          locale: localeOf(rows[0]!.engineerLocale),
          today,
          visits: rows,
          requestUrl,
        }),
      );
    await enqueueMessages(trx, messages, at);
    return messages.length;
  });
}

/** The customers' offers and the owners' list, each morning from 07:30 in India. */
export function serviceRemindersJob(ctx: ReminderContext): ScheduledJob {
  return {
    name: 'service-reminders',
    dueOccurrence: serviceRemindersOccurrence,
    async run(today, now) {
      const outcome = await sendServiceReminders(ctx, today, now);
      return `${outcome.contracts} AMC and ${outcome.warranties} warranty reminder(s), ${outcome.emails} email(s)`;
    },
  };
}

/** Each engineer's visits of the day, each morning from 07:30 in India. */
export function engineerVisitsJob(ctx: ReminderContext): ScheduledJob {
  return {
    name: 'engineer-visits',
    dueOccurrence: serviceRemindersOccurrence,
    async run(today, now) {
      return `${await sendEngineerVisits(ctx, today, now)} engineer(s) emailed their visits`;
    },
  };
}
