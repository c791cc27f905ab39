import type { AuditChanges, AuditValue } from '@capstan/shared';

/** Long texts (descriptions) are cut so that an entry stays small; enough to see what changed. */
export const AUDIT_TEXT_LIMIT = 300;

/** The recordable fields of something, flattened to values the audit trail can store. */
export type AuditSnapshot = Record<string, AuditValue>;

const cut = (text: string) => (text.length > AUDIT_TEXT_LIMIT ? `${text.slice(0, AUDIT_TEXT_LIMIT)}…` : text);

function shorten(value: AuditValue): AuditValue {
  if (typeof value === 'string') return cut(value);
  if (Array.isArray(value)) return value.map(cut);
  return value;
}

const isEmpty = (value: AuditValue) => value === null || value === '' || (Array.isArray(value) && value.length === 0);

const same = (a: AuditValue, b: AuditValue) => JSON.stringify(a) === JSON.stringify(b);

/**
 * The fields whose values differ, before and after. A null snapshot means "did not exist"
 * (create, delete): then the fields that had a value on the other side are listed.
 */
export function diffSnapshots(before: AuditSnapshot | null, after: AuditSnapshot | null): AuditChanges {
  const changes: AuditChanges = {};
  const keys = new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})]);
  for (const key of keys) {
    const b = before?.[key] ?? null;
    const a = after?.[key] ?? null;
    if (same(b, a) || (isEmpty(a) && isEmpty(b))) continue;
    changes[key] = { before: shorten(b), after: shorten(a) };
  }
  return changes;
}
