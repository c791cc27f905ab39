import { createRoot, hydrateRoot } from 'react-dom/client';
import { hydrate } from '@tanstack/react-query';
import { APP_DATA_ELEMENT_ID } from '@capstan/shared';
import { stopHoldingClicks } from '@/lib/held-clicks';
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
  const data = document.getElementById(APP_DATA_ELEMENT_ID)?.textContent;
  const serverRendered = data !== undefined && data !== null && data !== '';
  if (serverRendered) hydrate(queryClient, JSON.parse(data));

  await resolveLazyRoutes(window.location);
  const app = <App queryClient={queryClient} router={createAppRouter({ serverRendered })} />;
  if (serverRendered) {
    hydrateRoot(container, app);
    stopHoldingClicks();
  } else createRoot(container).render(app);
}
