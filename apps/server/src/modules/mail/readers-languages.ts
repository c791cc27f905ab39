import type { Kysely } from 'kysely';
import { DEFAULT_LOCALE, isLocale, type Locale } from '@capstan/shared';
import type { Database } from '../../db/schema';
import { staffLanguagesByEmail } from '../staff/staff.repository';
import { enqueueMessage, type NewOutboxMessage } from './outbox.repository';

export interface ReadersOfOneLanguage {
  locale: Locale;
  recipients: string[];
}

/**
 * The recipients of a staff email grouped by the language each reads: a staff account's own
 * (users.locale, matched by email whatever its case), English for any other address (Site →
 * Company's notification addresses need not be accounts). Languages in the order their first
 * recipient is listed, each recipient where it was listed.
 */
export async function readersLanguages(
  db: Kysely<Database>,
  recipients: readonly string[],
): Promise<ReadersOfOneLanguage[]> {
  if (recipients.length === 0) return [];
  const chosen = await staffLanguagesByEmail(db, recipients);
  const groups = new Map<Locale, string[]>();
  for (const recipient of recipients) {
    const stored = chosen.get(recipient.toLowerCase());
    const locale = isLocale(stored) ? stored : DEFAULT_LOCALE;
    groups.set(locale, [...(groups.get(locale) ?? []), recipient]);
  }
  return [...groups].map(([locale, group]) => ({ locale, recipients: group }));
}

/**
 * One outbox message per language among `recipients`, each written by `write` for its group. The
 * caller's transaction keeps them or none, and each row is sent once like any other (the worker
 * claims rows one by one; there is no key across them to collide).
 */
export async function enqueueInReadersLanguages(
  db: Kysely<Database>,
  recipients: readonly string[],
  write: (group: ReadersOfOneLanguage) => NewOutboxMessage,
  now: string,
): Promise<string[]> {
  const ids: string[] = [];
  for (const group of await readersLanguages(db, recipients)) ids.push(await enqueueMessage(db, write(group), now));
  return ids;
}
