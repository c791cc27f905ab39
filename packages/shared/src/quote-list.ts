import type { QuoteItemKind } from './quote-service';
import { QUOTE_LIST_MAX_LINES, QUOTE_QUANTITY_MAX } from './quote-list-limits';

/**
 * A buyer's quote list (issue 39): the items and quantities they mean to ask about in one request.
 * It is kept in this browser as a cookie, not in local storage like the favourites, so that the
 * server can show the list and take its lines from a plain form when JavaScript is off
 * (decision 074). It holds item ids and quantities only, nothing about the person.
 */
export const QUOTE_LIST_COOKIE = 'quote_list';
/** A quote list is kept for 90 days after its last change. */
export const QUOTE_LIST_MAX_AGE_SECONDS = 90 * 24 * 60 * 60;
// `POST /api/inquiries` takes 1-50 lines of 1-9,999 each; the list holds as many.
export {
  QUOTE_ITEM_TWICE_MESSAGE,
  QUOTE_ITEMS_MAX_MESSAGE,
  QUOTE_ITEMS_MIN_MESSAGE,
  QUOTE_LIST_MAX_LINES,
  QUOTE_QUANTITY_MAX,
  QUOTE_QUANTITY_MESSAGE,
} from './quote-list-limits';
// The schemas live apart: this module is read by every page (the header's count, the paths), and
// a zod schema built at its top level would bring zod into each of them.
export { inquiryItemInputSchema, inquiryItemsSchema, type InquiryItemInput } from './schemas/inquiry-items';
/** The quote list page (in each language: `/ta/quote`, `/hi/quote`). */
export const QUOTE_LIST_PATH = '/quote';
/**
 * Where the no-JavaScript forms of "Add to quote" and the quote list page post: fields `id`,
 * `quantity` (absent: 1), `action` (`add` adds to what is there, `set` replaces it, `remove`
 * drops the line) and `back` (the local path to return to; absent: the quote list page).
 */
export const QUOTE_LINES_ACTION = '/quote/lines';
export const QUOTE_LINE_ACTIONS = ['add', 'set', 'remove'] as const;
export type QuoteLineAction = (typeof QUOTE_LINE_ACTIONS)[number];

export interface QuoteListLine {
  id: string;
  quantity: number;
}

// A line is `id:quantity`, lines are joined by `.`: both are cookie-safe characters (RFC 6265),
// so the value needs no encoding, and neither appears in an item id (a UUID).
const LINE_SEPARATOR = '.';
const QUANTITY_SEPARATOR = ':';
const ID_PATTERN = /^[A-Za-z0-9-]{1,100}$/;

/** A whole quantity within 1-9,999, or null. */
export function quoteQuantity(value: unknown): number | null {
  const number = typeof value === 'string' && /^\s*\d{1,4}\s*$/.test(value) ? Number(value) : value;
  return typeof number === 'number' && Number.isInteger(number) && number >= 1 && number <= QUOTE_QUANTITY_MAX
    ? number
    : null;
}

/**
 * The lines of a stored quote list (the cookie's value, or the plain form's `items` field). What a
 * person cannot have meant is dropped rather than refused: a malformed line, a second line of the
 * same item, lines beyond the 50th.
 */
export function parseQuoteList(value: string | null | undefined): QuoteListLine[] {
  if (!value) return [];
  const lines: QuoteListLine[] = [];
  for (const part of value.split(LINE_SEPARATOR)) {
    const [id, quantityText, extra] = part.split(QUANTITY_SEPARATOR);
    const quantity = quoteQuantity(quantityText);
    if (extra !== undefined || id === undefined || !ID_PATTERN.test(id) || quantity === null) continue;
    if (lines.some((line) => line.id === id)) continue;
    lines.push({ id, quantity });
    if (lines.length === QUOTE_LIST_MAX_LINES) break;
  }
  return lines;
}

export function serializeQuoteList(lines: readonly QuoteListLine[]): string {
  return lines.map((line) => `${line.id}${QUANTITY_SEPARATOR}${line.quantity}`).join(LINE_SEPARATOR);
}

/**
 * The list after one change. `add` adds the quantity to the item's line (at most 9,999) or appends
 * a line; a full list (50 lines) is answered unchanged with `full: true`. `set` replaces the
 * quantity of a line that is there; `remove` drops it.
 */
export function changeQuoteList(
  lines: readonly QuoteListLine[],
  action: QuoteLineAction,
  id: string,
  quantity = 1,
): { lines: QuoteListLine[]; full: boolean } {
  const index = lines.findIndex((line) => line.id === id);
  const next = lines.map((line) => ({ ...line }));
  switch (action) {
    case 'add': {
      const line = next[index];
      if (line !== undefined) {
        line.quantity = Math.min(QUOTE_QUANTITY_MAX, line.quantity + quantity);
        return { lines: next, full: false };
      }
      if (next.length >= QUOTE_LIST_MAX_LINES) return { lines: next, full: true };
      return { lines: [...next, { id, quantity }], full: false };
    }
    case 'set': {
      const line = next[index];
      if (line !== undefined) line.quantity = quantity;
      return { lines: next, full: false };
    }
    case 'remove':
      return { lines: next.filter((line) => line.id !== id), full: false };
  }
}

/** A line of a stored inquiry: the item as it was named when the request was sent. */
export interface InquiryItemLine {
  id: string;
  kind: QuoteItemKind;
  code: string | null;
  name: string;
  quantity: number;
}
