import { compareNames, type MachineListEntry, type ServiceListEntry, type SparePartListEntry } from '@capstan/shared';
import { isUsableImage, PLACEHOLDER_IMAGES, type PlaceholderKind } from '@/lib/images';
import { quoteLink } from '@/lib/quote-link';

export const CATALOGUE_TABS = ['machines', 'spares', 'services'] as const;
export type CatalogueTab = (typeof CATALOGUE_TABS)[number];

export const TAB_LABELS: Record<CatalogueTab, string> = {
  machines: 'Machines',
  spares: 'Spare Parts',
  services: 'Services',
};

export const SORT_OPTIONS = ['name', 'price', 'featured'] as const;
export type CatalogueSort = (typeof SORT_OPTIONS)[number];

export const SORT_LABELS: Record<CatalogueSort, string> = {
  name: 'Name (A–Z)',
  price: 'Price (low to high)',
  featured: 'Featured first',
};

export type CatalogueView = 'grid' | 'list';

/** One card's worth of data, whatever list it came from. */
export interface CatalogueItem {
  id: string;
  name: string;
  description: string;
  price: number | null;
  featured: boolean;
  image: { src: string; width?: number; height?: number };
  placeholder: PlaceholderKind;
  /** Computed when a card shows it: building 25,000 links up front cost more than the rest of the mapping. */
  readonly quoteHref: string;
}

type AnyItem = MachineListEntry | SparePartListEntry | ServiceListEntry;

const QUOTE_KIND = { machines: 'machine', spares: 'spare', services: 'service' } as const;

export function toCatalogueItem(tab: CatalogueTab, item: AnyItem): CatalogueItem {
  const placeholder: PlaceholderKind = tab === 'spares' ? 'part' : 'machine';
  const media = item.media?.[0];
  const image =
    media && isUsableImage(media.thumbnailUrl)
      ? { src: media.thumbnailUrl, width: media.width, height: media.height }
      : { src: item.images?.find(isUsableImage) ?? PLACEHOLDER_IMAGES[placeholder] };
  const name = item.name ?? '';
  const description = item.description ?? '';
  return {
    id: item.id,
    name,
    description,
    price: 'price' in item && typeof item.price === 'number' ? item.price : null,
    featured: item.featured === true,
    image,
    placeholder,
    get quoteHref() {
      return quoteLink(QUOTE_KIND[tab], name);
    },
  };
}

/** SPEC §5: search matches name or description, case-insensitive. */
export function filterItems(items: readonly CatalogueItem[], term: string): readonly CatalogueItem[] {
  const needle = term.trim().toLowerCase();
  if (needle === '') return items;
  return items.filter((item) => haystackOf(item).includes(needle));
}

// Lower-cased name and description, made on the first search rather than when the list arrives:
// 25,000 of them delayed the first cards, and most visits never search.
const haystacks = new WeakMap<CatalogueItem, string>();

function haystackOf(item: CatalogueItem): string {
  let haystack = haystacks.get(item);
  if (haystack === undefined) {
    haystack = `${item.name}\n${item.description}`.toLowerCase();
    haystacks.set(item, haystack);
  }
  return haystack;
}

const byName = (a: CatalogueItem, b: CatalogueItem) => compareNames(a.name, b.name);

/** SPEC §5: name alphabetical; price numeric with missing as 0; featured first, then by name. */
export function sortItems(items: readonly CatalogueItem[], sort: CatalogueSort): CatalogueItem[] {
  const sorted = [...items];
  if (sort === 'price') sorted.sort((a, b) => (a.price ?? 0) - (b.price ?? 0) || byName(a, b));
  else if (sort === 'featured') sorted.sort((a, b) => Number(b.featured) - Number(a.featured) || byName(a, b));
  else sorted.sort(byName);
  return sorted;
}

export function parseTab(value: string | null): CatalogueTab {
  return CATALOGUE_TABS.find((tab) => tab === value) ?? 'machines';
}

export function parseSort(value: string | null): CatalogueSort {
  return SORT_OPTIONS.find((sort) => sort === value) ?? 'name';
}

export function parseView(value: string | null): CatalogueView {
  return value === 'list' ? 'list' : 'grid';
}

export function parsePage(value: string | null): number {
  const page = Number(value);
  return Number.isInteger(page) && page > 1 ? page : 1;
}
