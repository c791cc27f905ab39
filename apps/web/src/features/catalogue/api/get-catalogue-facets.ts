import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { LIST_TIMEOUT_MS, listQueryString, type CatalogueFacets, type FacetKind, type Locale } from '@capstan/shared';
import { api } from '@/lib/api-client';
import { useT } from '@/lib/i18n';
import type { CatalogueTab, CataloguePageQuery } from '../lib/catalogue-items';

const FACET_KIND: Record<CatalogueTab, FacetKind> = { machines: 'machine', spares: 'spare', services: 'service' };

/** `GET /api/catalogue/facets` for the tab, search and filters shown (decision 035); not the order or page. */
export function catalogueFacetsUrl(
  { tab, term, category, machine, filters }: CataloguePageQuery,
  locale: Locale,
): string {
  const params = new URLSearchParams({ kind: FACET_KIND[tab] });
  if (category !== null) params.set('category', category);
  if (machine !== null) params.set('machine', machine);
  // The labels in the page's language (decision 072).
  const rest = listQueryString({ q: term, f: filters, ...(locale === 'en' ? {} : { lang: locale }) });
  return `/api/catalogue/facets?${params.toString()}${rest === '' ? '' : `&${rest}`}`;
}

export const catalogueFacetsQuery = (query: CataloguePageQuery, locale: Locale) => {
  const url = catalogueFacetsUrl(query, locale);
  return queryOptions({
    queryKey: [url],
    queryFn: ({ signal }) => api.get<CatalogueFacets>(url, { signal, timeoutMs: LIST_TIMEOUT_MS }),
  });
};

/** The filter panel's facets; the last ones stay on screen while the next load. */
export function useCatalogueFacets(query: CataloguePageQuery, enabled: boolean) {
  const { locale } = useT();
  return useQuery({ ...catalogueFacetsQuery(query, locale), enabled, placeholderData: keepPreviousData });
}
