import { useMutation } from '@tanstack/react-query';
import type { LoginInput, LoginResponse } from '@capstan/shared';
import { api } from '@/lib/api-client';

export function login(input: LoginInput): Promise<LoginResponse> {
  return api.post<LoginResponse>('/api/auth/login', input);
}

export function useLogin() {
  return useMutation({ mutationFn: login });
}
