import { useCallback, useSyncExternalStore } from 'react';
import { COMPARE_MAX, COMPARE_STORAGE_KEY } from '@capstan/shared';
import { ENGLISH } from '@/lib/i18n';
import type { MessageKey } from '@/lib/i18n';

export { COMPARE_MAX, COMPARE_STORAGE_KEY };
/** Why a fifth machine is refused: `t(COMPARE_FULL_KEY, { max: COMPARE_MAX })`. */
export const COMPARE_FULL_KEY = 'ui.comparisonFullText' satisfies MessageKey;
/** That message in English (as the tests read it). */
export const COMPARE_FULL_MESSAGE = ENGLISH.t(COMPARE_FULL_KEY, { max: COMPARE_MAX });

const EMPTY: readonly string[] = [];
const listeners = new Set<() => void>();
// The parsed list, re-read only when the stored text changes, so every reader gets one array.
let cached: { text: string | null; ids: readonly string[] } = { text: null, ids: EMPTY };

function readStored(): readonly string[] {
  let text: string | null;
  try {
    text = localStorage.getItem(COMPARE_STORAGE_KEY);
  } catch {
    return cached.ids;
  }
  if (text === cached.text) return cached.ids;
  let ids: readonly string[] = EMPTY;
  try {
    const parsed: unknown = JSON.parse(text ?? '[]');
    if (Array.isArray(parsed)) {
      ids = [...new Set(parsed.filter((id): id is string => typeof id === 'string'))].slice(0, COMPARE_MAX);
    }
  } catch {
    // Unreadable: start again with none.
  }
  cached = { text, ids };
  return ids;
}

function write(ids: readonly string[]) {
  try {
    localStorage.setItem(COMPARE_STORAGE_KEY, JSON.stringify(ids));
  } catch {
    // Storage full or blocked: keep the choice for this visit.
    cached = { text: JSON.stringify(ids), ids };
  }
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || event.key === COMPARE_STORAGE_KEY) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

/** What a toggle did: `full` when a fifth machine was refused. */
export type CompareToggleResult = 'added' | 'removed' | 'full';

/**
 * The compared machines' ids, in the order they were chosen. The server render and the first
 * browser render see none (storage exists only in the browser), then the stored ones.
 */
export function useCompareList() {
  const ids = useSyncExternalStore(subscribe, readStored, () => EMPTY);

  const toggle = useCallback((id: string): CompareToggleResult => {
    const current = readStored();
    if (current.includes(id)) {
      write(current.filter((other) => other !== id));
      return 'removed';
    }
    if (current.length >= COMPARE_MAX) return 'full';
    write([...current, id]);
    return 'added';
  }, []);

  const remove = useCallback((id: string) => write(readStored().filter((other) => other !== id)), []);
  const clear = useCallback(() => write(EMPTY), []);

  return { ids, toggle, remove, clear };
}
