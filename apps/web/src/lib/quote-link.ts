import { type QuoteItemKind, quoteServiceFor } from '@capstan/shared';

export type { QuoteItemKind };
export { quoteServiceFor };

/**
 * The contact form's prefill travels in the landing page's URL (decision 004), written here and
 * read back in quote-request.ts with these names, so the links and the form cannot drift apart:
 * - `service`: the option to preselect (quoteServiceFor: a machine's own category, decision 057);
 * - `product` (repeated for several items): the items a quote is asked for;
 * - `part` and `machine`: a spare part the catalogue did not find, and the machine it is for.
 */
export const QUOTE_PARAM = { service: 'service', product: 'product', part: 'part', machine: 'machine' } as const;

/** What a quote link needs of an item: its kind, its name, and for a machine its category slug. */
export interface QuoteItem {
  kind: QuoteItemKind;
  name: string;
  category?: string | null;
}

function contactLink(params: URLSearchParams): string {
  // encodeURIComponent rather than URLSearchParams' '+' for spaces: the links read as they did (decision 004).
  const query = [...params].map(([key, value]) => `${key}=${encodeURIComponent(value)}`).join('&');
  return `/?${query}#contact`;
}

/** `/?service=<value>&product=<name>#contact`: the contact section reads both parameters. */
export function quoteLink(kind: QuoteItemKind, name: string, category?: string | null): string {
  return quoteLinkForItems([{ kind, name, category }]);
}

/**
 * A quote for several items at once (the Favourites view): one `product` per item, and their
 * common service option, or General Inquiry when they differ.
 */
export function quoteLinkForItems(items: readonly QuoteItem[]): string {
  const services = new Set(items.map((item) => quoteServiceFor(item.kind, item.name, item.category)));
  const params = new URLSearchParams();
  params.set(QUOTE_PARAM.service, services.size === 1 ? [...services][0]! : 'general');
  for (const item of items) params.append(QUOTE_PARAM.product, item.name);
  return contactLink(params);
}

/** "Request this part": an inquiry about a part the catalogue did not list, and the machine it is for. */
export function partRequestLink(term: string, machine?: string | null): string {
  const params = new URLSearchParams();
  params.set(QUOTE_PARAM.service, 'general');
  if (term.trim() !== '') params.set(QUOTE_PARAM.part, term.trim());
  if (machine) params.set(QUOTE_PARAM.machine, machine);
  return contactLink(params);
}
