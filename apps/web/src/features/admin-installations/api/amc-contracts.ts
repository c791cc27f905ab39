import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AmcContract, AmcContractInput, AmcVisit, AmcVisitInput } from '@capstan/shared';
import { api } from '@/lib/api-client';
import { INSTALLATIONS_URL } from './get-installations';
import { installationQueryKey, installationUrl } from './get-installation';

const contractUrl = (id: string) => `/api/amc-contracts/${encodeURIComponent(id)}`;
const visitUrl = (id: string) => `/api/amc-visits/${encodeURIComponent(id)}`;

/** `POST /api/installations/{id}/amc`: a new contract on the machine. */
export function addAmcContract({
  installationId,
  input,
}: {
  installationId: string;
  input: AmcContractInput;
}): Promise<AmcContract> {
  return api.post<AmcContract>(`${installationUrl(installationId)}/amc`, input);
}

/** `PUT /api/amc-contracts/{id}`: the contract's dates, visits included, value or notes corrected. */
export function updateAmcContract({ contractId, input }: { contractId: string; input: AmcContractInput }) {
  return api.put<AmcContract>(contractUrl(contractId), input);
}

/** `POST /api/amc-contracts/{id}/visits`. */
export function recordAmcVisit({ contractId, input }: { contractId: string; input: AmcVisitInput }) {
  return api.post<AmcVisit>(`${contractUrl(contractId)}/visits`, input);
}

/** `DELETE /api/amc-visits/{id}`: a visit recorded by mistake. */
export function deleteAmcVisit({ visitId }: { visitId: string }) {
  return api.del<void>(visitUrl(visitId));
}

/**
 * A change to a machine's contracts: the machine is read again (its contracts, visits done and
 * statuses are the server's), and the lists too, whose rows say whether a machine is under AMC.
 */
function useContractMutation<Input, Output>(installationId: string, mutationFn: (input: Input) => Promise<Output>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: installationQueryKey(installationId) }),
        queryClient.invalidateQueries({ queryKey: [INSTALLATIONS_URL, 'list'] }),
      ]),
  });
}

export const useAddAmcContract = (installationId: string) => useContractMutation(installationId, addAmcContract);
export const useUpdateAmcContract = (installationId: string) => useContractMutation(installationId, updateAmcContract);
export const useRecordAmcVisit = (installationId: string) => useContractMutation(installationId, recordAmcVisit);
export const useDeleteAmcVisit = (installationId: string) => useContractMutation(installationId, deleteAmcVisit);
