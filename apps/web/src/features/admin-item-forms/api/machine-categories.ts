import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { MachineCategory, MachineCategoryInput } from '@capstan/shared';
import { api } from '@/lib/api-client';

/** Under the catalogue's key prefixes? No: categories change apart from items, so they have their own key. */
export const MACHINE_CATEGORIES_URL = '/api/machine-categories';

export const machineCategoriesQuery = queryOptions({
  queryKey: [MACHINE_CATEGORIES_URL],
  queryFn: ({ signal }) => api.get<MachineCategory[]>(MACHINE_CATEGORIES_URL, { signal }),
});

export function useMachineCategories() {
  return useQuery(machineCategoriesQuery);
}

/** Staff add a category from the machine form; the slug is made from the name by the server. */
export function useCreateMachineCategory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: MachineCategoryInput) => api.post<MachineCategory>(MACHINE_CATEGORIES_URL, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [MACHINE_CATEGORIES_URL] }),
  });
}
