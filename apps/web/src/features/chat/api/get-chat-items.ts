import { queryOptions } from '@tanstack/react-query';
import { CHAT_ITEMS_URL, CHAT_QUERY_MAX, type ChatItemsAnswer, LIST_TIMEOUT_MS } from '@capstan/shared';
import { api } from '@/lib/api-client';

/** `GET /api/chat/items?q=`: the catalogue items a message names (by code, name or phrase). */
export const chatItemsQuery = (message: string) => {
  const q = message.trim().slice(0, CHAT_QUERY_MAX);
  return queryOptions({
    queryKey: [CHAT_ITEMS_URL, q],
    queryFn: ({ signal }) =>
      api.get<ChatItemsAnswer>(`${CHAT_ITEMS_URL}?q=${encodeURIComponent(q)}`, { signal, timeoutMs: LIST_TIMEOUT_MS }),
  });
};
