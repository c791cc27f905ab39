import {
  type AuditAction,
  type AuditValue,
  formatLeadTime,
  ITEM_FIELDS,
  type ItemFieldDefinition,
} from '@capstan/shared';
import type { Database, ItemKind } from '../../db/schema';
import type { Kysely } from 'kysely';
import { findItem, type ItemRecord } from '../catalogue/catalogue.repository';
import { type AuditSnapshot, diffSnapshots } from './audit-diff';
import { recordAudit } from './audit.service';
import { translationLines } from '../catalogue/item-translations';

/** A field's value as the audit trail keeps it, by how the field holds it (item-fields.ts). */
function recorded(item: ItemRecord, field: ItemFieldDefinition): AuditValue {
  switch (field.value) {
    case 'specifications':
      return item.specifications.map((spec) => `${spec.key}: ${spec.value}`);
    // Addresses, never image bytes.
    case 'images':
      return item.images.map((image) => image.url);
    // The item's own terms: null is its kind's default (decision 051).
    case 'availability':
      return item.terms.availability;
    case 'leadTime':
      return item.terms.leadTimeWeeks && formatLeadTime(item.terms.leadTimeWeeks);
    case 'months':
      return item.terms.warrantyMonths;
    case 'translations':
      return translationLines(item.translations);
    default: {
      const value: unknown = item[field.key as keyof ItemRecord];
      return typeof value === 'object' && value !== null && !Array.isArray(value) ? null : (value as AuditValue);
    }
  }
}

/** What the audit trail keeps of an item: the fields its kind's table marks as audited. */
export function itemSnapshot(item: ItemRecord): AuditSnapshot {
  const fields = (ITEM_FIELDS[item.kind] as readonly ItemFieldDefinition[]).filter((f) => f.audited);
  return Object.fromEntries(fields.map((f) => [f.key, recorded(item, f)]));
}

/**
 * Records an item write from inside its transaction: `before` is the item as read under the
 * write lock (undefined for a create); the state after is read here through the same
 * transaction, so the entry describes exactly what commits. Answers that state (without a
 * machine's parts that fit), so the write need not read it again for its answer.
 */
export async function recordItemAudit(
  trx: Kysely<Database>,
  action: Extract<AuditAction, `item.${string}`>,
  kind: ItemKind,
  id: string,
  before: ItemRecord | undefined,
): Promise<ItemRecord | undefined> {
  // The snapshot holds the item's own fields; a machine's parts that fit are other items' rows.
  const after = action === 'item.delete' ? undefined : await findItem(trx, id, kind, { partsThatFit: false });
  await recordAudit(trx, {
    action,
    target: { type: kind, id, label: after?.name ?? before?.name ?? null },
    changes: diffSnapshots(before ? itemSnapshot(before) : null, after ? itemSnapshot(after) : null),
  });
  return after;
}
