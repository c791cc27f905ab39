import type { Kysely } from 'kysely';
import type { AuditLogTable, Database } from '../../db/schema';

/** Position in the newest-first order: rows strictly older than this come next. */
export interface AuditPosition {
  at: string;
  id: string;
}

// Append-only by design: this module has no update or delete, and no route changes rows.
export async function insertAuditRow(db: Kysely<Database>, row: AuditLogTable): Promise<void> {
  await db.insertInto('audit_log').values(row).execute();
}

export async function listAuditRows(
  db: Kysely<Database>,
  options: { action?: string; after?: AuditPosition; limit: number },
): Promise<AuditLogTable[]> {
  let query = db.selectFrom('audit_log').selectAll();
  if (options.action) query = query.where('action', '=', options.action);
  const after = options.after;
  if (after) {
    query = query.where((eb) =>
      eb.or([eb('at', '<', after.at), eb.and([eb('at', '=', after.at), eb('id', '<', after.id)])]),
    );
  }
  return query.orderBy('at', 'desc').orderBy('id', 'desc').limit(options.limit).execute();
}

/** Which of these ids still exist, per table: the Activity screen links only to those. */
export async function existingTargetIds(
  db: Kysely<Database>,
  ids: {
    items: string[];
    inquiries: string[];
    users: string[];
    reviews?: string[];
    emails?: string[];
    installations?: string[];
    serviceRequests?: string[];
  },
): Promise<Set<string>> {
  const found = await Promise.all([
    ids.items.length ? db.selectFrom('items').select('id').where('id', 'in', ids.items).execute() : [],
    ids.inquiries.length ? db.selectFrom('inquiries').select('id').where('id', 'in', ids.inquiries).execute() : [],
    ids.users.length ? db.selectFrom('users').select('id').where('id', 'in', ids.users).execute() : [],
    ids.reviews?.length ? db.selectFrom('reviews').select('id').where('id', 'in', ids.reviews).execute() : [],
    ids.emails?.length ? db.selectFrom('outbox').select('id').where('id', 'in', ids.emails).execute() : [],
    ids.installations?.length
      ? db.selectFrom('installations').select('id').where('id', 'in', ids.installations).execute()
      : [],
    ids.serviceRequests?.length
      ? db.selectFrom('service_requests').select('id').where('id', 'in', ids.serviceRequests).execute()
      : [],
  ]);
  return new Set(found.flat().map((row) => row.id));
}
