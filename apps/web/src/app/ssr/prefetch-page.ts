import type { QueryClient } from '@tanstack/react-query';
import type { SsrPage } from '@capstan/shared';
import { machinesQuery, servicesQuery, sparePartsQuery } from '@/features/catalogue/api/get-catalogue';
import {
  featuredMachinesQuery,
  featuredServicesQuery,
  featuredSparePartsQuery,
} from '@/features/landing/api/get-featured-items';
import { productDetailQuery } from '@/features/product-details/api/get-product-details';
import { ROUTE_IDS } from '../router';

/**
 * Above this many catalogue items the lists are not embedded in the HTML: the page would weigh
 * megabytes before the first paint. The catalogue then renders its loading state on the server
 * and fetches the lists in the browser, as it does on a client-side visit.
 */
export const MAX_EMBEDDED_CATALOGUE_ITEMS = 600;

interface MatchedRoute {
  route: { id?: string };
  params: Record<string, string | undefined>;
}

/**
 * Fills the query cache with what the matched public page shows, using the same query
 * definitions the components use, so the server render and the hydrating browser agree.
 */
export async function prefetchPage(queryClient: QueryClient, matches: readonly MatchedRoute[]): Promise<SsrPage> {
  const leaf = matches.at(-1);
  switch (leaf?.route.id) {
    case ROUTE_IDS.home:
      await Promise.all([
        queryClient.prefetchQuery(featuredMachinesQuery),
        queryClient.prefetchQuery(featuredSparePartsQuery),
        queryClient.prefetchQuery(featuredServicesQuery),
      ]);
      return { kind: 'home' };
    case ROUTE_IDS.products: {
      await Promise.all([
        queryClient.prefetchQuery(machinesQuery),
        queryClient.prefetchQuery(sparePartsQuery),
        queryClient.prefetchQuery(servicesQuery),
      ]);
      const lists = [machinesQuery, sparePartsQuery, servicesQuery].map((q) => queryClient.getQueryData(q.queryKey));
      const total = lists.reduce((sum, list) => sum + (list?.length ?? 0), 0);
      // All or nothing: a partly seeded catalogue would render a different state than the browser.
      if (total > MAX_EMBEDDED_CATALOGUE_ITEMS || lists.some((list) => list === undefined)) {
        for (const query of [machinesQuery, sparePartsQuery, servicesQuery]) {
          queryClient.removeQueries({ queryKey: query.queryKey, exact: true });
        }
      }
      return { kind: 'catalogue' };
    }
    case ROUTE_IDS.product: {
      const id = leaf.params.id ?? '';
      await queryClient.prefetchQuery(productDetailQuery(id));
      const found = queryClient.getQueryData(productDetailQuery(id).queryKey);
      return { kind: 'product', id, found: found !== null && found !== undefined };
    }
    default:
      return { kind: 'not-found' };
  }
}
