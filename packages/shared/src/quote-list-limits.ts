/** `POST /api/inquiries` takes 1-50 lines; the quote list holds as many (quote-list.ts). */
export const QUOTE_LIST_MAX_LINES = 50;
export const QUOTE_QUANTITY_MAX = 9999;

export const QUOTE_ITEMS_MIN_MESSAGE = 'Add at least one item';
export const QUOTE_ITEMS_MAX_MESSAGE = 'A request can list at most 50 items';
export const QUOTE_QUANTITY_MESSAGE = 'Quantity must be a whole number from 1 to 9,999';
export const QUOTE_ITEM_TWICE_MESSAGE = 'Each item can be listed once';
