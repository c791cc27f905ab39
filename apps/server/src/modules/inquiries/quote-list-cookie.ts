import type { FastifyRequest } from 'fastify';
import {
  parseQuoteList,
  QUOTE_LIST_COOKIE,
  QUOTE_LIST_MAX_AGE_SECONDS,
  type QuoteListLine,
  serializeQuoteList,
} from '@capstan/shared';

/**
 * The buyer's quote list cookie (decision 074) as the server reads and writes it. One cookie does
 * not need a cookie plugin: its value is cookie-safe as written (`id:qty.id:qty`), so there is
 * nothing to decode.
 */

/** The first `name=value` of a Cookie header (the browser sends the most specific path first). */
export function cookieValue(header: string | undefined, name: string): string | undefined {
  if (!header) return undefined;
  for (const pair of header.split(';')) {
    const at = pair.indexOf('=');
    if (at !== -1 && pair.slice(0, at).trim() === name) return pair.slice(at + 1).trim();
  }
  return undefined;
}

/** The list the request's cookie holds ([] when none). */
export function quoteListOf(request: FastifyRequest): QuoteListLine[] {
  return parseQuoteList(cookieValue(request.headers.cookie, QUOTE_LIST_COOKIE));
}

/**
 * Whether the visitor reached us over https: TLS here, or `X-Forwarded-Proto: https` from a proxy
 * TRUST_PROXY believes (Fastify's `request.protocol`). A Secure cookie would not come back over http.
 */
export const isSecureRequest = (request: FastifyRequest): boolean => request.protocol === 'https';

function setCookie(value: string, maxAge: number, secure: boolean): string {
  // Not HttpOnly: the app reads and changes the list in place (decision 074).
  return `${QUOTE_LIST_COOKIE}=${value}; Path=/; SameSite=Lax; Max-Age=${maxAge}${secure ? '; Secure' : ''}`;
}

/** The Set-Cookie header that keeps `lines` for 90 more days; an empty list clears the cookie. */
export function quoteListSetCookie(lines: readonly QuoteListLine[], secure: boolean): string {
  return lines.length === 0
    ? clearQuoteListCookie(secure)
    : setCookie(serializeQuoteList(lines), QUOTE_LIST_MAX_AGE_SECONDS, secure);
}

/** The Set-Cookie header that clears the list (once it is sent). */
export const clearQuoteListCookie = (secure: boolean): string => setCookie('', 0, secure);
