import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { LIST_TIMEOUT_MS, listQueryString, type CatalogueFacets, type FacetKind } from '@capstan/shared';
import { api } from '@/lib/api-client';
import type { CatalogueTab, CataloguePageQuery } from '../lib/catalogue-items';

const FACET_KIND: Record<CatalogueTab, FacetKind> = { machines: 'machine', spares: 'spare', services: 'service' };

/** `GET /api/catalogue/facets` for the tab, search and filters shown (decision 035); not the order or page. */
export function catalogueFacetsUrl({ tab, term, category, machine, filters }: CataloguePageQuery): string {
  const params = new URLSearchParams({ kind: FACET_KIND[tab] });
  if (category !== null) params.set('category', category);
  if (machine !== null) params.set('machine', machine);
  const rest = listQueryString({ q: term, f: filters });
  return `/api/catalogue/facets?${params.toString()}${rest === '' ? '' : `&${rest}`}`;
}

export const catalogueFacetsQuery = (query: CataloguePageQuery) =>
  queryOptions({
    queryKey: [catalogueFacetsUrl(query)],
    queryFn: ({ signal }) =>
      api.get<CatalogueFacets>(catalogueFacetsUrl(query), { signal, timeoutMs: LIST_TIMEOUT_MS }),
  });

/** The filter panel's facets; the last ones stay on screen while the next load. */
export function useCatalogueFacets(query: CataloguePageQuery, enabled: boolean) {
  return useQuery({ ...catalogueFacetsQuery(query), enabled, placeholderData: keepPreviousData });
}
