import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Inquiry, InquiryStatus } from '@capstan/shared';
import { apiFetch } from '@/lib/api-client';
import { INQUIRIES_URL } from './get-inquiries';

/** The dashboard's stats live under their URL (lib/query-client convention); the new count changes here. */
const ADMIN_STATS_KEY = ['/api/admin/stats'] as const;

export interface UpdateInquiryStatusInput {
  id: string;
  status: InquiryStatus;
}

export function updateInquiryStatus({ id, status }: UpdateInquiryStatusInput): Promise<Inquiry> {
  return apiFetch<Inquiry>(`/api/inquiries/${encodeURIComponent(id)}`, { method: 'PATCH', body: { status } });
}

/**
 * Optimistic: the select shows the new status at once; a failure puts the old list back
 * (the caller shows the toast). Settling refetches both the list and the sidebar's new count.
 */
export function useUpdateInquiryStatus({ onError }: { onError?: (error: unknown) => void } = {}) {
  const queryClient = useQueryClient();
  // Every filtered list starts with this key; each shows the new status.
  const queryKey = [INQUIRIES_URL];

  return useMutation({
    mutationFn: updateInquiryStatus,
    onMutate: async ({ id, status }) => {
      await queryClient.cancelQueries({ queryKey });
      const previous = queryClient.getQueriesData<Inquiry[]>({ queryKey });
      queryClient.setQueriesData<Inquiry[]>({ queryKey }, (list) =>
        list?.map((i) => (i.id === id ? { ...i, status } : i)),
      );
      return { previous };
    },
    onError: (error, _input, context) => {
      for (const [key, list] of context?.previous ?? []) queryClient.setQueryData(key, list);
      onError?.(error);
    },
    onSuccess: (updated) => {
      queryClient.setQueriesData<Inquiry[]>({ queryKey }, (list) =>
        list?.map((i) => (i.id === updated.id ? updated : i)),
      );
    },
    onSettled: () => {
      // A status filter may no longer match the changed inquiry.
      void queryClient.invalidateQueries({ queryKey });
      void queryClient.invalidateQueries({ queryKey: ADMIN_STATS_KEY });
    },
  });
}
