import { queryOptions, useQuery } from '@tanstack/react-query';
import type { InstallationDetail } from '@capstan/shared';
import { api } from '@/lib/api-client';
import { INSTALLATIONS_URL } from './get-installations';

export const installationUrl = (id: string) => `${INSTALLATIONS_URL}/${encodeURIComponent(id)}`;

export const installationQueryKey = (id: string) => [INSTALLATIONS_URL, 'one', id] as const;

export const installationQueryOptions = (id: string) =>
  queryOptions({
    queryKey: installationQueryKey(id),
    queryFn: ({ signal }) => api.get<InstallationDetail>(installationUrl(id), { signal }),
    // The edit form starts from what is stored: someone may have changed it since the list loaded.
    staleTime: 0,
  });

export function useInstallation(id: string) {
  return useQuery(installationQueryOptions(id));
}
