import { z } from './zod';
import { MAX_IMAGES_PER_ITEM } from '../constants';
import { remarkRepeatsNumber, SPEC_UNITS, type SpecUnit } from '../spec-format';

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

const MAX_SPEC_NUMBER = 1e12;

/**
 * A typed specification's number: a JSON number, or its text from a form or a spreadsheet
 * (`"38"`, `"1,500"` with Indian or Western grouping); blank means none.
 */
const specNumberSchema = z.preprocess(
  (value) => {
    if (value === undefined || value === null) return null;
    if (typeof value === 'string') {
      const text = value.trim().replaceAll(',', '');
      return text === '' ? null : Number(text);
    }
    return value;
  },
  z
    .number({ message: 'A specification number must be a number' })
    .refine((n) => Number.isFinite(n) && Math.abs(n) <= MAX_SPEC_NUMBER, {
      message: 'A specification number must be a number',
    })
    .nullable(),
);

const specUnitSchema = z.preprocess(
  (value) => (value === undefined || value === '' ? null : value),
  z.enum(SPEC_UNITS, { message: `A specification unit must be one of ${SPEC_UNITS.join(', ')}` }).nullable(),
);

/**
 * One specification row (decision 031): a key and either its text (the rows that predate units), or
 * a number with an optional unit, the text then being a remark such as "max". `number` and
 * `unit` are left out of rows that have no number, so those stay exactly `{ key, value }`.
 */
export interface Specification {
  key: string;
  value: string;
  number?: number | null;
  unit?: SpecUnit | null;
}

export const specificationSchema = z
  .object({
    key: trimmed('Specification name', 100),
    value: z.string().trim().max(500, { message: 'Specification value must be at most 500 characters' }).default(''),
    number: specNumberSchema.optional(),
    unit: specUnitSchema.optional(),
  })
  .strict()
  .superRefine((row, ctx) => {
    const hasNumber = row.number !== null && row.number !== undefined;
    if (!hasNumber && row.value === '') {
      ctx.addIssue({ code: 'custom', path: ['value'], message: 'Specification value is required' });
    }
    if (!hasNumber && row.unit) {
      ctx.addIssue({
        code: 'custom',
        path: ['number'],
        message: `Specification "${row.key}" has a unit but no number`,
      });
    }
  })
  .transform((row): Specification => {
    if (row.number === null || row.number === undefined) return { key: row.key, value: row.value };
    // Text that only repeats the number is no remark: stored once, as the number and its unit.
    const value = remarkRepeatsNumber(row.value, row.number, row.unit) ? '' : row.value;
    return { key: row.key, value, number: row.number, unit: row.unit ?? null };
  });

const isBlank = (value: unknown) =>
  value === undefined || value === null || (typeof value === 'string' && value.trim() === '');

/**
 * Specifications arrive as a key-to-value map (SPEC §3/§7) or as an ordered list of rows;
 * both become one ordered list. Rows whose key, value and number are all blank are the form's
 * empty rows and are dropped; a half-filled row is an error.
 */
export const specificationListSchema = z
  .union([
    z.record(z.string(), z.string()).transform((map) => Object.entries(map).map(([key, value]) => ({ key, value }))),
    z.array(
      z
        .object({
          key: z.string(),
          value: z.string().optional(),
          number: z.unknown().optional(),
          unit: z.unknown().optional(),
        })
        .strict(),
    ),
  ])
  .transform((rows) =>
    rows.filter(
      (row) => !isBlank(row.key) || !isBlank(row.value) || !isBlank('number' in row ? row.number : undefined),
    ),
  )
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
