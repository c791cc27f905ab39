import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import {
  catalogueItemsUrl,
  LIST_TIMEOUT_MS,
  type CatalogueItemsEntry,
  type Locale,
  type QuoteItemKind,
} from '@capstan/shared';
import { api } from '@/lib/api-client';
import { inPageLanguage } from '@/lib/content-language';
import { useT } from '@/lib/i18n';
import { isUsableImage, PLACEHOLDER_IMAGES } from '@/lib/images';

/** What a line of the quote list shows of its item. */
export interface QuoteListItem {
  id: string;
  kind: QuoteItemKind;
  name: string;
  /** Machine model code, part number or service code (decision 031). */
  code: string | null;
  /** A small picture: the first upload's thumbnail, else its first usable picture, else the kind's placeholder. */
  image: string;
}

/**
 * The quote list's items, every kind in one call (`GET /api/catalogue/items`, the favourites' lookup
 * by id), in the page's language. An id the answer leaves out names an item deleted since it was
 * added. Under the `/api/catalogue` key prefix, so a catalogue write refreshes it (lib/catalogue-cache).
 */
export function quoteItemsQuery(ids: readonly string[], locale: Locale) {
  const url = inPageLanguage(catalogueItemsUrl(ids), locale);
  return queryOptions({
    queryKey: [url],
    queryFn: ({ signal }) => api.get<CatalogueItemsEntry[]>(url, { signal, timeoutMs: LIST_TIMEOUT_MS }),
  });
}

function toQuoteListItem(entry: CatalogueItemsEntry): QuoteListItem {
  const { item } = entry;
  const thumbnail = item.media?.[0]?.thumbnailUrl;
  const image = isUsableImage(thumbnail)
    ? thumbnail
    : (item.images?.find(isUsableImage) ?? PLACEHOLDER_IMAGES[entry.kind === 'spare' ? 'part' : 'machine']);
  return { id: item.id, kind: entry.kind, name: item.name, code: item.code ?? null, image };
}

function toItemsById(entries: CatalogueItemsEntry[]): ReadonlyMap<string, QuoteListItem> {
  return new Map(entries.map((entry) => [entry.item.id, toQuoteListItem(entry)]));
}

/**
 * The items of `ids` by id. A line removed asks again for the rest; meanwhile the previous answer
 * stays (`isPlaceholderData`), so the list does not flash back to loading.
 */
export function useQuoteItems(ids: readonly string[]) {
  const { locale } = useT();
  return useQuery({
    ...quoteItemsQuery(ids, locale),
    enabled: ids.length > 0,
    placeholderData: keepPreviousData,
    select: toItemsById,
  });
}
