import type { QueryClient } from '@tanstack/react-query';

/**
 * Every cached view of the catalogue: the admin lists, the public catalogue
 * (`/api/products?category=machine`, …), the landing page's `/api/…/featured` lists and the
 * details screen (`product-detail`). Matched by key prefix because features may not import
 * each other's query options.
 */
const CATALOGUE_KEY_PREFIXES = ['/api/products', '/api/spareparts', '/api/services', 'product-detail'];

export function invalidateCatalogue(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({
    predicate: ({ queryKey: [first] }) =>
      typeof first === 'string' && CATALOGUE_KEY_PREFIXES.some((prefix) => first.startsWith(prefix)),
  });
}
