import { CONTACT_SERVICE_OPTIONS, type ContactServiceValue } from '@capstan/shared';

export type QuoteItemKind = 'machine' | 'spare' | 'service';

/**
 * The contact form's prefill travels in the landing page's URL (decision 004), written here and
 * read back here, so the links and the form cannot drift apart:
 * - `service`: the option to preselect;
 * - `product` (repeated for several items, issue 19): the items a quote is asked for;
 * - `part` and `machine` (issue 19): a spare part the catalogue did not find, and the machine it is for.
 */
const PARAM = { service: 'service', product: 'product', part: 'part', machine: 'machine' } as const;

/** The inquiry's `product` field holds at most this many characters (inquiryInputSchema). */
const PRODUCT_FIELD_MAX = 200;

/** Which contact-form service option a Request Quote from this item preselects. */
export function quoteServiceFor(kind: QuoteItemKind, name: string): ContactServiceValue {
  if (kind === 'machine') return 'capstan-lathe';
  if (kind === 'spare') return 'general';
  const lower = name.toLowerCase();
  if (lower.includes('install')) return 'installation';
  if (lower.includes('maintenance') || /\bamc\b/.test(lower)) return 'maintenance';
  if (lower.includes('custom') && lower.includes('machining')) return 'custom-machining';
  return 'general';
}

function contactLink(params: URLSearchParams): string {
  // encodeURIComponent rather than URLSearchParams' '+' for spaces: the links read as they did (decision 004).
  const query = [...params].map(([key, value]) => `${key}=${encodeURIComponent(value)}`).join('&');
  return `/?${query}#contact`;
}

/** `/?service=<value>&product=<name>#contact`: the contact section reads both parameters. */
export function quoteLink(kind: QuoteItemKind, name: string): string {
  return quoteLinkForItems([{ kind, name }]);
}

/**
 * A quote for several items at once (the Favourites view): one `product` per item, and their
 * common service option, or General Inquiry when they differ.
 */
export function quoteLinkForItems(items: readonly { kind: QuoteItemKind; name: string }[]): string {
  const services = new Set(items.map((item) => quoteServiceFor(item.kind, item.name)));
  const params = new URLSearchParams();
  params.set(PARAM.service, services.size === 1 ? [...services][0]! : 'general');
  for (const item of items) params.append(PARAM.product, item.name);
  return contactLink(params);
}

/** "Request this part": an inquiry about a part the catalogue did not list, and the machine it is for. */
export function partRequestLink(term: string, machine?: string | null): string {
  const params = new URLSearchParams();
  params.set(PARAM.service, 'general');
  if (term.trim() !== '') params.set(PARAM.part, term.trim());
  if (machine) params.set(PARAM.machine, machine);
  return contactLink(params);
}

export const quoteMessageFor = (product: string) => `I would like a quote for ${product}.`;

/** The contact form's starting point, read from the URL a quote or part-request link made. */
export interface QuoteRequest {
  service: ContactServiceValue | null;
  /** Sent with the inquiry so staff see what it is about even if the visitor rewrote the message. */
  product: string | null;
  message: string | null;
}

const isServiceValue = (value: string | null): value is ContactServiceValue =>
  value !== null && CONTACT_SERVICE_OPTIONS.some((option) => option.value === value);

function clip(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max - 1).trimEnd()}…`;
}

export function readQuoteRequest(searchParams: URLSearchParams): QuoteRequest {
  const service = searchParams.get(PARAM.service);
  const products = searchParams
    .getAll(PARAM.product)
    .map((name) => name.trim())
    .filter((name) => name !== '');
  const part = searchParams.get(PARAM.part)?.trim() || null;
  const machine = searchParams.get(PARAM.machine)?.trim() || null;
  const preselected = isServiceValue(service) ? service : null;

  if (products.length === 1) {
    const [product] = products as [string];
    return { service: preselected, product: clip(product, PRODUCT_FIELD_MAX), message: quoteMessageFor(product) };
  }
  if (products.length > 1) {
    return {
      service: preselected,
      product: clip(products.join('; '), PRODUCT_FIELD_MAX),
      message: `I would like a quote for these items:\n${products.map((name) => `- ${name}`).join('\n')}`,
    };
  }
  if (part === null && machine !== null) {
    return {
      service: preselected,
      product: clip(`Spare part for ${machine}`, PRODUCT_FIELD_MAX),
      message: `I am looking for a spare part for my ${machine} that is not listed in your catalogue: `,
    };
  }
  if (part !== null) {
    const forMachine = machine === null ? '' : ` for my ${machine}`;
    return {
      service: preselected,
      product: clip(part, PRODUCT_FIELD_MAX),
      message: `I am looking for a spare part that is not listed in your catalogue: "${part}"${forMachine}. Please let me know if you can supply it.`,
    };
  }
  return { service: preselected, product: null, message: null };
}
