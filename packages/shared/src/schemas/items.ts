import { z } from './zod';
import { listQuerySchema } from './list-query';
import { MAX_FEATURES, MIN_SPECIFICATIONS } from '../constants';
import {
  booleanTextSchema,
  descriptionSchema,
  imageUrlListSchema,
  nameSchema,
  rupeesSchema,
  specificationListSchema,
} from './common';

const emptyToUndefined = (value: unknown) => (value === '' || value === null ? undefined : value);
const emptyToNull = (value: unknown) => (value === '' ? null : value);
const optionalRupees = z.preprocess(emptyToUndefined, rupeesSchema.optional());

/**
 * An optional field of an update (decision 011): absent keeps the stored value; an empty value
 * (`""` in a multipart form, `null` in JSON) clears it.
 */
const clearable = <T extends z.ZodType>(schema: T) => z.preprocess(emptyToNull, schema.nullable().optional());

// SPEC §5: at least 2 complete specifications for machines and parts.
const atLeastTwoSpecifications = specificationListSchema.refine((rows) => rows.length >= MIN_SPECIFICATIONS, {
  message: 'Please provide at least 2 complete specifications (key and value).',
});

const brandSchema = z.string().trim().max(100, { message: 'Brand must be at most 100 characters' });
const categorySchema = z
  .string()
  .trim()
  .min(1, { message: 'Category is required' })
  .max(60, { message: 'Category must be at most 60 characters' });
const ratingSchema = z.coerce
  .number({ message: 'Rating must be a number' })
  .min(0, { message: 'Rating must be between 0 and 5' })
  .max(5, { message: 'Rating must be between 0 and 5' });
const reviewCountSchema = z.coerce
  .number({ message: 'Review count must be a number' })
  .int({ message: 'Review count must be a whole number' })
  .min(0, { message: 'Review count cannot be negative' })
  .max(1_000_000, { message: 'Review count is too large' });
/** A machine's Key Features, in the order shown on its page. */
export const featureListSchema = z
  .array(
    z
      .string()
      .trim()
      .min(1, { message: 'A key feature cannot be empty' })
      .max(200, { message: 'A key feature must be at most 200 characters' }),
  )
  .max(MAX_FEATURES, { message: `At most ${MAX_FEATURES} key features` });

/**
 * `keepImages` lists the item's current image URLs to keep, in order, on an update; when it
 * is absent every current image is kept. New files are appended after them.
 */
const keepImagesField = imageUrlListSchema.optional();

/** The 409 answer to a save made on an outdated copy of an item. */
export const STALE_EDIT_MESSAGE = 'This item was changed by someone else — reload to see the latest version.';

/**
 * The item's `updatedAt` as the form loaded it. An update whose copy is older than the stored
 * item is refused (409) instead of silently overwriting someone else's change.
 */
const expectedUpdatedAtField = z.preprocess(
  emptyToUndefined,
  z.string().trim().max(40, { message: 'expectedUpdatedAt is not a valid version' }).optional(),
);

/** Machine create (multipart fields after decoding, SPEC §7). */
export const machineInputSchema = z
  .object({
    name: nameSchema,
    description: descriptionSchema,
    category: z.preprocess(emptyToUndefined, categorySchema.default('machine')),
    specifications: atLeastTwoSpecifications,
    featured: booleanTextSchema.default(false),
    brand: z.preprocess(emptyToUndefined, brandSchema.optional()),
    price: optionalRupees,
    originalPrice: optionalRupees,
    rating: z.preprocess(emptyToUndefined, ratingSchema.optional()),
    reviewCount: z.preprocess(emptyToUndefined, reviewCountSchema.optional()),
    features: featureListSchema.optional(),
    keepImages: keepImagesField,
    expectedUpdatedAt: expectedUpdatedAtField,
  })
  .strict();
export type MachineInput = z.input<typeof machineInputSchema>;
export type MachineData = z.output<typeof machineInputSchema>;

/**
 * Machine update (multipart, or JSON): every field is optional and an absent one keeps its
 * stored value (decision 011). An empty optional field clears it; an empty category puts the
 * machine back in the default `machine` category; name and description cannot be emptied.
 */
