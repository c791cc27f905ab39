import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AccountSecurityResponse,
  ChangePasswordInput,
  EnableTotpInput,
  TotpEnableResponse,
  TotpSetupResponse,
} from '@capstan/shared';
import { api } from '@/lib/api-client';

export const ACCOUNT_URL = '/api/auth/account';

export const accountSecurityQueryOptions = () =>
  queryOptions({
    queryKey: [ACCOUNT_URL],
    queryFn: ({ signal }) => api.get<AccountSecurityResponse>(ACCOUNT_URL, { signal }),
  });

export function useAccountSecurity() {
  return useQuery(accountSecurityQueryOptions());
}

export function useChangePassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ChangePasswordInput) => api.post<{ message: string }>('/api/auth/password', input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [ACCOUNT_URL] }),
  });
}

export function useTotpSetup() {
  return useMutation({ mutationFn: () => api.post<TotpSetupResponse>('/api/auth/totp/setup') });
}

export function useTotpEnable() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: EnableTotpInput) => api.post<TotpEnableResponse>('/api/auth/totp/enable', input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [ACCOUNT_URL] }),
  });
}

export function useTotpDisable() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { password: string; code: string }) =>
      api.post<{ message: string }>('/api/auth/totp/disable', input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [ACCOUNT_URL] }),
  });
}
