import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { MachineCategory, MachineCategoryInput } from '@capstan/shared';
import { api } from '@/lib/api-client';
import { invalidateCatalogue } from '@/lib/catalogue-cache';

/**
 * Machine categories (decision 031): the compare page names them, the machine form picks and adds
 * them, the admin categories screen renames and deletes them. One query, so they share a cache.
 */
export const MACHINE_CATEGORIES_URL = '/api/machine-categories';

const categoryUrl = (slug: string) => `${MACHINE_CATEGORIES_URL}/${encodeURIComponent(slug)}`;

export const machineCategoriesQuery = queryOptions({
  queryKey: [MACHINE_CATEGORIES_URL],
  queryFn: ({ signal }) => api.get<MachineCategory[]>(MACHINE_CATEGORIES_URL, { signal }),
});

export function useMachineCategories() {
  return useQuery(machineCategoriesQuery);
}

/** A category's name shows in the catalogue's filter and on compare: every catalogue view refetches. */
function useCategoryWrite<TInput, TResult>(write: (input: TInput) => Promise<TResult>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: write, onSuccess: () => invalidateCatalogue(queryClient) });
}

/** The slug is made from the name by the server, and never changes after. */
export function useCreateMachineCategory() {
  return useCategoryWrite((input: MachineCategoryInput) => api.post<MachineCategory>(MACHINE_CATEGORIES_URL, input));
}

export function useRenameMachineCategory() {
  return useCategoryWrite(({ slug, ...input }: MachineCategoryInput & { slug: string }) =>
    api.put<MachineCategory>(categoryUrl(slug), input),
  );
}

/** The server refuses (409) a category machines still use. */
export function useDeleteMachineCategory() {
  return useCategoryWrite((slug: string) => api.del<void>(categoryUrl(slug)));
}
