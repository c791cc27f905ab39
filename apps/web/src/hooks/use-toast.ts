import { useSyncExternalStore, type ReactNode } from 'react';
import { TOAST_LIMIT, TOAST_REMOVE_DELAY_MS } from '@capstan/shared';
import type { ToastActionElement, ToastProps } from '@/components/ui/toast';

/**
 * The shadcn/ui toast store with the spec's limits (SPEC §4, §9): one toast at a time (a new
 * one replaces the previous), dismissed toasts are marked closed and removed 1,000,000 ms
 * later so the exit animation and screen-reader announcement can finish.
 */

export type ToasterToast = ToastProps & {
  id: string;
  title?: ReactNode;
  description?: ReactNode;
  action?: ToastActionElement;
};

export type ToastInput = Omit<ToasterToast, 'id'>;

export type ToastAction =
  | { type: 'ADD_TOAST'; toast: ToasterToast }
  | { type: 'UPDATE_TOAST'; toast: Partial<ToasterToast> & { id: string } }
  | { type: 'DISMISS_TOAST'; toastId?: string }
  | { type: 'REMOVE_TOAST'; toastId?: string };

export interface ToastState {
  toasts: ToasterToast[];
}

/** Pure: timers live in the store, so the reducer can be tested on its own. */
export function toastReducer(state: ToastState, action: ToastAction): ToastState {
  switch (action.type) {
    case 'ADD_TOAST':
      return { toasts: [action.toast, ...state.toasts].slice(0, TOAST_LIMIT) };
    case 'UPDATE_TOAST':
      return {
        toasts: state.toasts.map((t) => (t.id === action.toast.id ? { ...t, ...action.toast } : t)),
      };
    case 'DISMISS_TOAST':
      return {
        toasts: state.toasts.map((t) =>
          action.toastId === undefined || t.id === action.toastId ? { ...t, open: false } : t,
        ),
      };
    case 'REMOVE_TOAST':
      return {
        toasts: action.toastId === undefined ? [] : state.toasts.filter((t) => t.id !== action.toastId),
      };
  }
}

export interface ToastHandle {
  id: string;
  dismiss: () => void;
  update: (props: Partial<ToastInput>) => void;
}

export function createToastStore() {
  let state: ToastState = { toasts: [] };
  let count = 0;
  const listeners = new Set<() => void>();
  const removalTimers = new Map<string, ReturnType<typeof setTimeout>>();

  const nextId = () => {
    count = (count + 1) % Number.MAX_SAFE_INTEGER;
    return String(count);
  };

  const scheduleRemoval = (id: string) => {
    if (removalTimers.has(id)) return;
    removalTimers.set(
      id,
      setTimeout(() => {
        removalTimers.delete(id);
        dispatch({ type: 'REMOVE_TOAST', toastId: id });
      }, TOAST_REMOVE_DELAY_MS),
    );
  };

  function dispatch(action: ToastAction): void {
    if (action.type === 'DISMISS_TOAST') {
      for (const t of state.toasts) {
        if (action.toastId === undefined || t.id === action.toastId) scheduleRemoval(t.id);
      }
    }
    state = toastReducer(state, action);
    // A toast pushed out by the limit, or removed early, needs no pending removal.
    for (const [id, timer] of removalTimers) {
      if (!state.toasts.some((t) => t.id === id)) {
        clearTimeout(timer);
        removalTimers.delete(id);
      }
    }
    for (const listener of listeners) listener();
  }

  function dismiss(toastId?: string): void {
    dispatch(toastId === undefined ? { type: 'DISMISS_TOAST' } : { type: 'DISMISS_TOAST', toastId });
  }

  function toast(props: ToastInput): ToastHandle {
    const id = nextId();
    dispatch({
      type: 'ADD_TOAST',
      toast: {
        ...props,
        id,
        open: true,
        onOpenChange: (open) => {
          if (!open) dismiss(id);
        },
      },
    });
    return {
      id,
      dismiss: () => dismiss(id),
      update: (next) => dispatch({ type: 'UPDATE_TOAST', toast: { ...next, id } }),
    };
  }

  return {
    getState: (): ToastState => state,
    subscribe(listener: () => void): () => void {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    dispatch,
    dismiss,
    toast,
  };
}

export type ToastStore = ReturnType<typeof createToastStore>;

const defaultStore = createToastStore();
const serverState: ToastState = { toasts: [] };

export const toast = defaultStore.toast;
/** Tells `listener` of every toast shown (tests read what the app told the person). */
export function onToastShown(listener: (shown: ToasterToast) => void): () => void {
  let seen = new Set(defaultStore.getState().toasts.map((t) => t.id));
  return defaultStore.subscribe(() => {
    const current = defaultStore.getState().toasts;
    for (const t of current) if (!seen.has(t.id)) listener(t);
    seen = new Set([...seen, ...current.map((t) => t.id)]);
  });
}
export const dismissToast = defaultStore.dismiss;
/** Removes every toast at once, without the closing animation (the tests' clean slate). */
export const removeAllToasts = () => defaultStore.dispatch({ type: 'REMOVE_TOAST' });

export function useToast(store: ToastStore = defaultStore) {
  const state = useSyncExternalStore(store.subscribe, store.getState, () => serverState);
  return { ...state, toast: store.toast, dismiss: store.dismiss };
}
