import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import {
  type AuditAction,
  type AuditChanges,
  type AuditEntry,
  type AuditPage,
  type AuditTargetType,
  AUDIT_ACTIONS,
  AUDIT_TARGET_TYPES,
  auditChangesSchema,
} from '@capstan/shared';
import type { AuditLogTable, Database } from '../../db/schema';
import { badRequest } from '../../http-error';
import { requestInScope } from './audit-context';
import { type AuditPosition, existingTargetIds, insertAuditRow, listAuditRows } from './audit.repository';

export interface AuditActor {
  userId: string | null;
  email: string | null;
}

export interface AuditTarget {
  type: AuditTargetType;
  id: string;
  label: string | null;
}

export interface AuditRecord {
  action: AuditAction;
  /** Who acted. Left out: the signed-in user of the request being handled. */
  actor?: AuditActor | null;
  /** From which address. Left out: `request.ip` of the request being handled. */
  ip?: string | null;
  target?: AuditTarget | null;
  /** Changed fields only (see diffSnapshots); never passwords, tokens or image bytes. */
  changes?: AuditChanges | null;
}

// A second line of defence: whatever a caller passes, secrets never reach the table.
const SECRET_FIELD = /password|token|secret|hash|recovery/i;

function withoutSecrets(changes: AuditChanges): AuditChanges {
  return Object.fromEntries(Object.entries(changes).filter(([field]) => !SECRET_FIELD.test(field)));
}

/**
 * Appends one entry to the audit trail. Pass the transaction of the write it describes, so that
 * the action and its entry commit (or roll back) together.
 */
export async function recordAudit(db: Kysely<Database>, entry: AuditRecord, now = new Date()): Promise<void> {
  const request = requestInScope();
  const actor = entry.actor === undefined ? sessionActor() : entry.actor;
  const ip = entry.ip === undefined ? (request?.ip ?? null) : entry.ip;
  await insertAuditRow(db, {
    id: randomUUID(),
    at: now.toISOString(),
    action: entry.action,
    actor_id: actor?.userId ?? null,
    actor_email: actor?.email?.toLowerCase() ?? null,
    ip,
    target_type: entry.target?.type ?? null,
    target_id: entry.target?.id ?? null,
    target_label: entry.target?.label ?? null,
    changes: entry.changes ? JSON.stringify(withoutSecrets(entry.changes)) : null,
  });
}

function sessionActor(): AuditActor | null {
  const user = requestInScope()?.session?.user;
  return user ? { userId: user.id, email: user.email } : null;
}

const encodeCursor = (position: AuditPosition) =>
  Buffer.from(JSON.stringify([position.at, position.id])).toString('base64url');

function decodeCursor(cursor: string): AuditPosition {
  try {
    const value: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (Array.isArray(value) && value.length === 2 && value.every((v) => typeof v === 'string')) {
      return { at: value[0] as string, id: value[1] as string };
    }
  } catch {
    // falls through to the 400 below
  }
  throw badRequest('Invalid cursor');
}

const isAction = (value: string): value is AuditAction => (AUDIT_ACTIONS as readonly string[]).includes(value);
const isTargetType = (value: string): value is AuditTargetType =>
  (AUDIT_TARGET_TYPES as readonly string[]).includes(value);

function parseChanges(json: string | null): AuditChanges | null {
  if (json === null) return null;
  try {
    const result = auditChangesSchema.safeParse(JSON.parse(json));
    return result.success ? result.data : null;
  } catch {
    return null;
  }
}

function toEntry(row: AuditLogTable, existing: ReadonlySet<string>): AuditEntry | null {
  // Rows written by a newer version with an action this one does not know are skipped, not fatal.
  if (!isAction(row.action)) return null;
  const targetType = row.target_type;
  return {
    id: row.id,
    at: row.at,
    action: row.action,
    actor: { userId: row.actor_id, email: row.actor_email },
    ip: row.ip,
    target:
      targetType && row.target_id && isTargetType(targetType)
        ? { type: targetType, id: row.target_id, label: row.target_label, exists: existing.has(row.target_id) }
        : null,
    changes: parseChanges(row.changes),
  };
}

function targetIdsOf(rows: readonly AuditLogTable[], types: readonly AuditTargetType[]): string[] {
  const ids = rows.filter((row) => row.target_id && types.some((type) => type === row.target_type));
  return [...new Set(ids.map((row) => row.target_id as string))];
}

/** One page of the trail, newest first. */
export async function listAudit(
  db: Kysely<Database>,
  query: { action?: AuditAction; cursor?: string; limit: number },
): Promise<AuditPage> {
  const after = query.cursor ? decodeCursor(query.cursor) : undefined;
  // One extra row tells whether an older page exists.
  const rows = await listAuditRows(db, { action: query.action, after, limit: query.limit + 1 });
  const page = rows.slice(0, query.limit);
  const last = page[page.length - 1];
  const existing = await existingTargetIds(db, {
    items: targetIdsOf(page, ['machine', 'spare', 'service']),
    inquiries: targetIdsOf(page, ['inquiry']),
    users: targetIdsOf(page, ['user']),
    reviews: targetIdsOf(page, ['review']),
    emails: targetIdsOf(page, ['email']),
    installations: targetIdsOf(page, ['installation']),
    serviceRequests: targetIdsOf(page, ['service_request']),
  });
  return {
    entries: page.map((row) => toEntry(row, existing)).filter((entry): entry is AuditEntry => entry !== null),
    nextCursor: rows.length > query.limit && last ? encodeCursor({ at: last.at, id: last.id }) : null,
  };
}
