import { StrictMode, useEffect } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import { RouterProvider } from 'react-router';
import type { Translator } from '@/lib/i18n';
import { APP_READY_ATTRIBUTE } from '@/lib/page-handover';
import { AppProvider } from './provider';
import type { createAppRouter } from './router';

/**
 * The browser app. The query client and router are made by the entry (main.tsx), which may
 * first seed the cache with the data the server rendered the page with.
 */
export function App({
  queryClient,
  router,
  translator,
}: {
  queryClient: QueryClient;
  router: ReturnType<typeof createAppRouter>;
  translator: Translator;
}) {
  // Marks the moment the page reacts to input (until then a server-rendered page is only HTML);
  // browser tests wait for it before clicking.
  useEffect(() => {
    document.documentElement.setAttribute(APP_READY_ATTRIBUTE, 'true');
  }, []);
  return (
    <StrictMode>
      <AppProvider queryClient={queryClient} translator={translator}>
        <RouterProvider router={router} />
      </AppProvider>
    </StrictMode>
  );
}
