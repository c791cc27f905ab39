import {
  LIST_SEARCH_MAX_LENGTH,
  LIST_SORTS,
  normalizeSpecFilters,
  parseSpecFilter,
  SPEC_FILTER_MAX,
  specFilterParam,
  type SpecRange,
  type ListSort,
  type MachineListEntry,
  type ServiceListEntry,
  type SparePartListEntry,
} from '@capstan/shared';
import { paths } from '@/config/paths';
import type { MessageKey } from '@/lib/i18n';
import { isUsableImage, PLACEHOLDER_IMAGES, type PlaceholderKind } from '@/lib/images';
import { quoteLink } from '@/lib/quote-link';

export const CATALOGUE_TABS = ['machines', 'spares', 'services'] as const;
export type CatalogueTab = (typeof CATALOGUE_TABS)[number];

/** Each tab's texts, as message keys translated where they are shown. */
export interface TabMessages {
  /** The tab itself: 'Spare Parts'. */
  label: MessageKey;
  /** The first tile: 'Spare Parts listed'. */
  listed: MessageKey;
  /** The hidden heading the page links jump to: 'Spare Parts results'. */
  results: MessageKey;
  /** The search box's label and placeholder. */
  search: MessageKey;
  searchPlaceholder: MessageKey;
  /** The empty state of a tab with no items. */
  none: MessageKey;
  /** 'Showing 25–39 of 39 spare parts', and with ' matching "term"'. */
  showing: MessageKey;
  showingMatching: MessageKey;
}

export const TAB_MESSAGES: Record<CatalogueTab, TabMessages> = {
  machines: {
    label: 'catalogue.tabMachines',
    listed: 'catalogue.machinesListed',
    results: 'catalogue.machinesResults',
    search: 'catalogue.searchMachines',
    searchPlaceholder: 'catalogue.searchMachinesPlaceholder',
    none: 'catalogue.noMachines',
    showing: 'catalogue.showingMachines',
    showingMatching: 'catalogue.showingMachinesMatching',
  },
  spares: {
    label: 'catalogue.tabSpares',
    listed: 'catalogue.sparesListed',
    results: 'catalogue.sparesResults',
    search: 'catalogue.searchSpares',
    searchPlaceholder: 'catalogue.searchSparesPlaceholder',
    none: 'catalogue.noSpares',
    showing: 'catalogue.showingSpares',
    showingMatching: 'catalogue.showingSparesMatching',
  },
  services: {
    label: 'catalogue.tabServices',
    listed: 'catalogue.servicesListed',
    results: 'catalogue.servicesResults',
    search: 'catalogue.searchServices',
    searchPlaceholder: 'catalogue.searchServicesPlaceholder',
    none: 'catalogue.noServices',
    showing: 'catalogue.showingServices',
    showingMatching: 'catalogue.showingServicesMatching',
  },
};

// SPEC §5's orders are applied by the server (decision 010); the screen offers exactly those.
export const SORT_OPTIONS = LIST_SORTS;
export type CatalogueSort = ListSort;

export const SORT_LABELS: Record<CatalogueSort, MessageKey> = {
  name: 'catalogue.sortName',
  price: 'catalogue.sortPrice',
  featured: 'catalogue.sortFeatured',
};

export type CatalogueView = 'grid' | 'list';

/** One card's worth of data, whatever list it came from. */
export interface CatalogueItem {
  id: string;
  name: string;
  /** Machine model code, part number or service code (decision 031). */
  code: string | null;
  description: string;
  price: number | null;
  featured: boolean;
  image: { src: string; width?: number; height?: number };
  placeholder: PlaceholderKind;
  quoteHref: string;
  /** A machine's category slug, which its Request Quote preselects; null for parts and services. */
  category: string | null;
  /** Machines can be put side by side on the compare page. */
  comparable: boolean;
}

/** What a list call answers with, for any tab. */
export type CatalogueEntry = MachineListEntry | SparePartListEntry | ServiceListEntry;

const QUOTE_KIND = { machines: 'machine', spares: 'spare', services: 'service' } as const;

export const TAB_OF_KIND = { machine: 'machines', spare: 'spares', service: 'services' } as const;

export function toCatalogueItem(tab: CatalogueTab, item: CatalogueEntry): CatalogueItem {
  const placeholder: PlaceholderKind = tab === 'spares' ? 'part' : 'machine';
  const media = item.media?.[0];
  const image =
    media && isUsableImage(media.thumbnailUrl)
      ? { src: media.thumbnailUrl, width: media.width, height: media.height }
      : { src: item.images?.find(isUsableImage) ?? PLACEHOLDER_IMAGES[placeholder] };
  const name = item.name ?? '';
  const description = item.description ?? '';
  const category = 'category' in item && typeof item.category === 'string' ? item.category : null;
  return {
    id: item.id,
    name,
    code: item.code ?? null,
    description,
    price: 'price' in item && typeof item.price === 'number' ? item.price : null,
    featured: item.featured === true,
    image,
    placeholder,
    quoteHref: quoteLink(QUOTE_KIND[tab], name, category),
    category,
    comparable: tab === 'machines',
  };
}

