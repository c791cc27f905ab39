import { ENGLISH } from '@/lib/i18n';
import type { Translator } from '@/lib/i18n';
import { QUOTE_PARAM } from './quote-link';

/**
 * The reading side of quote-link: the contact form's starting point from the URL a quote or
 * part-request link made. Its own module so the pages that only write links (the landing page's
 * cards) do not download it; the contact form loads when it comes near.
 */

/** The inquiry's `product` field holds at most this many characters (inquiryInputSchema). */
const PRODUCT_FIELD_MAX = 200;

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

/**
 * The form's starting point from the link's parameters. The message is in the page's language (pass
 * `useT()`'s translator; English without one); the `product` field staff see stays as the link named it.
 */
export function readQuoteRequest(searchParams: URLSearchParams, translator: Translator = ENGLISH): QuoteRequest {
  const { t } = translator;
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
    return { service: preselected, product: clip(product, PRODUCT_FIELD_MAX), message: t('ui.quoteFor', { product }) };
  }
  if (products.length > 1) {
    return {
      service: preselected,
      product: clip(products.join('; '), PRODUCT_FIELD_MAX),
      message: t('ui.quoteForItems', { items: products.map((name) => `- ${name}`).join('\n') }),
    };
  }
  if (part === null && machine !== null) {
    return {
      service: preselected,
      product: clip(`Spare part for ${machine}`, PRODUCT_FIELD_MAX),
      message: t('ui.partForMachine', { machine }),
    };
  }
  if (part !== null) {
    return {
      service: preselected,
      product: clip(part, PRODUCT_FIELD_MAX),
      message: machine === null ? t('ui.partRequest', { part }) : t('ui.partRequestForMachine', { part, machine }),
    };
  }
  return { service: preselected, product: null, message: null };
}
