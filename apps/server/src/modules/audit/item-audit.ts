import { type AuditAction, formatLeadTime } from '@capstan/shared';
import type { Database, ItemKind } from '../../db/schema';
import type { Kysely } from 'kysely';
import { findItem, type ItemRecord } from '../catalogue/catalogue.repository';
import { type AuditSnapshot, diffSnapshots } from './audit-diff';
import { recordAudit } from './audit.service';

/**
 * What the audit trail keeps of an item: its fields, specifications as "key: value" lines and
 * its image addresses (never image bytes).
 */
export function itemSnapshot(item: ItemRecord): AuditSnapshot {
  return {
    name: item.name,
    description: item.description,
    category: item.category,
    brand: item.brand,
    price: item.price,
    originalPrice: item.originalPrice,
    features: item.features,
    // The item's own terms: null is its kind's default (decision 051).
    availability: item.terms.availability,
    leadTimeWeeks: item.terms.leadTimeWeeks && formatLeadTime(item.terms.leadTimeWeeks),
    warrantyMonths: item.terms.warrantyMonths,
    featured: item.featured,
    specifications: item.specifications.map((spec) => `${spec.key}: ${spec.value}`),
    images: item.images.map((image) => image.url),
  };
}

/**
 * Records an item write from inside its transaction: `before` is the item as read under the
 * write lock (undefined for a create); the state after is read here through the same
 * transaction, so the entry describes exactly what commits.
 */
export async function recordItemAudit(
  trx: Kysely<Database>,
  action: Extract<AuditAction, `item.${string}`>,
  kind: ItemKind,
  id: string,
  before: ItemRecord | undefined,
): Promise<void> {
  // The snapshot holds the item's own fields; a machine's parts that fit are other items' rows.
  const after = action === 'item.delete' ? undefined : await findItem(trx, id, kind, { partsThatFit: false });
  await recordAudit(trx, {
    action,
    target: { type: kind, id, label: after?.name ?? before?.name ?? null },
    changes: diffSnapshots(before ? itemSnapshot(before) : null, after ? itemSnapshot(after) : null),
  });
}
