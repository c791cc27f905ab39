import { MY_MACHINE_SESSION_TTL_MS, type MyMachineSession } from '@capstan/shared';

/**
 * A My machine session (the bearer token and when the server ends it) is kept in the tab's session storage, not local storage: the session sees one buyer's machine and ends with
 * the tab, so a shared workshop computer does not keep it open for the next person.
 */
const SESSION_KEY = 'my_machine_session';

function storage(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    // Storage refused (a privacy mode): the session lasts as long as the page.
    return null;
  }
}

/** The session kept in this tab, or null when there is none or it has run out. */
export function readMyMachineSession(now = Date.now()): MyMachineSession | null {
  const text = storage()?.getItem(SESSION_KEY);
  if (text === null || text === undefined) return null;
  try {
    const parsed: unknown = JSON.parse(text);
    if (
      typeof parsed === 'object' &&
      parsed !== null &&
      'token' in parsed &&
      typeof parsed.token === 'string' &&
      'expiresAt' in parsed &&
      typeof parsed.expiresAt === 'string' &&
      Date.parse(parsed.expiresAt) > now
    ) {
      return { token: parsed.token, expiresAt: parsed.expiresAt };
    }
  } catch {
    // Not ours any more: forgotten below.
  }
  clearMyMachineSession();
  return null;
}

/** Keeps the session the server gave; without a readable expiry it ends a day from now, as the server's does. */
export function keepMyMachineSession(token: string, expiresAt: string | undefined, now = Date.now()): MyMachineSession {
  const session = {
    token,
    expiresAt:
      expiresAt !== undefined && !Number.isNaN(Date.parse(expiresAt))
        ? expiresAt
        : new Date(now + MY_MACHINE_SESSION_TTL_MS).toISOString(),
  };
  storage()?.setItem(SESSION_KEY, JSON.stringify(session));
  return session;
}

export function clearMyMachineSession(): void {
  storage()?.removeItem(SESSION_KEY);
}
