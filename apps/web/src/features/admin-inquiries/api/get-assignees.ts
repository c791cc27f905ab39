import { queryOptions, useQuery } from '@tanstack/react-query';
import type { InquiryAssignee } from '@capstan/shared';
import { api } from '@/lib/api-client';

export const ASSIGNEES_URL = '/api/inquiries/assignees';

export const assigneesQueryOptions = () =>
  queryOptions({
    queryKey: [ASSIGNEES_URL],
    queryFn: ({ signal }) => api.get<InquiryAssignee[]>(ASSIGNEES_URL, { signal }),
    // Staff accounts change rarely; one list serves every card on the screen.
    staleTime: 5 * 60 * 1000,
  });

export function useAssignees() {
  return useQuery(assigneesQueryOptions());
}
