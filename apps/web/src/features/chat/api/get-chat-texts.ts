import { queryOptions, useQuery } from '@tanstack/react-query';
import { type ChatContent, LIST_TIMEOUT_MS, SITE_CHAT_URL } from '@capstan/shared';
import { api } from '@/lib/api-client';

/**
 * `GET /api/site/chat`: the greeting and scripted answers as staff set them under Site → Chat.
 * Read when the chat opens, not with every page, so pages do not carry texts few visitors read.
 */
export const chatTextsQuery = queryOptions({
  queryKey: [SITE_CHAT_URL],
  queryFn: ({ signal }) => api.get<ChatContent>(SITE_CHAT_URL, { signal, timeoutMs: LIST_TIMEOUT_MS }),
});

export function useChatTexts() {
  return useQuery(chatTextsQuery);
}
