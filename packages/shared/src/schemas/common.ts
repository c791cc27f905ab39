import { z } from './zod';
import { MAX_IMAGES_PER_ITEM } from '../constants';

export const idSchema = z.uuid({ message: 'Invalid id' });
export const idParamsSchema = z.object({ id: idSchema }).strict();

const trimmed = (label: string, max: number) =>
  z
    .string({ message: `${label} is required` })
    .trim()
    .min(1, { message: `${label} is required` })
    .max(max, { message: `${label} must be at most ${max} characters` });

export const nameSchema = trimmed('Name', 200);
export const descriptionSchema = trimmed('Description', 5000);

export const specificationSchema = z
  .object({
    key: trimmed('Specification name', 100),
    value: trimmed('Specification value', 500),
  })
  .strict();
export type Specification = z.infer<typeof specificationSchema>;

/**
 * Specifications arrive as a key-to-value map (SPEC §3/§7) or as an ordered list of
 * {key, value}; both become one ordered list. Rows whose key and value are both blank are
 * the form's empty rows and are dropped; a half-filled row is an error.
 */
export const specificationListSchema = z
  .union([
    z.record(z.string(), z.string()).transform((map) => Object.entries(map).map(([key, value]) => ({ key, value }))),
    z.array(z.object({ key: z.string(), value: z.string() }).strict()),
  ])
  .transform((rows) => rows.filter((row) => row.key.trim() !== '' || row.value.trim() !== ''))
  .pipe(z.array(specificationSchema).max(50, { message: 'At most 50 specifications' }))
  .superRefine((rows, ctx) => {
    const seen = new Set<string>();
    for (const row of rows) {
      const key = row.key.toLowerCase();
      if (seen.has(key)) {
        ctx.addIssue({ code: 'custom', message: `Specification "${row.key}" appears twice` });
      }
      seen.add(key);
    }
  });

/** An image reference accepted in JSON payloads: only files this server stored. */
export const storedImageUrlSchema = z
  .string()
  .regex(/^\/uploads\/[a-f0-9-]{36}\.webp$/, { message: 'Images must be uploaded to this site first' });

export const imageUrlListSchema = z
  .array(storedImageUrlSchema)
  .max(MAX_IMAGES_PER_ITEM, { message: `An item can have at most ${MAX_IMAGES_PER_ITEM} images` })
  .refine((urls) => new Set(urls).size === urls.length, { message: 'The same image is listed twice' });

export const featuredOnlySchema = z.object({ featured: z.boolean() }).strict();
export type FeaturedOnlyInput = z.infer<typeof featuredOnlySchema>;

/** Multipart forms send booleans as text. */
export const booleanTextSchema = z.union([
  z.boolean(),
  z.enum(['true', 'false', 'on', '1', '0']).transform((v) => v === 'true' || v === 'on' || v === '1'),
]);

export const rupeesSchema = z.coerce
  .number({ message: 'Price must be a number' })
  .int({ message: 'Price must be whole rupees' })
  .min(0, { message: 'Price cannot be negative' })
  .max(1_000_000_000, { message: 'Price is too large' });

export const errorResponseSchema = z.object({
  message: z.string(),
  issues: z.array(z.object({ path: z.array(z.union([z.string(), z.number()])), message: z.string() })).optional(),
});
export type ErrorResponse = z.infer<typeof errorResponseSchema>;
