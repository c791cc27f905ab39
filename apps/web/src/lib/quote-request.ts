import { QUOTE_PARAM } from './quote-link';

/**
 * The reading side of quote-link: the contact form's starting point from the URL a quote or
 * part-request link made. Its own module so the pages that only write links (the landing page's
 * cards) do not download it; the contact form loads when it comes near.
 */

/** The inquiry's `product` field holds at most this many characters (inquiryInputSchema). */
const PRODUCT_FIELD_MAX = 200;

export const quoteMessageFor = (product: string) => `I would like a quote for ${product}.`;

/** The contact form's starting point, read from the URL a quote or part-request link made. */
export interface QuoteRequest {
  /** The Service option to preselect; the form applies it only when its list offers it. */
  service: string | null;
  /** Sent with the inquiry so staff see what it is about even if the visitor rewrote the message. */
  product: string | null;
  message: string | null;
}

/** Values of the old fixed list that links shared before it followed the catalogue may still carry. */
const OLD_LINK_SERVICES: Readonly<Record<string, string>> = {
  installation: 'services',
  'custom-machining': 'services',
};

function clip(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max - 1).trimEnd()}…`;
}

export function readQuoteRequest(searchParams: URLSearchParams): QuoteRequest {
  const service = searchParams.get(QUOTE_PARAM.service);
  const products = searchParams
    .getAll(QUOTE_PARAM.product)
    .map((name) => name.trim())
    .filter((name) => name !== '');
  const part = searchParams.get(QUOTE_PARAM.part)?.trim() || null;
  const machine = searchParams.get(QUOTE_PARAM.machine)?.trim() || null;
  const named = service?.trim() || null;
  const preselected = named === null ? null : (OLD_LINK_SERVICES[named] ?? named);

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
