import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Inquiry, InquiryNoteInput, InquiryUpdate } from '@capstan/shared';
import { apiFetch } from '@/lib/api-client';
import { INQUIRIES_URL } from './get-inquiries';

/** The dashboard's stats (lib/query-client convention): its overdue count follows these changes. */
const ADMIN_STATS_KEY = ['/api/admin/stats'] as const;

const inquiryUrl = (id: string) => `${INQUIRIES_URL}/${encodeURIComponent(id)}`;

export function updateInquiry({ id, update }: { id: string; update: InquiryUpdate }): Promise<Inquiry> {
  return apiFetch<Inquiry>(inquiryUrl(id), { method: 'PUT', body: update });
}

export function addInquiryNote({ id, note }: { id: string; note: InquiryNoteInput }): Promise<Inquiry> {
  return apiFetch<Inquiry>(`${inquiryUrl(id)}/notes`, { method: 'POST', body: note });
}

/**
 * A change to one inquiry: the answer (the inquiry as stored) replaces it in every list shown,
 * then the lists refetch, since an assignee or overdue filter may no longer match it.
 */
function useInquiryMutation<Input>(mutationFn: (input: Input) => Promise<Inquiry>) {
  const queryClient = useQueryClient();
  const queryKey = [INQUIRIES_URL];
  return useMutation({
    mutationFn,
    onSuccess: (updated) => {
      queryClient.setQueriesData<Inquiry[]>({ queryKey }, (list) =>
        list?.map((i) => (i.id === updated.id ? updated : i)),
      );
      void queryClient.invalidateQueries({ queryKey });
      void queryClient.invalidateQueries({ queryKey: ADMIN_STATS_KEY });
    },
  });
}

export const useUpdateInquiry = () => useInquiryMutation(updateInquiry);
export const useAddInquiryNote = () => useInquiryMutation(addInquiryNote);
