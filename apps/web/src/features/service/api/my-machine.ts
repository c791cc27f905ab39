import { queryOptions, useQuery } from '@tanstack/react-query';
import type {
  Locale,
  MyMachineCodeRequest,
  MyMachineResponse,
  MyMachineSession,
  MyMachineSessionRequest,
} from '@capstan/shared';
import { PublicRequestError } from '../lib/request-error';

/** My machine's API (issue 40): public routes that take the buyer's own bearer token, never staff's. */
export const MY_MACHINE_URL = '/api/my-machine';

interface CallInit {
  method?: 'GET' | 'POST';
  json?: unknown;
  token?: string;
  signal?: AbortSignal;
}

/**
 * fetch itself rather than the app's API client: that client sends a signed-in staff member's token
 * and signs them out on any 401, and a buyer's wrong code or ended session must do neither.
 */
async function call(path: string, { method = 'GET', json, token, signal }: CallInit = {}): Promise<Response> {
  const headers = new Headers({ Accept: 'application/json' });
  if (json !== undefined) headers.set('Content-Type', 'application/json');
  if (token !== undefined) headers.set('Authorization', `Bearer ${token}`);
  const response = await fetch(path, {
    method,
    headers,
    body: json === undefined ? undefined : JSON.stringify(json),
    signal,
    cache: 'no-store',
    credentials: 'same-origin',
  });
  if (!response.ok) {
    throw new PublicRequestError(
      response.status,
      response.statusText,
      await response.text(),
      response.headers.get('Retry-After'),
    );
  }
  return response;
}

/** Step 1: always 202 with the same message, whether or not the serial and phone match a machine. */
export async function requestMyMachineCode(input: MyMachineCodeRequest): Promise<void> {
  await call(`${MY_MACHINE_URL}/code`, { method: 'POST', json: input });
}

/** Step 2: the code for a session of 24 hours that sees only that machine. */
export async function startMyMachineSession(input: MyMachineSessionRequest): Promise<MyMachineSession> {
  const answer = (await (
    await call(`${MY_MACHINE_URL}/session`, { method: 'POST', json: input })
  ).json()) as Partial<MyMachineSession> | null;
  if (typeof answer?.token !== 'string') throw new Error(`Expected a token from ${MY_MACHINE_URL}/session`);
  return { token: answer.token, expiresAt: typeof answer.expiresAt === 'string' ? answer.expiresAt : '' };
}

export async function signOutOfMyMachine(token: string): Promise<void> {
  await call(`${MY_MACHINE_URL}/sign-out`, { method: 'POST', token });
}

/** A service report, `/api/my-machine/reports/{reference}.pdf`, as the answer's `reportUrl` names it. */
export async function fetchMyMachineReport(reportUrl: string, token: string): Promise<Blob> {
  return (await call(reportUrl, { token })).blob();
}

/**
 * Step 3: the machine in the page's language. The token is part of the key: another session (after
 * signing out and in again) never reads the previous one's answer. Never on the server: the page
 * draws it in the browser.
 */
export function myMachineQuery(token: string, locale: Locale) {
  const url = `${MY_MACHINE_URL}?lang=${locale}`;
  return queryOptions({
    queryKey: [url, token],
    queryFn: async ({ signal }) => (await (await call(url, { token, signal })).json()) as MyMachineResponse,
    // Asked again each time the page is opened: a request's status changes while the buyer waits.
    staleTime: 0,
    gcTime: 0,
  });
}

export function useMyMachine(token: string, locale: Locale) {
  return useQuery(myMachineQuery(token, locale));
}
