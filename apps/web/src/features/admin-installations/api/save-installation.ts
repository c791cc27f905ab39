import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { InstallationDetail, InstallationInput, InstallationUpdate } from '@capstan/shared';
import { api } from '@/lib/api-client';
import { INSTALLATIONS_URL } from './get-installations';
import { installationQueryKey, installationUrl } from './get-installation';

export type SaveInstallationRequest =
  { id?: undefined; input: InstallationInput } | { id: string; input: InstallationUpdate };

/**
 * A new machine is registered whole (`POST`); a registered one is changed by a patch (`PUT` with
 * only the fields staff changed), so a field someone else changed meanwhile is not written back.
 */
export function saveInstallation(request: SaveInstallationRequest): Promise<InstallationDetail> {
  return request.id === undefined
    ? api.post<InstallationDetail>(INSTALLATIONS_URL, request.input)
    : api.put<InstallationDetail>(installationUrl(request.id), request.input);
}

export function useSaveInstallation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveInstallation,
    onSuccess: async (saved) => {
      queryClient.setQueryData(installationQueryKey(saved.id), saved);
      await queryClient.invalidateQueries({ queryKey: [INSTALLATIONS_URL, 'list'] });
    },
  });
}
