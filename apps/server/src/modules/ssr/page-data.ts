import type { PageDataToFetch } from '@capstan/shared';

interface DehydratedQuery {
  queryKey?: unknown;
  state?: { status?: unknown };
}

/**
 * The `#app-data` of a page that leaves its data out (decision 060): the API paths of its answers.
 * Undefined, so the data stays embedded, when one answer is not a plain API read the app can ask
 * for again by its key alone, or failed (the app must hydrate the same error the page shows).
 */
export function pathsToFetch(dataJson: string): string | undefined {
  const state = JSON.parse(dataJson) as { queries?: DehydratedQuery[] };
  // Nothing to leave out: the embedded state is already as small as the list would be.
  if (state.queries === undefined || state.queries.length === 0) return undefined;
  const paths: string[] = [];
  for (const query of state.queries) {
    const key = query.queryKey;
    if (!Array.isArray(key) || key.length !== 1 || typeof key[0] !== 'string' || !key[0].startsWith('/api/')) {
      return undefined;
    }
    if (query.state?.status !== 'success') return undefined;
    paths.push(key[0]);
  }
  const list: PageDataToFetch = { fetch: paths };
  return JSON.stringify(list).replace(/</g, '\\u003c');
}
