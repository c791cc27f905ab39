import { fakePagedList, type PagedListItem } from '@/testing/paged-list-api';

export { summaryOf } from '@/testing/paged-list-api';

/** The query of each list call a test's handlers answered, by path. */
export type ListCalls = Record<string, Record<string, string>[]>;

/** A paged list endpoint (decision 010) that records every call's query in `calls`. */
export function pagedListHandler<T extends PagedListItem>(
  path: string,
  items: T[] | (() => T[]),
  calls: ListCalls = {},
  { wait }: { wait?: (params: Record<string, string>) => Promise<void> } = {},
) {
  return fakePagedList(path, items, {
    onRequest: async (url) => {
      const params = Object.fromEntries(url.searchParams);
      (calls[path] ??= []).push(params);
      await wait?.(params);
    },
  });
}

/** `Name 01`, `Name 02`, … so name order is numeric order. */
export const numbered = (prefix: string, count: number) =>
  Array.from({ length: count }, (_, i) => `${prefix} ${String(i + 1).padStart(2, '0')}`);
