import { type Locale, telOf } from '@capstan/shared';
import { serverTranslator, type ServerTranslator } from '../../i18n/server-translator';
import { emailLink, emailPage, escapeHtml, htmlMessage, indianDay, oneLine } from '../mail/email-parts';
import type { NewOutboxMessage } from '../mail/outbox.repository';
import type { DueContract, DueVisit, DueWarranty, ReminderMachine } from './service-reminders.repository';

/** The reminders' emails (issue 40), each in its reader's language (the `reminders` messages). */

export const AMC_RENEWAL_REMINDER = 'reminder.amc-renewal';
export const WARRANTY_END_REMINDER = 'reminder.warranty-end';
export const OWNERS_REMINDER_DIGEST = 'reminder.owners';
export const ENGINEER_VISITS_DIGEST = 'reminder.engineer-visits';

/** The company as the customers' emails sign and offer it (Site → Company). */
export interface ReminderCompany {
  name: string;
  phones: readonly string[];
  /** Where a customer's reply goes; null: to the sender. */
  email: string | null;
}

const paragraphs = (lines: readonly string[]): string => lines.map((line) => `<p>${escapeHtml(line)}</p>`).join('');

/** Whole days from `from` to `to` (YYYY-MM-DD). */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

/** How to reach us, and who writes: the end of every email to a customer. */
function signOff(tr: ServerTranslator, company: ReminderCompany): { text: string[]; html: string } {
  const phones = company.phones.join(', ');
  const call = company.phones.length > 0 ? [tr.t('reminders.callUs', { phones })] : [];
  const phoneLinks = company.phones.map((number) => emailLink(`tel:${telOf(number)}`, number)).join(', ');
  return {
    text: [...call, '', tr.t('reminders.regards'), company.name],
    html:
      (call.length > 0 ? `<p>${htmlMessage(tr, 'reminders.callUs', {}, { phones: phoneLinks })}</p>` : '') +
      `<p>${escapeHtml(tr.t('reminders.regards'))}<br>${escapeHtml(company.name)}</p>`,
  };
}

/** A customer's email: greeting, what ends when, the offer, and how to reach us. */
function toCustomer(
  machine: ReminderMachine & { email: string },
  locale: Locale,
  company: ReminderCompany,
  kind: string,
  words: { subject: string; intro: string; offer: string },
): NewOutboxMessage {
  const tr = serverTranslator(locale);
  const greeting = tr.t('reminders.greeting', { name: oneLine(machine.contactName) });
  const end = signOff(tr, company);
  return {
    kind,
    inquiryId: null,
    recipients: [machine.email],
    replyTo: company.email,
    subject: oneLine(words.subject),
    text: [greeting, '', words.intro, '', words.offer, ...end.text].join('\n'),
    html: emailPage(paragraphs([greeting, words.intro, words.offer]) + end.html, locale),
  };
}

/** To the customer, 60, 30 or 7 days before their AMC ends: an offer to renew it. */
export function amcRenewalEmail(
  contract: DueContract & { email: string },
  locale: Locale,
  today: string,
  company: ReminderCompany,
): NewOutboxMessage {
  const { t } = serverTranslator(locale);
  const values = { serial: contract.serial, model: oneLine(contract.model), date: indianDay(contract.endsOn, locale) };
  return toCustomer(contract, locale, company, AMC_RENEWAL_REMINDER, {
    subject: t('reminders.amcSubject', {
      company: company.name,
      serial: contract.serial,
      days: daysBetween(today, contract.endsOn),
    }),
    intro: t('reminders.amcIntro', values),
    offer: t('reminders.amcOffer'),
  });
}

/** To the customer, 30 days before the warranty ends: an offer of an AMC. */
export function warrantyEndEmail(
  machine: DueWarranty & { email: string },
  locale: Locale,
  today: string,
  company: ReminderCompany,
): NewOutboxMessage {
  const { t } = serverTranslator(locale);
  const values = {
    serial: machine.serial,
    model: oneLine(machine.model),
    date: indianDay(machine.warrantyEndsOn, locale),
  };
  return toCustomer(machine, locale, company, WARRANTY_END_REMINDER, {
    subject: t('reminders.warrantySubject', {
      company: company.name,
      serial: machine.serial,
      days: daysBetween(today, machine.warrantyEndsOn),
    }),
    intro: t('reminders.warrantyIntro', values),
    offer: t('reminders.warrantyOffer'),
  });
}

/** Lines per section of the owners' email; the rest are counted (a first run may remind hundreds). */
export const OWNERS_DIGEST_MAX_LINES = 100;

interface OwnerLine {
  text: string;
  url: string;
}

/**
 * To each owner once a run, in their language: every customer reminded in it, AMC renewals and
 * warranty ends apart, each with whether the customer was emailed or needs a call.
 */
