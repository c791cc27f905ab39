import { queryOptions, useQuery } from '@tanstack/react-query';
import { type ChatContent, LIST_TIMEOUT_MS, type Locale, SITE_CHAT_URL } from '@capstan/shared';
import { api } from '@/lib/api-client';
import { inPageLanguage } from '@/lib/content-language';

/**
 * `GET /api/site/chat`: the greeting and scripted answers as staff set them under Site → Chat, in
 * the page's language (`?lang=ta|hi`; English where staff left a text untranslated). Read when the
 * chat opens, not with every page, so pages do not carry texts few visitors read.
 */
export const chatTextsQuery = (locale: Locale) => {
  const url = inPageLanguage(SITE_CHAT_URL, locale);
  return queryOptions({
    queryKey: [url],
    queryFn: ({ signal }) => api.get<ChatContent>(url, { signal, timeoutMs: LIST_TIMEOUT_MS }),
  });
};

export function useChatTexts(locale: Locale) {
  return useQuery(chatTextsQuery(locale));
}
