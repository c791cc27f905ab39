import { useSyncExternalStore } from 'react';

const nothingToWatch = () => () => {};

/**
 * False in the server's HTML and while the app takes it over, true from then on: what a page draws
 * differently once its controls work (a form that needs the app, a styled file picker).
 */
export function useAppRunning(): boolean {
  return useSyncExternalStore(
    nothingToWatch,
    () => true,
    () => false,
  );
}
