import { useQuery } from '@tanstack/react-query';
import type { MeResponse, Permission } from '@capstan/shared';
import { api } from '@/lib/api-client';
import { useAdminSession } from '@/lib/auth-storage';

export const ME_URL = '/api/auth/me';

/**
 * The signed-in staff member's role and permissions (decision 024). Keyed by the token, so another
 * sign-in in this tab asks again; the server checks every request anyway, this only hides what
 * the role cannot use. Used only under the admin layout, which is there only with a session.
 */
export function useMe() {
  const token = useAdminSession()?.token ?? null;
  return useQuery({
    queryKey: [ME_URL, token],
    queryFn: ({ signal }) => api.get<MeResponse>(ME_URL, { signal }),
    staleTime: 60_000,
  });
}

/** Whether the signed-in role may do this. False until the answer is known: nothing shows that may not work. */
export function useCan(permission: Permission): boolean {
  return useMe().data?.permissions.includes(permission) ?? false;
}
