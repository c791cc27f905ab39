/**
 * The GST rates an item or a quotation line may carry, in per cent (issue 39, decision 075). Rates
 * change with the GST Council's notifications: this list is the one place to change them; the
 * forms, the payload schemas and the tax calculation read it.
 */
import { z } from '../schemas/zod';

export const GST_RATES = [0, 0.1, 0.25, 1.5, 3, 5, 12, 18, 28, 40] as const;
export type GstRate = (typeof GST_RATES)[number];

export const isGstRate = (value: unknown): value is GstRate =>
  typeof value === 'number' && (GST_RATES as readonly number[]).includes(value);

export const GST_RATE_MESSAGE = `GST rate must be one of ${GST_RATES.join(', ')} per cent`;

/** `18`, `"18"`, `"18 %"` (a form's or a file's text) → 18; anything else is left for the check to refuse. */
function rateOfText(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  const text = value.replace(/%/g, '').trim();
  return text === '' || !/^\d+(\.\d+)?$/.test(text) ? value : Number(text);
}

/** A GST rate from GST_RATES, sent as a number or as its text. */
export const gstRateSchema = z.preprocess(
  rateOfText,
  z
    .number({ message: GST_RATE_MESSAGE })
    .refine(isGstRate, { message: GST_RATE_MESSAGE })
    .transform((rate) => rate as GstRate),
);
