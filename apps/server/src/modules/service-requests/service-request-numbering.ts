import type { Kysely } from 'kysely';
import { indianClock, serviceReference } from '@capstan/shared';
import type { Database } from '../../db/schema';
import { nextServiceRequestSequence } from './service-requests.repository';

/** The calendar year a request counts in: India's, so one raised on 1 January at 2 AM is that year's. */
export const serviceRequestYear = (date: Date): number => indianClock(date).getUTCFullYear();

/**
 * The next reference (`SR-2026-00017`), handed out inside the request's write transaction: the
 * year's row of service_request_series is bumped by an upsert that holds its lock until the
 * transaction ends, so the numbers have no gap (a refused request rolls its number back) and no
 * duplicate, whichever process stores the request.
 */
export async function nextServiceReference(trx: Kysely<Database>, now: Date): Promise<string> {
  const year = serviceRequestYear(now);
  return serviceReference(year, await nextServiceRequestSequence(trx, String(year)));
}
