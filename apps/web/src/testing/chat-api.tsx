import type { ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { http, HttpResponse } from 'msw';
import { MemoryRouter } from 'react-router';
import {
  CHAT_ITEMS_URL,
  type ChatContent,
  type ChatItemsAnswer,
  type ContentLocale,
  DEFAULT_CHAT,
  DEFAULT_ITEM_TERMS,
  ITEM_TERMS_URL,
  type ItemTermsDefaults,
  type PublicSiteSettings,
  SITE_CHAT_URL,
} from '@capstan/shared';
import { createQueryClient } from '@/lib/query-client';
import { server } from './mocks/server';
import { buildSiteSettings, seedSiteSettings } from './site-settings';

export const NO_CHAT_ITEMS: ChatItemsAnswer = { items: [], total: 0, match: null, phrase: '' };

/**
 * GET /api/site/chat (`textsIn` a language's answer to `?lang=`, `texts` without one), GET
 * /api/chat/items and GET /api/site/terms (the kinds' default terms) as the server answers them;
 * returns the questions asked.
 */
export function chatApi({
  texts = { ...DEFAULT_CHAT, updatedAt: '2026-11-24T00:00:00.000Z' },
  textsIn = {},
  items = () => NO_CHAT_ITEMS,
  terms = { ...DEFAULT_ITEM_TERMS, updatedAt: '2026-11-24T00:00:00.000Z' },
}: {
  texts?: ChatContent;
  textsIn?: Partial<Record<ContentLocale, ChatContent>>;
  items?: (q: string) => ChatItemsAnswer;
  terms?: ItemTermsDefaults;
} = {}) {
  const asked: string[] = [];
  server.use(
    http.get(SITE_CHAT_URL, ({ request }) => {
      const lang = new URL(request.url).searchParams.get('lang') as ContentLocale | null;
      return HttpResponse.json((lang === null ? undefined : textsIn[lang]) ?? texts);
    }),
    http.get(ITEM_TERMS_URL, () => HttpResponse.json(terms)),
    http.get(CHAT_ITEMS_URL, ({ request }) => {
      const q = new URL(request.url).searchParams.get('q') ?? '';
      asked.push(q);
      return HttpResponse.json(items(q));
    }),
  );
  return asked;
}

/**
 * A wrapper for the chat rendered on its own, as public pages hold it: the site settings already
 * in the query cache (the page's embedded data) and a router for its links.
 */
export function withChat(site: PublicSiteSettings = buildSiteSettings()) {
  const queryClient = createQueryClient();
  seedSiteSettings(queryClient, site);
  return function ChatWrapper({ children }: { children: ReactNode }) {
    return (
      <QueryClientProvider client={queryClient}>
        <MemoryRouter>{children}</MemoryRouter>
      </QueryClientProvider>
    );
  };
}
