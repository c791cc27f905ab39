import { useMemo, useSyncExternalStore } from 'react';
import {
  changeQuoteList,
  parseQuoteList,
  QUOTE_LIST_COOKIE,
  QUOTE_LIST_MAX_AGE_SECONDS,
  QUOTE_LIST_MAX_LINES,
  type QuoteLineAction,
  type QuoteListLine,
  serializeQuoteList,
} from '@capstan/shared';

export { QUOTE_LIST_MAX_LINES, type QuoteListLine };

/**
 * The flag `POST /quote/lines` sets on the page it sends a visitor back to when their list was
 * already full (`?quote=full`): the page says so.
 */
export const QUOTE_FULL_FLAG = { name: 'quote', value: 'full' } as const;

/**
 * The buyer's quote list in this browser: the `quote_list` cookie (decision 074), which the server
 * also reads (the quote list page) and writes (the plain forms). Every control and the header's
 * count read it through one store, so a change anywhere shows everywhere at once.
 */

const EMPTY: readonly QuoteListLine[] = [];
const listeners = new Set<() => void>();
// The parsed list, re-read only when the cookie's text changes, so every reader gets one array.
let cached: { text: string; lines: readonly QuoteListLine[] } = { text: '', lines: EMPTY };

function cookieText(): string {
  const prefix = `${QUOTE_LIST_COOKIE}=`;
  for (const pair of document.cookie.split(';')) {
    const trimmed = pair.trim();
    if (trimmed.startsWith(prefix)) return trimmed.slice(prefix.length);
  }
  return '';
}

/** The list as the cookie holds it now ([] without one). */
export function readQuoteList(): readonly QuoteListLine[] {
  const text = cookieText();
  if (text === cached.text) return cached.lines;
  const lines = parseQuoteList(text);
  cached = { text, lines: lines.length === 0 ? EMPTY : lines };
  return cached.lines;
}

function write(lines: readonly QuoteListLine[]): void {
  const value = serializeQuoteList(lines);
  // The same attributes the server writes (decision 074); an empty list is no cookie at all.
  const secure = window.location.protocol === 'https:' ? '; Secure' : '';
  const maxAge = value === '' ? 0 : QUOTE_LIST_MAX_AGE_SECONDS;
  document.cookie = `${QUOTE_LIST_COOKIE}=${value}; Path=/; SameSite=Lax; Max-Age=${maxAge}${secure}`;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  // A cookie has no change event everywhere: a list changed in another tab is read again when the
  // visitor comes back to this one.
  const onVisible = () => {
    if (document.visibilityState === 'visible') listener();
  };
  document.addEventListener('visibilitychange', onVisible);
  window.addEventListener('focus', listener);
  return () => {
    listeners.delete(listener);
    document.removeEventListener('visibilitychange', onVisible);
    window.removeEventListener('focus', listener);
  };
}

/**
 * One change to the list (changeQuoteList: add, set or remove), written to the cookie. `full`: a
 * 51st item was refused and nothing changed.
 */
export function changeQuoteLines(action: QuoteLineAction, id: string, quantity = 1): { full: boolean } {
  const { lines, full } = changeQuoteList(readQuoteList(), action, id, quantity);
  if (!full) write(lines);
  return { full };
}

/**
 * Each id once more with quantity 1 (the favourites view), keeping the lines already there: an item
 * already listed keeps its quantity. `full`: the list reached 50 lines before every id was in.
 */
export function addManyToQuoteList(ids: readonly string[]): { full: boolean } {
  let lines = [...readQuoteList()];
  let full = false;
  for (const id of ids) {
    if (lines.some((line) => line.id === id)) continue;
    const next = changeQuoteList(lines, 'add', id, 1);
    if (next.full) {
      full = true;
      break;
    }
    lines = next.lines;
  }
  write(lines);
  return { full };
}

/** Empties the list (once its request is sent). */
export function clearQuoteList(): void {
  write(EMPTY);
}

const NONE = () => EMPTY;

/**
 * The list's lines for a component. Pages are rendered once for everyone (decision 067), so the
 * server and the first browser render see none; the app then reads the cookie.
 */
export function useQuoteList(): readonly QuoteListLine[] {
  return useSyncExternalStore(subscribe, readQuoteList, NONE);
}

/**
 * The list for the quote list page, the one page the server renders with the visitor's lines: it
 * passes them in `rendered` (the cookie's value, from the URL it rendered). The browser hydrates
 * from the cookie itself, which holds that same value, so both draw the same lines.
 */
export function useRenderedQuoteList(rendered: string | null): readonly QuoteListLine[] {
  const fromServer = useMemo(() => parseQuoteList(rendered), [rendered]);
  // No document: this is the server's render.
  const serverSnapshot = typeof document === 'undefined' ? () => fromServer : readQuoteList;
  return useSyncExternalStore(subscribe, readQuoteList, serverSnapshot);
}
