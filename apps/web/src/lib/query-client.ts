import { QueryClient, type QueryFunction } from '@tanstack/react-query';
import { api, ApiError } from './api-client';

export type UnauthorizedBehavior = 'returnNull' | 'throw';

/**
 * SPEC §7 generic query: GET the URL that is the first element of the query key, with
 * credentials; a 401 either fails or, in 'returnNull' mode, yields null.
 */
export function getQueryFn<T>(options: { on401: 'throw' }): QueryFunction<T>;
export function getQueryFn<T>(options: { on401: 'returnNull' }): QueryFunction<T | null>;
export function getQueryFn<T>(options: { on401: UnauthorizedBehavior }): QueryFunction<T | null>;
export function getQueryFn<T>({ on401 }: { on401: UnauthorizedBehavior }): QueryFunction<T | null> {
  return async ({ queryKey, signal }) => {
    const [url] = queryKey;
    if (typeof url !== 'string' || !url.startsWith('/')) {
      throw new Error('The default query function needs a query key that starts with a root-relative URL');
    }
    try {
      return await api.get<T>(url, { signal });
    } catch (error) {
      if (on401 === 'returnNull' && error instanceof ApiError && error.status === 401) return null;
      throw error;
    }
  };
}

/** SPEC §7 query defaults: no retry, no refetch on focus, no polling, never stale. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        queryFn: getQueryFn({ on401: 'throw' }),
        retry: false,
        refetchOnWindowFocus: false,
        refetchInterval: false,
        staleTime: Infinity,
      },
      mutations: {
        retry: false,
      },
    },
  });
}
