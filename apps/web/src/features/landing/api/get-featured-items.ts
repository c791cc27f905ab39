import { useMemo } from 'react';
import { queryOptions, useQuery, type UseQueryResult } from '@tanstack/react-query';
import {
  type Locale,
  formatSpecification,
  landingFeatured,
  orderFeatured,
  type Machine,
  type Service,
  type SparePart,
} from '@capstan/shared';
import { api } from '@/lib/api-client';
import { inPageLanguage } from '@/lib/content-language';
import { useT } from '@/lib/i18n';
import type { QuoteItemKind } from '@/lib/quote-link';

export type FeaturedItemType = QuoteItemKind;

/** SPEC §3: a featured item on the landing page, tagged with where it came from. */
export interface FeaturedItem {
  id: string;
  name: string;
  description: string;
  images: string[];
  /** In the order the admin entered them, each with its printed value (typed rows as `38 mm`). */
  specifications: { key: string; value: string }[];
  type: FeaturedItemType;
  /** A machine's category slug (its Request Quote preselects it); null for parts and services. */
  category: string | null;
}

const featuredQuery = <T>(path: string, locale: Locale) => {
  const url = inPageLanguage(path, locale);
  return queryOptions({ queryKey: [url], queryFn: ({ signal }) => api.get<T[]>(url, { signal }) });
};

/** The featured lists in the page's language (decision 072). */
export const featuredMachinesQuery = (locale: Locale) => featuredQuery<Machine>('/api/products/featured', locale);
export const featuredSparePartsQuery = (locale: Locale) => featuredQuery<SparePart>('/api/spareparts/featured', locale);
export const featuredServicesQuery = (locale: Locale) => featuredQuery<Service>('/api/services/featured', locale);

type ItemFields = Pick<
  Machine | SparePart | Service,
  'id' | 'name' | 'description' | 'images' | 'specificationList' | 'featuredPosition'
> &
  Partial<Pick<Machine, 'category'>>;

const tag =
  (type: FeaturedItemType) =>
  ({ id, name, description, images, specificationList, category }: ItemFields): FeaturedItem => ({
    id,
    name,
    description,
    images,
    specifications: specificationList.map((row) => ({ key: row.key, value: formatSpecification(row) })),
    type,
    category: category ?? null,
  });

/** SPEC §7: machines, then spare parts, then services; staff's placed items first (decision 013); the first 6. */
export function mergeFeatured(
  machines: readonly ItemFields[],
  spareParts: readonly ItemFields[],
  services: readonly ItemFields[],
): FeaturedItem[] {
  const placed = (type: FeaturedItemType) => (item: ItemFields) => ({
    featuredPosition: item.featuredPosition,
    item: tag(type)(item),
  });
  const ordered = orderFeatured(
    machines.map(placed('machine')),
    spareParts.map(placed('spare')),
    services.map(placed('service')),
  );
  return landingFeatured(ordered).map(({ item }) => item);
}

export type FeaturedItemsResult =
  | { status: 'pending'; items: [] }
  | { status: 'error'; items: []; error: Error }
  | { status: 'success'; items: FeaturedItem[] };

type Loaded<T> = Pick<UseQueryResult<T>, 'data' | 'error'>;

function combineFeatured(
  machines: Loaded<Machine[]>,
  spares: Loaded<SparePart[]>,
  services: Loaded<Service[]>,
): FeaturedItemsResult {
  // SPEC §4: the three load together; any failure is the section's failure.
  const error = machines.error ?? spares.error ?? services.error;
  if (error) return { status: 'error', items: [], error };
  if (machines.data === undefined || spares.data === undefined || services.data === undefined) {
    return { status: 'pending', items: [] };
  }
  return { status: 'success', items: mergeFeatured(machines.data, spares.data, services.data) };
}

/**
 * The three featured lists, fetched in parallel (SPEC §7): three observers start their fetches
 * together. Three useQuery calls rather than useQueries: the home page then does not download
 * TanStack's queries observer, which only the compare page needs.
 */
export function useFeaturedItems(): FeaturedItemsResult {
  const { locale } = useT();
  const { data: machines, error: machinesError } = useQuery(featuredMachinesQuery(locale));
  const { data: spares, error: sparesError } = useQuery(featuredSparePartsQuery(locale));
  const { data: services, error: servicesError } = useQuery(featuredServicesQuery(locale));
  return useMemo(
    () =>
      combineFeatured(
        { data: machines, error: machinesError },
        { data: spares, error: sparesError },
        { data: services, error: servicesError },
      ),
    [machines, machinesError, spares, sparesError, services, servicesError],
  );
}
