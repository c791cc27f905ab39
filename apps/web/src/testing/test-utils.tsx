import type { ReactElement } from 'react';
import { render, type RenderOptions } from '@testing-library/react';
import { createMemoryRouter, MemoryRouter, RouterProvider } from 'react-router';
import { resolveLazyRoutes, routes } from '@/app/router';
import { AppProvider } from '@/app/provider';
import { createQueryClient } from '@/lib/query-client';

// The public pages are lazy chunks; in the browser the entry loads the matched one before
// hydrating. Tests render any URL synchronously, so every public page is loaded up front.
// The back office's layout and screens too (two lazy chunks for every admin URL): a test that opens
// an admin URL otherwise waited for the whole admin area's first import, which took longer than a
// query's 10 s on a busy CI machine.
// The toast viewport is loaded with the first toast; loading it here keeps a test's first toast
// from waiting for the module to be transformed.
await Promise.all([
  resolveLazyRoutes({ pathname: '/products' }),
  resolveLazyRoutes({ pathname: '/product/x' }),
  resolveLazyRoutes({ pathname: '/compare' }),
  resolveLazyRoutes({ pathname: '/quote' }),
  resolveLazyRoutes({ pathname: '/admin/dashboard' }),
  import('@/components/ui/toaster'),
]);

/** Render the whole app at a URL, with a fresh query cache and the real route table. */
export function renderApp(url = '/') {
  const queryClient = createQueryClient();
  const router = createMemoryRouter(routes, { initialEntries: [url] });
  const result = render(
    <AppProvider queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProvider>,
  );
  return { ...result, router, queryClient };
}

/** Render one component inside the app's providers and a memory router. */
export function renderWithProviders(
  ui: ReactElement,
  { url = '/', ...options }: RenderOptions & { url?: string } = {},
) {
  const queryClient = createQueryClient();
  const result = render(
    <AppProvider queryClient={queryClient}>
      <MemoryRouter initialEntries={[url]}>{ui}</MemoryRouter>
    </AppProvider>,
    options,
  );
  return { ...result, queryClient };
}
