import { queryOptions } from '@tanstack/react-query';
import { CHAT_ITEMS_URL, CHAT_QUERY_MAX, type ChatItemsAnswer, LIST_TIMEOUT_MS, type Locale } from '@capstan/shared';
import { api } from '@/lib/api-client';
import { inPageLanguage } from '@/lib/content-language';

/**
 * `GET /api/chat/items?q=`: the catalogue items a message names (by code, name or phrase), named in
 * the page's language.
 */
export const chatItemsQuery = (message: string, locale: Locale) => {
  const q = message.trim().slice(0, CHAT_QUERY_MAX);
  const url = inPageLanguage(`${CHAT_ITEMS_URL}?q=${encodeURIComponent(q)}`, locale);
  return queryOptions({
    queryKey: [CHAT_ITEMS_URL, q, locale],
    queryFn: ({ signal }) => api.get<ChatItemsAnswer>(url, { signal, timeoutMs: LIST_TIMEOUT_MS }),
  });
};
