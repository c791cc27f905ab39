import type { FeaturedChange } from '../api/update-featured';
import { entryKey, type FeaturedEntry } from './featured-entries';

/**
 * A featured toggle not yet saved. `was` is the server's value when it was toggled, so the
 * Featured counter can count it while its row is on another page, list or search.
 */
export interface PendingFeatured extends FeaturedChange {
  name: string;
  was: boolean;
}

/** Keyed by `entryKey(type, id)`; holds only values that differ from the server's. */
export type PendingFeaturedMap = ReadonlyMap<string, PendingFeatured>;

/** The value a row shows: its pending change if any, else the server's. */
export const shownFeatured = (pending: PendingFeaturedMap, entry: FeaturedEntry) =>
  pending.get(entry.key)?.featured ?? entry.featured;

/** Flip a row; flipping back to the server's value forgets the change. */
export function togglePending(pending: PendingFeaturedMap, entry: FeaturedEntry): PendingFeaturedMap {
  const next = new Map(pending);
  const featured = !shownFeatured(pending, entry);
  if (featured === entry.featured) next.delete(entry.key);
  else next.set(entry.key, { type: entry.type, id: entry.id, name: entry.name, featured, was: entry.featured });
  return next;
}

/** How far the unsaved changes move the server's featured count: +1 per newly featured, −1 per unfeatured. */
export function featuredDelta(pending: PendingFeaturedMap): number {
  let delta = 0;
  for (const change of pending.values()) {
    if (change.featured && !change.was) delta += 1;
    else if (!change.featured && change.was) delta -= 1;
  }
  return delta;
}

/** Forget the changes that were saved, unless toggled again since they were sent. */
export function withoutSaved(pending: PendingFeaturedMap, saved: readonly PendingFeatured[]): PendingFeaturedMap {
  const next = new Map(pending);
  for (const change of saved) {
    const key = entryKey(change.type, change.id);
    if (next.get(key)?.featured === change.featured) next.delete(key);
  }
  return next;
}
