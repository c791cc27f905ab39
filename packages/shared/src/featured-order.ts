import { FEATURED_LIST_CAP } from './constants';

export interface Placeable {
  featuredPosition?: number | null;
}

/**
 * The landing page's featured list (SPEC §7, with staff's order): the three lists merged
 * (machines, spare parts, services), then the items staff placed by their position, then the
 * rest in the merged order; the first FEATURED_LIST_CAP are shown.
 */
export function orderFeatured<M extends Placeable, S extends Placeable, V extends Placeable>(
  machines: readonly M[],
  spareParts: readonly S[],
  services: readonly V[],
): (M | S | V)[] {
  const place = (item: Placeable) => item.featuredPosition ?? Number.POSITIVE_INFINITY;
  // Array.prototype.sort is stable, so unplaced items keep the merged order.
  return [...machines, ...spareParts, ...services].sort((a, b) => {
    const byPlace = place(a) - place(b);
    return Number.isNaN(byPlace) ? 0 : byPlace;
  });
}

/** What the landing page shows of an ordered featured list. */
export const landingFeatured = <T>(ordered: readonly T[]): T[] => ordered.slice(0, FEATURED_LIST_CAP);
