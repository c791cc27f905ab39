import { z } from 'zod';
import { listQuerySchema } from './list-query';
import { MIN_SPECIFICATIONS } from '../constants';
import {
  booleanTextSchema,
  descriptionSchema,
  imageUrlListSchema,
  nameSchema,
  rupeesSchema,
  specificationListSchema,
} from './common';

const emptyToUndefined = (value: unknown) => (value === '' || value === null ? undefined : value);
const optionalRupees = z.preprocess(emptyToUndefined, rupeesSchema.optional());

// SPEC §5: at least 2 complete specifications for machines and parts.
const atLeastTwoSpecifications = specificationListSchema.refine((rows) => rows.length >= MIN_SPECIFICATIONS, {
  message: 'Please provide at least 2 complete specifications (key and value).',
});

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

/** Machine create / full update (multipart fields after decoding, SPEC §7). */
export const machineInputSchema = z
  .object({
    name: nameSchema,
    description: descriptionSchema,
    category: z.preprocess(
      emptyToUndefined,
      z.string().trim().min(1).max(60, { message: 'Category must be at most 60 characters' }).default('machine'),
    ),
    specifications: atLeastTwoSpecifications,
    featured: booleanTextSchema.default(false),
    brand: z.preprocess(emptyToUndefined, z.string().trim().max(100).optional()),
    price: optionalRupees,
    originalPrice: optionalRupees,
    rating: z.preprocess(emptyToUndefined, z.coerce.number().min(0).max(5).optional()),
    reviewCount: z.preprocess(emptyToUndefined, z.coerce.number().int().min(0).max(1_000_000).optional()),
    features: z.array(z.string().trim().min(1).max(200)).max(30).optional(),
    keepImages: keepImagesField,
    expectedUpdatedAt: expectedUpdatedAtField,
  })
  .strict();
export type MachineInput = z.input<typeof machineInputSchema>;
export type MachineData = z.output<typeof machineInputSchema>;

/**
 * Spare part create / full update. The form sends `specifications`, older clients `specs`
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

/** Service create / full update: JSON (SPEC §7). */
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

/** Multipart fields whose text is JSON. */
export const MULTIPART_JSON_FIELDS = ['specifications', 'specs', 'features', 'keepImages'] as const;

export const machineListQuerySchema = listQuerySchema.extend({
  category: z.string().trim().min(1).max(60).optional(),
});
