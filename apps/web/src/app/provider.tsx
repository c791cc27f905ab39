import type { ReactNode } from 'react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { LazyToaster } from '@/components/ui/lazy-toaster';
import { I18nProvider, type Translator } from '@/lib/i18n';

export function AppProvider({
  queryClient,
  translator,
  children,
}: {
  queryClient: QueryClient;
  /** The page's language; English when left out (a screen rendered on its own in a test). */
  translator?: Translator;
  children: ReactNode;
}) {
  const app = (
    <QueryClientProvider client={queryClient}>
      {children}
      <LazyToaster />
    </QueryClientProvider>
  );
  return translator === undefined ? app : <I18nProvider translator={translator}>{app}</I18nProvider>;
}
