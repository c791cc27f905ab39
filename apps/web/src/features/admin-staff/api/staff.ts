import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  StaffInviteInput,
  StaffInviteResponse,
  StaffListResponse,
  StaffUpdateInput,
  StaffUpdateResponse,
} from '@capstan/shared';
import { api } from '@/lib/api-client';

export const STAFF_URL = '/api/admin/staff';

export const staffQueryOptions = () =>
  queryOptions({
    queryKey: [STAFF_URL],
    queryFn: ({ signal }) => api.get<StaffListResponse>(STAFF_URL, { signal }),
  });

export function useStaff() {
  return useQuery(staffQueryOptions());
}

function useStaffMutation<TInput, TResult>(send: (input: TInput) => Promise<TResult>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [STAFF_URL] }),
  });
}

export const useInviteStaff = () =>
  useStaffMutation((input: StaffInviteInput) => api.post<StaffInviteResponse>(STAFF_URL, input));

export const useUpdateStaff = () =>
  useStaffMutation(({ id, ...input }: StaffUpdateInput & { id: string }) =>
    api.put<StaffUpdateResponse>(`${STAFF_URL}/${encodeURIComponent(id)}`, input),
  );

export const useResetStaffTwoFactor = () =>
  useStaffMutation((id: string) =>
    api.post<StaffUpdateResponse>(`${STAFF_URL}/${encodeURIComponent(id)}/reset-two-factor`),
  );
