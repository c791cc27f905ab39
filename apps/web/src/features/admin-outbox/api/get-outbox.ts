import { queryOptions, useQuery } from '@tanstack/react-query';
import type { OutboxOverview } from '@capstan/shared';
import { api } from '@/lib/api-client';

export const OUTBOX_URL = '/api/admin/outbox';

export function getOutbox(inquiryId: string | undefined, signal?: AbortSignal): Promise<OutboxOverview> {
  const url = inquiryId ? `${OUTBOX_URL}?inquiryId=${encodeURIComponent(inquiryId)}` : OUTBOX_URL;
  return api.get<OutboxOverview>(url, signal ? { signal } : {});
}

/** Emails change state on their own (the worker sends them), so the screen looks again now and then. */
const REFRESH_MS = 15_000;

export const outboxQueryOptions = (inquiryId?: string) =>
  queryOptions({
    queryKey: inquiryId ? [OUTBOX_URL, inquiryId] : [OUTBOX_URL],
    queryFn: ({ signal }) => getOutbox(inquiryId, signal),
    refetchInterval: REFRESH_MS,
  });

export function useOutbox(inquiryId?: string) {
  return useQuery(outboxQueryOptions(inquiryId));
}