/**
 * `/products?tab=favourites` shows the items marked in this browser, of every kind. It is
 * not one of the list tabs (no list call, no search or paging), so it is read apart from them.
 */
export const FAVOURITES_TAB = 'favourites';

export function isFavouritesView(searchParams: URLSearchParams): boolean {
  return searchParams.get('tab') === FAVOURITES_TAB;
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

/**
 * The search text a list call is made with: trimmed like the server does, and cut to what the
 * server accepts, so an over-long URL or paste narrows the results instead of failing the call.
 */
export function searchTermOf(text: string): string {
  return text.trim().slice(0, LIST_SEARCH_MAX_LENGTH).trim();
}

/** Which list, search, order, filters and page a catalogue URL asks for. */
export interface CataloguePageQuery {
  tab: CatalogueTab;
  term: string;
  sort: CatalogueSort;
  page: number;
  /** A machine category's slug (machines tab only); null: every machine. */
  category: string | null;
  /** The spare parts that fit one machine (its id; spare-parts tab only); null: every part. */
  machine: string | null;
  /** Ranges of typed specifications (`f=bar-capacity:25-65`), in one order. */
  filters: SpecRange[];
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A machine id from the URL (spare-parts tab only); a malformed one is ignored, not sent to fail the call. */
export function parseMachine(tab: CatalogueTab, value: string | null): string | null {
  const machine = value?.trim() ?? '';
  return tab === 'spares' && UUID.test(machine) ? machine.toLowerCase() : null;
}

const CATEGORY_SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** A category from the URL, when it is one the server could know ("machine" means all of them). */
export function parseCategory(tab: CatalogueTab, value: string | null): string | null {
  if (tab !== 'machines' || value === null || value === 'machine' || value.length > 60) return null;
  return CATEGORY_SLUG.test(value) ? value : null;
}

/** The URL's `f` values that read as ranges; a malformed one is dropped, not sent to fail the call. */
export function parseFilters(values: readonly string[]): SpecRange[] {
  const ranges = values.flatMap((value) => {
    const range = parseSpecFilter(value);
    return typeof range === 'string' ? [] : [range];
  });
  return normalizeSpecFilters(ranges).slice(0, SPEC_FILTER_MAX);
}

export const filterParams = (filters: readonly SpecRange[]): string[] => filters.map(specFilterParam);
export const normalizeFilters = (filters: readonly SpecRange[]): SpecRange[] => normalizeSpecFilters(filters);

/**
 * Read the same way by the screen and by the server renderer's prefetch, so the server fetches
 * exactly the page the screen asks for on its first render.
 */
export function readCataloguePageQuery(searchParams: URLSearchParams): CataloguePageQuery {
  const tab = parseTab(searchParams.get('tab'));
  return {
    tab,
    term: searchTermOf(searchParams.get('q') ?? ''),
    sort: parseSort(searchParams.get('sort')),
    page: parsePage(searchParams.get('page')),
    category: parseCategory(tab, searchParams.get('category')),
    machine: parseMachine(tab, searchParams.get('machine')),
    filters: parseFilters(searchParams.getAll('f')),
  };
}

/**
 * The canonical URL of a shown catalogue page: its tab and page. Orders and views of the same items
 * point at it, and so does a search, whose results are the tab's own items (its first page).
 */
export function catalogueCanonicalPath({ tab, term, page, category, machine, filters }: CataloguePageQuery): string {
  // One machine's parts are a page of their own ("Parts for NP-38"); a search, category or range
  // narrows the tab's own items, which point at its first page.
  const narrowed = term !== '' || category !== null || filters.length > 0;
  return paths.catalogue({
    tab: tab === 'machines' ? null : tab,
    machine,
    page: !narrowed && page > 1 ? page : null,
  });
}

/** Filters in force: a category or a machine, and each specification range. */
export const activeFilterCount = (query: CataloguePageQuery): number =>
  query.filters.length + (query.category === null ? 0 : 1) + (query.machine === null ? 0 : 1);

/**
 * Whether the filters panel starts open: when the URL asks for a non-default order or a filter,
 * so the visitor sees what shapes the list. The server renderer then fetches its facets too.
 */
export const filtersOpenAtStart = (query: CataloguePageQuery, searchParams?: URLSearchParams): boolean =>
  query.sort !== 'name' || activeFilterCount(query) > 0 || searchParams?.get(FILTERS_PARAM) === FILTERS_OPEN;

/** `?filters=open`: the panel asked for open by the Filters button's link (followed without the app). */
export const FILTERS_PARAM = 'filters';
export const FILTERS_OPEN = 'open';
