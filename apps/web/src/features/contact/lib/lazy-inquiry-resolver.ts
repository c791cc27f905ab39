import type { Resolver } from 'react-hook-form';
import type { InquiryData, InquiryInput } from '@capstan/shared';

type InquiryResolver = Resolver<InquiryInput, unknown, InquiryData>;

let resolverModule: Promise<InquiryResolver> | null = null;

/**
 * Downloads zod, its resolver and the inquiry schema, which stay out of the landing page's
 * entry chunk. Called on the first focus of a field so validation is usually ready by submit;
 * a failed download is forgotten so the next call retries.
 */
export function preloadInquiryResolver(): Promise<InquiryResolver> {
  resolverModule ??= import('./inquiry-resolver').then(
    (module) => module.inquiryResolver,
    (error: unknown) => {
      resolverModule = null;
      throw error;
    },
  );
  return resolverModule;
}

/** Validates exactly like `zodResolver(inquiryInputSchema)`, loading it on first use. */
export const lazyInquiryResolver: InquiryResolver = async (values, context, options) =>
  (await preloadInquiryResolver())(values, context, options);
