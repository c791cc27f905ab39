import type { BackOfficeKey } from '@/lib/i18n/admin';
import type { AdminItemByType, AdminProductType } from './product-types';

/** SPEC §3 featured-list entry (client view): one row of the Featured Products table. */
export interface FeaturedEntry {
  /** Unique across the three kinds: ids only need to be unique within one. */
  key: string;
  id: string;
  name: string;
  description: string;
  /** The machine's own category (capitalised); null: none, the table names the kind instead. */
  category: string | null;
  /** What the server holds; a pending change may say otherwise. */
  featured: boolean;
  type: AdminProductType;
}

const capitalise = (value: string) => (value === '' ? value : value[0]!.toUpperCase() + value.slice(1));

export const entryKey = (type: AdminProductType, id: string) => `${type}:${id}`;

/**
 * SPEC §3: category is the machine's own (capitalised) or 'Machine'; 'Spare Part'; 'Service'.
 * Those three are words of the interface: the table says them in the reader's language.
 */
export const CATEGORY_FALLBACK: Record<AdminProductType, BackOfficeKey> = {
  machine: 'adminCatalogue.categoryMachine',
  spare: 'adminCatalogue.categorySparePart',
  service: 'adminCatalogue.categoryService',
};

function categoryOf<K extends AdminProductType>(type: K, item: AdminItemByType[K]): string | null {
  if (type !== 'machine') return null;
  const category = 'category' in item ? item.category.trim() : '';
  return category !== '' ? capitalise(category) : null;
}

/** The rows of one page of one list. */
export function toFeaturedEntries<K extends AdminProductType>(type: K, items: AdminItemByType[K][]): FeaturedEntry[] {
  return items.map((item) => ({
    key: entryKey(type, item.id),
    id: item.id,
    name: item.name,
    description: item.description,
    category: categoryOf(type, item),
    featured: item.featured,
    type,
  }));
}
