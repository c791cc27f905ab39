import type { ItemFields, ItemRecord } from './catalogue.repository';

/**
 * What an update asks to change (decision 011): a field that is `undefined` keeps its stored
 * value; `null` clears an optional one. Required fields (name, description, featured,
 * specifications) can only be replaced, never cleared.
 */
export type ItemPatch = {
  [K in keyof ItemFields]?: K extends 'name' | 'description' | 'featured' | 'specifications'
    ? ItemFields[K]
    : ItemFields[K] | null;
};

/** The fields an update writes: the stored item with the patch's fields laid over it. */
export function applyPatch(stored: ItemRecord, patch: ItemPatch): ItemFields {
  const pick = <T>(requested: T | undefined, current: T): T => (requested === undefined ? current : requested);
  return {
    name: pick(patch.name, stored.name),
    description: pick(patch.description, stored.description),
    code: pick(patch.code, stored.code),
    category: pick(patch.category, stored.category),
    brand: pick(patch.brand, stored.brand),
    price: pick(patch.price, stored.price),
    originalPrice: pick(patch.originalPrice, stored.originalPrice),
    rating: pick(patch.rating, stored.rating),
    reviewCount: pick(patch.reviewCount, stored.reviewCount),
    features: pick(patch.features, stored.features) ?? [],
    featured: pick(patch.featured, stored.featured),
    specifications: pick(patch.specifications, stored.specifications),
    // Absent: the stored fits stay untouched (replaceFits does nothing).
    fits: patch.fits ?? undefined,
  };
}
