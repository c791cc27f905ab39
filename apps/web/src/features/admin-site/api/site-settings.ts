import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminSiteSettings, CompanyInput, CompanySettings, LandingContent, LandingInput } from '@capstan/shared';
import { api } from '@/lib/api-client';
import { isSiteSettingsKey } from '@/lib/site-settings';

export const ADMIN_SITE_URL = '/api/admin/site';

export const adminSiteQuery = queryOptions({
  queryKey: [ADMIN_SITE_URL],
  queryFn: ({ signal }) => api.get<AdminSiteSettings>(ADMIN_SITE_URL, { signal }),
});

export function useAdminSite() {
  return useQuery(adminSiteQuery);
}

function useAfterSave() {
  const queryClient = useQueryClient();
  return async (part: Partial<AdminSiteSettings>) => {
    queryClient.setQueryData(adminSiteQuery.queryKey, (current) => (current ? { ...current, ...part } : current));
    // The public answer (brand, footer, floating actions) shows the change at once, in every language.
    await queryClient.invalidateQueries({ predicate: ({ queryKey }) => isSiteSettingsKey(queryKey) });
  };
}

export function useSaveCompany() {
  const afterSave = useAfterSave();
  return useMutation({
    mutationFn: (input: CompanyInput) => api.put<CompanySettings>('/api/site/company', input),
    onSuccess: (company) => afterSave({ company }),
  });
}

export function useSaveLanding() {
  const afterSave = useAfterSave();
  return useMutation({
    mutationFn: (input: LandingInput) => api.put<LandingContent>('/api/site/landing', input),
    onSuccess: (landing) => afterSave({ landing }),
  });
}
