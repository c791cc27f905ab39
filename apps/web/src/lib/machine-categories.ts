import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Locale, MachineCategory, MachineCategoryInput } from '@capstan/shared';
import { api } from '@/lib/api-client';
import { invalidateCatalogue } from '@/lib/catalogue-cache';
import { inPageLanguage } from '@/lib/content-language';
import { useT } from '@/lib/i18n';

/**
 * Machine categories (decision 031): the compare page names them, the machine form picks and adds
 * them, the admin categories screen renames and deletes them. One query per language, so the
 * screens of a language share a cache.
 */
export const MACHINE_CATEGORIES_URL = '/api/machine-categories';

const categoryUrl = (slug: string) => `${MACHINE_CATEGORIES_URL}/${encodeURIComponent(slug)}`;

/** The categories named in `locale` (decision 072): staff's Tamil or Hindi name, English where none. */
export const machineCategoriesQueryIn = (locale: Locale) => {
  const url = inPageLanguage(MACHINE_CATEGORIES_URL, locale);
  return queryOptions({ queryKey: [url], queryFn: ({ signal }) => api.get<MachineCategory[]>(url, { signal }) });
};

/** As staff keep them: the English names, each with its translations. */
export const machineCategoriesQuery = machineCategoriesQueryIn('en');

/** The categories in the page's language: the catalogue's filter, compare, the contact form's Service list. */
export function useMachineCategories() {
  const { locale } = useT();
  return useQuery(machineCategoriesQueryIn(locale));
}

/** The categories as staff edit them (English names with their Tamil and Hindi ones), whatever the back office's language. */
export function useStaffMachineCategories() {
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
