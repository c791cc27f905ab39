import { useSyncExternalStore } from 'react';
import { ADMIN_TOKEN_STORAGE_KEY, ADMIN_USER_STORAGE_KEY, type AuthUser } from '@capstan/shared';

/** Fired on `window` when the server rejects the stored token (ARCHITECTURE: a 401 logs the admin out). */
export const ADMIN_SESSION_EXPIRED_EVENT = 'admin-session-expired';
/** `storage` events only reach other tabs, so this tab announces its own writes. */
const ADMIN_SESSION_CHANGED_EVENT = 'admin-session-changed';

export interface AdminSession {
  token: string;
  /** Null when the stored user is missing or unreadable; the token alone still signs in (SPEC §4). */
  user: AuthUser | null;
}

// localStorage can be absent (server rendering) or throw (storage disabled, privacy modes).
function getStorage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}

function readRaw(key: string): string | null {
  try {
    return getStorage()?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

function isAuthUser(value: unknown): value is AuthUser {
  if (typeof value !== 'object' || value === null) return false;
  const record = value as Record<string, unknown>;
  return typeof record.username === 'string';
}

function parseUser(raw: string | null): AuthUser | null {
  if (raw === null) return null;
  try {
    const value: unknown = JSON.parse(raw);
    if (!isAuthUser(value)) return null;
    return {
      id: typeof value.id === 'string' ? value.id : '',
      email: typeof value.email === 'string' ? value.email : '',
      username: value.username,
    };
  } catch {
    return null;
  }
}

export function readAdminToken(): string | null {
  const token = readRaw(ADMIN_TOKEN_STORAGE_KEY);
  return token !== null && token.trim() !== '' ? token : null;
}

export function readAdminUser(): AuthUser | null {
  return parseUser(readRaw(ADMIN_USER_STORAGE_KEY));
}

export function readAdminSession(): AdminSession | null {
  const token = readAdminToken();
  return token === null ? null : { token, user: readAdminUser() };
}

function announceChange(): void {
  if (typeof window !== 'undefined') window.dispatchEvent(new Event(ADMIN_SESSION_CHANGED_EVENT));
}

export function writeAdminSession(token: string, user: AuthUser): void {
  const storage = getStorage();
  if (!storage) return;
  try {
    storage.setItem(ADMIN_TOKEN_STORAGE_KEY, token);
    storage.setItem(ADMIN_USER_STORAGE_KEY, JSON.stringify(user));
  } finally {
    announceChange();
  }
}

export function clearAdminSession(): void {
  const storage = getStorage();
  if (!storage) return;
  try {
    storage.removeItem(ADMIN_TOKEN_STORAGE_KEY);
    storage.removeItem(ADMIN_USER_STORAGE_KEY);
  } finally {
    announceChange();
  }
}

function subscribe(onChange: () => void): () => void {
  const events = ['storage', ADMIN_SESSION_EXPIRED_EVENT, ADMIN_SESSION_CHANGED_EVENT];
  for (const name of events) window.addEventListener(name, onChange);
  return () => {
    for (const name of events) window.removeEventListener(name, onChange);
  };
}

// useSyncExternalStore needs the same object back while storage is unchanged.
let cachedKey: string | null = null;
let cachedSession: AdminSession | null = null;

function getSnapshot(): AdminSession | null {
  const token = readAdminToken();
  const rawUser = readRaw(ADMIN_USER_STORAGE_KEY);
  const key = token === null ? null : `${token}\u0000${rawUser ?? ''}`;
  if (key !== cachedKey) {
    cachedKey = key;
    cachedSession = token === null ? null : { token, user: parseUser(rawUser) };
  }
  return cachedSession;
}

// The server cannot see local storage: render signed-out there and let the client catch up.
function getServerSnapshot(): AdminSession | null {
  return null;
}

/**
 * SPEC §4: admin authentication is derived from the stored token and re-checked when
 * storage changes (other tabs), when this tab writes it, and when the API reports it expired.
 */
export function useAdminSession(): AdminSession | null {
  return useSyncExternalStore(subscribe, getSnapshot, getServerSnapshot);
}
