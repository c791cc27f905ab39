import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { catalogueItemsUrl, LIST_TIMEOUT_MS, type CatalogueItemsEntry, type Locale } from '@capstan/shared';
import { api } from '@/lib/api-client';
import { inPageLanguage } from '@/lib/content-language';
import { useT } from '@/lib/i18n';
import { TAB_OF_KIND, toCatalogueItem, type CatalogueItem } from '../lib/catalogue-items';

export interface FavouriteItem extends CatalogueItem {
  kind: CatalogueItemsEntry['kind'];
}

/** Under the `/api/catalogue` key prefix, so a catalogue write refreshes it (lib/catalogue-cache). */
export function favouriteItemsQuery(ids: readonly string[], locale: Locale) {
  const url = inPageLanguage(catalogueItemsUrl(ids), locale);
  return queryOptions({
    queryKey: [url],
    queryFn: ({ signal }) => api.get<CatalogueItemsEntry[]>(url, { signal, timeoutMs: LIST_TIMEOUT_MS }),
  });
}

function toFavouriteItems(entries: CatalogueItemsEntry[]): FavouriteItem[] {
  return entries.map((entry) => ({ ...toCatalogueItem(TAB_OF_KIND[entry.kind], entry.item), kind: entry.kind }));
}

/**
 * The favourite items, machines first, then spare parts, then services. Unmarking one asks again
 * for the rest; meanwhile the previous answer stays (the view hides the unmarked item itself).
 */
export function useFavouriteItems(ids: readonly string[]) {
  const { locale } = useT();
  return useQuery({
    ...favouriteItemsQuery(ids, locale),
    enabled: ids.length > 0,
    placeholderData: keepPreviousData,
    select: toFavouriteItems,
  });
}
