import type { QueryClient } from '@tanstack/react-query';
import { type Locale, parseQuoteList, QUOTE_PAGE_LINES_PARAM, type SsrPage } from '@capstan/shared';
import { cataloguePageQuery, catalogueSummaryQuery } from '@/features/catalogue/api/get-catalogue';
import { catalogueFacetsQuery } from '@/features/catalogue/api/get-catalogue-facets';
import { machineChoicesQuery } from '@/lib/machine-choices';
import {
  catalogueCanonicalPath,
  filtersOpenAtStart,
  isFavouritesView,
  readCataloguePageQuery,
} from '@/features/catalogue/lib/catalogue-items';
import {
  featuredMachinesQuery,
  featuredServicesQuery,
  featuredSparePartsQuery,
} from '@/features/landing/api/get-featured-items';
import { approvedReviewsQuery } from '@/features/landing/api/reviews';
import { fittingMachinesQuery, productDetailQuery } from '@/features/product-details/api/get-product-details';
import { comparedMachineQuery } from '@/features/compare/api/get-compared-machine';
import { quoteItemsQuery } from '@/features/contact/api/get-quote-items';
import { machineCategoriesQueryIn } from '@/lib/machine-categories';
import { parseCompareIds } from '@/features/compare/lib/compare-rows';
import { COMPARE_MAX } from '@/lib/compare-list';
import { paths } from '@/config/paths';
import { siteSettingsQueryIn } from '@/lib/site-settings';
import { ROUTE_IDS } from '../router';

interface MatchedRoute {
  route: { id?: string };
  params: Record<string, string | undefined>;
}

/**
 * Fills the query cache with what the matched public page shows, using the same query
 * definitions the components use, so the server render and the hydrating browser agree.
 * `searchParams` are the request URL's: the catalogue's tab, search, order and page.
 */
export async function prefetchPage(
  queryClient: QueryClient,
  matches: readonly MatchedRoute[],
  searchParams: URLSearchParams,
  locale: Locale,
): Promise<SsrPage> {
  const leaf = matches.at(-1);
  // Every public page shows the company (brand, footer, contact actions) as staff set it, in its language.
  await queryClient.prefetchQuery(siteSettingsQueryIn(locale));
  switch (leaf?.route.id) {
    case ROUTE_IDS.home:
      await Promise.all([
        queryClient.prefetchQuery(featuredMachinesQuery(locale)),
        queryClient.prefetchQuery(featuredSparePartsQuery(locale)),
        queryClient.prefetchQuery(featuredServicesQuery(locale)),
        queryClient.prefetchQuery(approvedReviewsQuery),
        // The review form's "Which machine is this about?" offers them in the server's HTML.
        queryClient.prefetchQuery(machineChoicesQuery(locale)),
        // The contact form's Service list names the machine categories.
        queryClient.prefetchQuery(machineCategoriesQueryIn(locale)),
      ]);
      return { kind: 'home' };
    case ROUTE_IDS.products: {
      // Favourites live in the visitor's browser; the server renders the counts and the
      // view's loading state. The view has no content of its own, so it names the catalogue as canonical.
      if (isFavouritesView(searchParams)) {
        await queryClient.prefetchQuery(catalogueSummaryQuery);
        if (queryClient.getQueryState(catalogueSummaryQuery.queryKey)?.status === 'error') {
          queryClient.removeQueries({ queryKey: catalogueSummaryQuery.queryKey, exact: true });
        }
        return { kind: 'catalogue', canonicalPath: paths.products };
      }
      // Exactly what the screen asks for on its first render: the counts and one page (≤ 24 items).
      const asked = readCataloguePageQuery(searchParams);
      const pageQuery = cataloguePageQuery(asked, locale);
      const machinesQuery = machineChoicesQuery(locale);
      // The filter panel starts open for an order or filters in the URL: its facets are on the page
      // too, and on the spare-parts tab the machines its "For machine" choice offers, which also
      // name the machine of "Parts for NP-38".
      const filtersOpen = filtersOpenAtStart(asked, searchParams);
      const facetsQuery = filtersOpen ? catalogueFacetsQuery(asked, locale) : null;
      const withMachines = asked.tab === 'spares' && (filtersOpen || asked.machine !== null);
      await Promise.all([
        queryClient.prefetchQuery(catalogueSummaryQuery),
        queryClient.prefetchQuery(pageQuery),
        facetsQuery ? queryClient.prefetchQuery(facetsQuery) : null,
        withMachines ? queryClient.prefetchQuery(machinesQuery) : null,
      ]);
      // A failed call is not embedded, so the browser starts from the loading state and asks
      // again; the server must render that same state, not the error screen.
      const keys = [
        catalogueSummaryQuery.queryKey,
        pageQuery.queryKey,
        machinesQuery.queryKey,
        ...(facetsQuery ? [facetsQuery.queryKey] : []),
      ];
      for (const queryKey of keys) {
        if (queryClient.getQueryState(queryKey)?.status === 'error') {
          queryClient.removeQueries({ queryKey, exact: true });
        }
      }
      // A page past the end shows the last page (get-catalogue.ts): that is the page this URL stands for.
      const shown = queryClient.getQueryData(pageQuery.queryKey)?.query ?? asked;
      return { kind: 'catalogue', canonicalPath: catalogueCanonicalPath(shown) };
    }
    case ROUTE_IDS.product: {
      const id = leaf.params.id ?? '';
      await queryClient.prefetchQuery(productDetailQuery(id, locale));
      const found = queryClient.getQueryData(productDetailQuery(id, locale).queryKey);
      // A spare part's page names the machines it fits, in the server's HTML too.
      if (found && found.fits.length > 0) {
        const fitting = fittingMachinesQuery(found.fits, locale);
        await queryClient.prefetchQuery(fitting);
        if (queryClient.getQueryState(fitting.queryKey)?.status === 'error') {
          queryClient.removeQueries({ queryKey: fitting.queryKey, exact: true });
        }
      }
      return { kind: 'product', id, found: found !== null && found !== undefined };
    }
    case ROUTE_IDS.compare: {
      const ids = parseCompareIds(searchParams.get('ids'), COMPARE_MAX);
      await Promise.all([
        queryClient.prefetchQuery(machineCategoriesQueryIn(locale)),
        ...ids.map((id) => queryClient.prefetchQuery(comparedMachineQuery(id, locale))),
      ]);
      const names = ids.flatMap((id) => {
        const machine = queryClient.getQueryData(comparedMachineQuery(id, locale).queryKey);
        return machine ? [machine.name] : [];
      });
      return { kind: 'compare', canonicalPath: paths.compare(ids), names };
    }
    case ROUTE_IDS.quote: {
      // The visitor's lines, which the server took from their cookie into the URL (decision 074).
      const ids = parseQuoteList(searchParams.get(QUOTE_PAGE_LINES_PARAM)).map((line) => line.id);
      if (ids.length > 0) {
        const items = quoteItemsQuery(ids, locale);
        await queryClient.prefetchQuery(items);
        // A failed call is not embedded: the browser starts from the loading state and asks again.
        if (queryClient.getQueryState(items.queryKey)?.status === 'error') {
          queryClient.removeQueries({ queryKey: items.queryKey, exact: true });
        }
      }
      return { kind: 'quote' };
    }
    // Nothing to read beyond the company (its phones): the form and My machine are the visitor's own.
    case ROUTE_IDS.service:
    case ROUTE_IDS.serviceSent:
      return { kind: 'service' };
    case ROUTE_IDS.myMachine:
      return { kind: 'my-machine' };
    default:
      return { kind: 'not-found' };
  }
}
