import { useMutation } from '@tanstack/react-query';
import type { LoginInput, LoginResponse, LoginTotpInput, TwoFactorChallengeResponse } from '@capstan/shared';
import { api } from '@/lib/api-client';

export function login(input: LoginInput): Promise<LoginResponse | TwoFactorChallengeResponse> {
  return api.post<LoginResponse | TwoFactorChallengeResponse>('/api/auth/login', input);
}

export const needsSecondStep = (
  response: LoginResponse | TwoFactorChallengeResponse,
): response is TwoFactorChallengeResponse => 'twoFactorRequired' in response && response.twoFactorRequired;

/** The second sign-in step for accounts with two-factor on. */
export function loginWithCode(input: LoginTotpInput): Promise<LoginResponse> {
  return api.post<LoginResponse>('/api/auth/login/totp', input);
}

export function useLogin() {
  return useMutation({ mutationFn: login });
}

export function useLoginWithCode() {
  return useMutation({ mutationFn: loginWithCode });
}