export function ownersDigestEmail(input: {
  recipient: string;
  locale: Locale;
  today: string;
  contracts: readonly DueContract[];
  warranties: readonly DueWarranty[];
  installationUrl: (installationId: string) => string;
}): NewOutboxMessage {
  const { locale } = input;
  const tr = serverTranslator(locale);
  const { t } = tr;
  const reached = (machine: ReminderMachine) =>
    machine.email
      ? t('reminders.ownersEmailed', { email: machine.email })
      : t('reminders.ownersNoEmail', { name: oneLine(machine.contactName), phone: machine.phone });
  const line = (
    machine: ReminderMachine,
    key: 'reminders.ownersAmcLine' | 'reminders.ownersWarrantyLine',
    day: string,
  ) =>
    ({
      text: `${t(key, {
        company: oneLine(machine.company),
        model: oneLine(machine.model),
        serial: machine.serial,
        date: indianDay(day, locale),
      })} (${reached(machine)})`,
      url: input.installationUrl(machine.installationId),
    }) satisfies OwnerLine;
  const sections = [
    {
      heading: t('reminders.ownersAmcHeading'),
      lines: input.contracts.map((contract) => line(contract, 'reminders.ownersAmcLine', contract.endsOn)),
    },
    {
      heading: t('reminders.ownersWarrantyHeading'),
      lines: input.warranties.map((machine) => line(machine, 'reminders.ownersWarrantyLine', machine.warrantyEndsOn)),
    },
  ].filter((section) => section.lines.length > 0);

  const intro = t('reminders.ownersIntro');
  const text: string[] = [intro];
  let html = paragraphs([intro]);
  for (const section of sections) {
    const shown = section.lines.slice(0, OWNERS_DIGEST_MAX_LINES);
    const more = section.lines.length - shown.length;
    const moreLine = more > 0 ? [t('reminders.ownersMore', { count: more })] : [];
    text.push('', `${section.heading}:`, ...shown.map((entry) => `- ${entry.text}\n  ${entry.url}`), ...moreLine);
    html +=
      `<p><strong>${escapeHtml(section.heading)}</strong></p><ul>` +
      shown.map((entry) => `<li>${emailLink(entry.url, entry.text)}</li>`).join('') +
      `</ul>${paragraphs(moreLine)}`;
  }
  return {
    kind: OWNERS_REMINDER_DIGEST,
    inquiryId: null,
    recipients: [input.recipient],
    replyTo: null,
    subject: oneLine(
      t('reminders.ownersSubject', {
        date: indianDay(input.today, locale),
        count: input.contracts.length + input.warranties.length,
      }),
    ),
    text: text.join('\n'),
    html: emailPage(html, locale),
  };
}

/** To an engineer in the morning, in their language: the day's visits, each with what they need on site. */
export function engineerVisitsEmail(input: {
  recipient: string;
  locale: Locale;
  today: string;
  visits: readonly DueVisit[];
  requestUrl: (requestId: string) => string;
}): NewOutboxMessage {
  const { locale, visits } = input;
  const tr = serverTranslator(locale);
  const { t } = tr;
  const count = visits.length;
  const intro = t('reminders.engineerIntro', { count });
  const open = t('reminders.openInBackOffice');
  const blocks = visits.map((visit) => {
    const customer = oneLine(visit.company ?? visit.name);
    const heading =
      visit.model === null
        ? t('reminders.engineerLineUnregistered', { reference: visit.reference, customer, serial: visit.serial })
        : t('reminders.engineerLine', {
            reference: visit.reference,
            customer,
            model: oneLine(visit.model),
            serial: visit.serial,
          });
    const details = [
      ...(visit.machineDown ? [t('reminders.engineerDown')] : []),
      t('reminders.engineerContact', { name: oneLine(visit.name), phone: visit.phone }),
      ...(visit.address ? [t('reminders.engineerAddress', { address: oneLine(visit.address) })] : []),
      t('reminders.engineerSymptom', { symptom: oneLine(visit.symptom) }),
    ];
    return { heading, details, url: input.requestUrl(visit.requestId) };
  });
  const text = [
    intro,
    ...blocks.flatMap((block) => [
      '',
      block.heading,
      ...block.details.map((detail) => `  ${detail}`),
      `  ${block.url}`,
    ]),
  ];
  const html =
    paragraphs([intro]) +
    blocks
      .map(
        (block) =>
          `<p><strong>${escapeHtml(block.heading)}</strong><br>${block.details.map(escapeHtml).join('<br>')}<br>` +
          `${emailLink(block.url, open)}</p>`,
      )
      .join('');
  return {
    kind: ENGINEER_VISITS_DIGEST,
    inquiryId: null,
    recipients: [input.recipient],
    replyTo: null,
    subject: oneLine(t('reminders.engineerSubject', { date: indianDay(input.today, locale), count })),
    text: text.join('\n'),
    html: emailPage(html, locale),
  };
}
