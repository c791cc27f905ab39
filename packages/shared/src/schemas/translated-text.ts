import { z } from './zod';

/**
 * A Tamil or Hindi version of an English text (decision 072): the English field's limit and message.
 * Empty is allowed: on a save it removes the translation (the English shows again).
 */
export const translatedText = (label: string, max: number) =>
  z
    .string({ message: `${label} must be text` })
    .trim()
    .max(max, { message: `${label} must be at most ${max} characters` });

/** One schema per language the content is translated into; each language optional. */
export const perContentLocale = <T extends z.ZodType>(one: T) =>
  z.strictObject({ ta: one.optional(), hi: one.optional() }, { message: 'translations must be an object' });
