import { createRoot, hydrateRoot } from 'react-dom/client';
import { hydrate } from '@tanstack/react-query';
import { pageData } from '@/lib/page-data';
import { APP_LISTENING_ATTRIBUTE } from '@/lib/page-handover';
import { localePrefix, splitLocalePath } from '@capstan/shared';
import { createTranslator, loadMessages } from '@/lib/i18n';
import { createQueryClient } from '@/lib/query-client';
import { App } from './app';
import { createAppRouter, resolveLazyRoutes } from './router';

/**
 * Public pages arrive server-rendered with the data they were rendered from; the admin and
 * the dev server send an empty #root, which is rendered from scratch.
 */
export async function startApp(): Promise<void> {
  const container = document.getElementById('root');
  if (!container) throw new Error('index.html is missing the #root element');

  const queryClient = createQueryClient();
  const data = await pageData();
  const serverRendered = data !== null;
  if (data !== null && 'state' in data) hydrate(queryClient, data.state);
  else data?.answers.forEach(([path, answer]) => queryClient.setQueryData([path], answer));

  // The language is the path's prefix; its routes live under it (the router's basename).
  const { locale } = splitLocalePath(window.location.pathname);
  const basename = localePrefix(locale) || undefined;
  const [messages] = await Promise.all([loadMessages(locale), resolveLazyRoutes(window.location, basename)]);
  const app = (
    <App
      queryClient={queryClient}
      router={createAppRouter({ serverRendered, basename })}
      translator={createTranslator(locale, messages)}
    />
  );
  if (serverRendered) {
    hydrateRoot(container, app);
    // The loader (boot/held-clicks.ts) stops holding clicks: React replays those it gets from now on.
    document.documentElement.setAttribute(APP_LISTENING_ATTRIBUTE, '');
  } else createRoot(container).render(app);
}