export const machineUpdateSchema = z
  .object({
    name: nameSchema.optional(),
    description: descriptionSchema.optional(),
    category: clearable(categorySchema),
    specifications: atLeastTwoSpecifications.optional(),
    featured: booleanTextSchema.optional(),
    brand: clearable(brandSchema),
    price: clearable(rupeesSchema),
    originalPrice: clearable(rupeesSchema),
    rating: clearable(ratingSchema),
    reviewCount: clearable(reviewCountSchema),
    features: clearable(featureListSchema),
    keepImages: keepImagesField,
    expectedUpdatedAt: expectedUpdatedAtField,
  })
  .strict();
export type MachineUpdateInput = z.input<typeof machineUpdateSchema>;
export type MachineUpdateData = z.output<typeof machineUpdateSchema>;

/**
 * Spare part create. The form sends `specifications`, older clients `specs`
 * (ARCHITECTURE deviations): either is accepted and stored as one list.
 */
export const sparePartInputSchema = z
  .object({
    name: nameSchema,
    description: descriptionSchema,
    specifications: specificationListSchema.optional(),
    specs: specificationListSchema.optional(),
    featured: booleanTextSchema.default(false),
    price: optionalRupees,
    keepImages: keepImagesField,
    expectedUpdatedAt: expectedUpdatedAtField,
  })
  .strict()
  .transform(({ specs, specifications, ...rest }) => ({ ...rest, specifications: specifications ?? specs ?? [] }))
  .refine((part) => part.specifications.length >= MIN_SPECIFICATIONS, {
    message: 'Please provide at least 2 complete specifications (key and value).',
    path: ['specifications'],
  });
export type SparePartInput = z.input<typeof sparePartInputSchema>;
export type SparePartData = z.output<typeof sparePartInputSchema>;

/** Spare part update: absent fields keep their stored values (see machineUpdateSchema). */
export const sparePartUpdateSchema = z
  .object({
    name: nameSchema.optional(),
    description: descriptionSchema.optional(),
    specifications: atLeastTwoSpecifications.optional(),
    specs: atLeastTwoSpecifications.optional(),
    featured: booleanTextSchema.optional(),
    price: clearable(rupeesSchema),
    keepImages: keepImagesField,
    expectedUpdatedAt: expectedUpdatedAtField,
  })
  .strict()
  .transform(({ specs, specifications, ...rest }) => ({ ...rest, specifications: specifications ?? specs }));
export type SparePartUpdateInput = z.input<typeof sparePartUpdateSchema>;
export type SparePartUpdateData = z.output<typeof sparePartUpdateSchema>;

/** Service create: JSON (SPEC §7). */
export const serviceInputSchema = z
  .object({
    name: nameSchema,
    description: descriptionSchema,
    specification: specificationListSchema.optional().default([]),
    images: imageUrlListSchema.default([]),
    featured: z.boolean().default(false),
    expectedUpdatedAt: expectedUpdatedAtField,
  })
  .strict();
export type ServiceInput = z.input<typeof serviceInputSchema>;
export type ServiceData = z.output<typeof serviceInputSchema>;

/**
 * Service full update (`PUT /api/services/{id}/full`): absent fields keep their stored values,
 * `images` absent keeps the current pictures; `specification: null` or `{}` clears the list.
 */
export const serviceUpdateSchema = z
  .object({
    name: nameSchema.optional(),
    description: descriptionSchema.optional(),
    specification: clearable(specificationListSchema),
    images: imageUrlListSchema.optional(),
    featured: z.boolean().optional(),
    expectedUpdatedAt: expectedUpdatedAtField,
  })
  .strict();
export type ServiceUpdateInput = z.input<typeof serviceUpdateSchema>;
export type ServiceUpdateData = z.output<typeof serviceUpdateSchema>;

/** Multipart fields whose text is JSON. */
export const MULTIPART_JSON_FIELDS = ['specifications', 'specs', 'features', 'keepImages'] as const;

export const machineListQuerySchema = listQuerySchema.extend({
  category: z.string().trim().min(1).max(60).optional(),
});
