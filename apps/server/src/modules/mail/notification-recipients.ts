import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { findOldestActiveUser } from '../auth/users.repository';

/**
 * Who is told about a new inquiry. Until Site → Company's `notificationEmails` is wired in
 * (issue 17 §1), the first staff account that can still sign in; none: nobody (the inquiry is
 * still stored and shown in the inbox).
 */
export async function notificationRecipients(db: Kysely<Database>): Promise<string[]> {
  const first = await findOldestActiveUser(db);
  return first ? [first.email] : [];
}
