import type { AuditValue } from '@capstan/shared';
import type { AuditSnapshot } from '../audit/audit-diff';

/**
 * A settings document as audit fields: nested objects and lists of objects become dotted
 * paths ('phones.0.number', 'hero.heading'), so an entry names exactly what changed; lists of
 * texts (paragraphs) stay lists.
 */
export function flattenForAudit(value: object, prefix = '', into: AuditSnapshot = {}): AuditSnapshot {
  for (const [key, entry] of Object.entries(value)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (entry === undefined) continue;
    if (Array.isArray(entry) && entry.every((item) => typeof item === 'string')) {
      into[path] = entry as string[];
    } else if (entry !== null && typeof entry === 'object') {
      flattenForAudit(entry as object, path, into);
    } else {
      into[path] = entry as AuditValue;
    }
  }
  return into;
}
