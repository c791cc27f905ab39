import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ADMIN_TOKEN_STORAGE_KEY, ADMIN_USER_STORAGE_KEY } from '@capstan/shared';
import {
  ADMIN_SESSION_EXPIRED_EVENT,
  clearAdminSession,
  readAdminSession,
  readAdminUser,
  useAdminSession,
  writeAdminSession,
} from './auth-storage';

const user = { id: 'u1', email: 'admin@example.com', username: 'ravi' };

describe('auth storage', () => {
  it('writes and reads the session under adminToken / adminUser', () => {
    writeAdminSession('t1', user);
    expect(localStorage.getItem(ADMIN_TOKEN_STORAGE_KEY)).toBe('t1');
    expect(JSON.parse(localStorage.getItem(ADMIN_USER_STORAGE_KEY) ?? 'null')).toEqual(user);
    expect(readAdminSession()).toEqual({ token: 't1', user });
  });

  it('clears both keys', () => {
    writeAdminSession('t1', user);
    clearAdminSession();
    expect(localStorage.getItem(ADMIN_TOKEN_STORAGE_KEY)).toBeNull();
    expect(localStorage.getItem(ADMIN_USER_STORAGE_KEY)).toBeNull();
    expect(readAdminSession()).toBeNull();
  });

  it('survives a corrupt or foreign user value', () => {
    localStorage.setItem(ADMIN_TOKEN_STORAGE_KEY, 't1');
    localStorage.setItem(ADMIN_USER_STORAGE_KEY, '{not json');
    expect(readAdminUser()).toBeNull();
    localStorage.setItem(ADMIN_USER_STORAGE_KEY, '"just a string"');
    expect(readAdminUser()).toBeNull();
    // A token alone still counts as signed in (SPEC §4 derives it from the token).
    expect(readAdminSession()).toEqual({ token: 't1', user: null });
  });

  it('treats a blank token as signed out', () => {
    localStorage.setItem(ADMIN_TOKEN_STORAGE_KEY, '  ');
    expect(readAdminSession()).toBeNull();
  });
});

describe('useAdminSession', () => {
  it('follows writes and clears in this tab', () => {
    const { result } = renderHook(() => useAdminSession());
    expect(result.current).toBeNull();
    act(() => writeAdminSession('t1', user));
    expect(result.current).toEqual({ token: 't1', user });
    act(() => clearAdminSession());
    expect(result.current).toBeNull();
  });

  it('re-checks on the storage event (another tab)', () => {
    const { result } = renderHook(() => useAdminSession());
    act(() => {
      localStorage.setItem(ADMIN_TOKEN_STORAGE_KEY, 'from-other-tab');
      window.dispatchEvent(new StorageEvent('storage', { key: ADMIN_TOKEN_STORAGE_KEY }));
    });
    expect(result.current?.token).toBe('from-other-tab');
  });

  it('re-checks on admin-session-expired', () => {
    writeAdminSession('t1', user);
    const { result } = renderHook(() => useAdminSession());
    expect(result.current?.token).toBe('t1');
    act(() => {
      localStorage.removeItem(ADMIN_TOKEN_STORAGE_KEY);
      window.dispatchEvent(new Event(ADMIN_SESSION_EXPIRED_EVENT));
    });
    expect(result.current).toBeNull();
  });

  it('returns the same object while storage is unchanged', () => {
    writeAdminSession('t1', user);
    const { result, rerender } = renderHook(() => useAdminSession());
    const first = result.current;
    rerender();
    expect(result.current).toBe(first);
  });
});
