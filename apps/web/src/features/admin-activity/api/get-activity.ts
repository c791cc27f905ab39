import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { AuditAction, AuditPage } from '@capstan/shared';
import { api } from '@/lib/api-client';

export const ACTIVITY_URL = '/api/admin/activity';

export interface ActivityPageRequest {
  action?: AuditAction;
  cursor?: string | null;
}

export function getActivityPage({ action, cursor }: ActivityPageRequest, signal?: AbortSignal): Promise<AuditPage> {
  const query = new URLSearchParams();
  if (action) query.set('action', action);
  if (cursor) query.set('cursor', cursor);
  const search = query.toString();
  return api.get<AuditPage>(search ? `${ACTIVITY_URL}?${search}` : ACTIVITY_URL, signal ? { signal } : {});
}

/** Newest first; each further page is older, reached through the server's cursor. */
export const activityQueryOptions = (action: AuditAction | undefined) =>
  infiniteQueryOptions({
    queryKey: [ACTIVITY_URL, { action: action ?? null }],
    queryFn: ({ pageParam, signal }) => getActivityPage({ action, cursor: pageParam }, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });

export function useActivity(action: AuditAction | undefined) {
  return useInfiniteQuery(activityQueryOptions(action));
}
