import { clsx, type ClassValue } from 'clsx';
import { twMerge } from 'tailwind-merge';

/**
 * Joins class names. It does not resolve conflicts: a component's own classes and those a caller
 * adds must not set the same thing twice (`size-5` and `size-8`), because which one wins would be
 * decided by the stylesheet's order, not by the caller. Components take props for what callers
 * vary instead. Resolving conflicts in the browser cost the home page 9 KB of gzipped JavaScript
 * (tailwind-merge); it now only checks, in development and tests, and throws on a conflict so that
 * the test rendering the component fails. Production builds drop the check and the library.
 */
export function cn(...inputs: ClassValue[]): string {
  const classes = clsx(inputs);
  if (import.meta.env.DEV) assertNoConflicts(classes);
  return classes;
}

function assertNoConflicts(classes: string): void {
  const kept = new Set(twMerge(classes).split(' '));
  const overridden = classes.split(' ').filter((name) => name !== '' && !kept.has(name));
  if (overridden.length > 0) {
    throw new Error(`Conflicting classes: ${overridden.join(' ')} would be overridden in "${classes}"`);
  }
}
