import { queryOptions, useQuery } from '@tanstack/react-query';
import { DEFAULT_WARRANTY_MONTHS, INSTALLATION_SETTINGS_URL, type InstallationSettings } from '@capstan/shared';
import { api } from '@/lib/api-client';

export const warrantyDefaultQueryOptions = () =>
  queryOptions({
    queryKey: [INSTALLATION_SETTINGS_URL],
    queryFn: async ({ signal }) =>
      (await api.get<InstallationSettings>(INSTALLATION_SETTINGS_URL, { signal })).warrantyMonthsDefault,
    staleTime: 5 * 60 * 1000,
  });

/**
 * The warranty a machine registered without one gets (Site → Company): the form's placeholder and
 * the warranty end it shows while the field is empty. Until the settings are read, the shared
 * default; the server applies the real setting when it saves either way.
 */
export function useWarrantyDefault(): number {
  return useQuery(warrantyDefaultQueryOptions()).data ?? DEFAULT_WARRANTY_MONTHS;
}
