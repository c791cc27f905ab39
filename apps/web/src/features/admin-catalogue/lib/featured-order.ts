import { orderFeatured } from '@capstan/shared';
import type { FeaturedLists } from '../api/get-featured-lists';
import { entryKey } from './featured-entries';
import type { PendingFeaturedMap } from './pending-featured';
import type { AdminProductType } from './product-types';

/** One featured item in the landing-page order. */
export interface PlacementEntry {
  key: string;
  type: AdminProductType;
  id: string;
  name: string;
}

const entry =
  (type: AdminProductType) =>
  ({ id, name, featuredPosition }: { id: string; name: string; featuredPosition?: number | null }) => ({
    key: entryKey(type, id),
    type,
    id,
    name,
    featuredPosition,
  });

/** The saved order: the landing page's own rule (orderFeatured), over every featured item. */
export function savedOrder(lists: FeaturedLists): PlacementEntry[] {
  return orderFeatured(
    lists.machines.map(entry('machine')),
    lists.spareParts.map(entry('spare')),
    lists.services.map(entry('service')),
  ).map(({ key, type, id, name }) => ({ key, type, id, name }));
}

/**
 * The order the screen shows: the saved one rearranged by staff's moves (`moved`, keys in order;
 * null before any move), without items about to be unfeatured, and with items about to be
 * featured at the end, where the landing page would put them.
 */
export function shownOrder(
  saved: readonly PlacementEntry[],
  moved: readonly string[] | null,
  pending: PendingFeaturedMap,
): PlacementEntry[] {
  const added: PlacementEntry[] = [];
  for (const [key, change] of pending) {
    if (change.featured) added.push({ key, type: change.type, id: change.id, name: change.name });
  }
  const all = [...saved, ...added].filter((e) => pending.get(e.key)?.featured !== false);
  if (!moved) return all;
  const rank = new Map(moved.map((key, i) => [key, i]));
  const at = (e: PlacementEntry) => rank.get(e.key) ?? Number.POSITIVE_INFINITY;
  return all.sort((a, b) => {
    const d = at(a) - at(b);
    return Number.isNaN(d) ? 0 : d;
  });
}

/** The order with the item at `index` moved one place up (-1) or down (+1); unchanged at an end. */
export function moveEntry<T>(order: readonly T[], index: number, step: -1 | 1): T[] {
  const target = index + step;
  if (index < 0 || index >= order.length || target < 0 || target >= order.length) return [...order];
  const next = [...order];
  [next[index], next[target]] = [next[target]!, next[index]!];
  return next;
}
