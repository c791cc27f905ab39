import type { QueryClient } from '@tanstack/react-query';
import { ITEM_QUERY_ROOT } from '../api/get-item';

/**
 * A catalogue write changes admin lists, featured lists, stats and details, whose keys are
 * owned by other features; mark them all stale. The edit form's own item query is skipped so
 * it does not refetch (and, after a delete, 404) while the screen is leaving.
 */
export function invalidateCatalogue(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ predicate: (query) => query.queryKey[0] !== ITEM_QUERY_ROOT });
}
