import type { QueryClient } from '@tanstack/react-query';

/**
 * Every cached view a catalogue write changes: admin lists, the public catalogue's pages
 * (`/api/products?category=machine&limit=24`, …) and counts (`/api/catalogue/summary`), the
 * landing page's `/api/…/featured` lists, the details screen (`product-detail`) and the
 * dashboard's counts. Matched by key prefix because features may not import each other's query
 * options. An edit form's own item query is not among them, so it does not refetch (or 404
 * after a delete) while the screen is leaving.
 */
const CATALOGUE_KEY_PREFIXES = [
  '/api/products',
  '/api/spareparts',
  '/api/services',
  '/api/catalogue',
  'product-detail',
  '/api/admin/stats',
  // What is left to translate (decision 072).
  '/api/admin/catalogue',
  // Machine counts per category, and the names the compare page prints.
  '/api/machine-categories',
];

export function invalidateCatalogue(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({
    predicate: ({ queryKey: [first] }) =>
      typeof first === 'string' && CATALOGUE_KEY_PREFIXES.some((prefix) => first.startsWith(prefix)),
  });
}
