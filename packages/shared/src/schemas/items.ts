import { z } from './zod';
import { listQuerySchema } from './list-query';
import { MAX_FEATURES, MIN_SPECIFICATIONS } from '../constants';
import { availabilityStatusSchema, checkLeadTime, leadTimeWeeksNumberSchema, warrantyMonthsSchema } from './item-terms';
import {
  booleanTextSchema,
  descriptionSchema,
  idSchema,
  imageUrlListSchema,
  nameSchema,
  rupeesSchema,
  specificationListSchema,
} from './common';
import { hsnCodeSchema } from '../gst/hsn';
import { gstRateSchema } from '../gst/rates';

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
/**
 * A machine model code, part number or service code: what is printed on the machine
 * or the old part, so only the characters such numbers use. Unique per kind, ignoring case.
 */
export const ITEM_CODE_MAX_LENGTH = 40;
export const itemCodeSchema = z
  .string()
  .trim()
  .min(1, { message: 'Code is required' })
  .max(ITEM_CODE_MAX_LENGTH, { message: `Code must be at most ${ITEM_CODE_MAX_LENGTH} characters` })
  .regex(/^[A-Za-z0-9 ._/-]+$/, { message: 'Code may contain only letters, digits, spaces and - _ . /' });

/** The form of a code that uniqueness and exact search compare: `NP38-col-25 ` and `np38-COL-25` are one. */
export const codeKeyOf = (code: string): string => code.trim().toLowerCase();

/** The messages of a duplicate code (409), per kind. */
export const duplicateCodeMessage = (kind: 'machine' | 'spare part' | 'service', code: string): string =>
  `A ${kind} with code ${code} already exists.`;

/** The machines a spare part fits, by id (decision 031). Absent keeps them on an update, `[]` clears. */
export const MAX_FITS = 200;
export const fitsSchema = z
  .array(idSchema)
  .max(MAX_FITS, { message: `A spare part can list at most ${MAX_FITS} machines` })
  .transform((ids) => [...new Set(ids)]);

/** A category's Tamil or Hindi name (decision 072): the English name's limit; empty removes it. */
const categoryNameTranslationSchema = z
  .string({ message: 'Category name must be text' })
  .trim()
  .max(60, { message: 'Category name must be at most 60 characters' });

/**
 * A machine category's name; its slug is made from it (machineCategorySlug). `translations` names it
 * in Tamil and Hindi: per language, absent keeps the stored name, empty removes it (English shows).
 */
export const machineCategoryInputSchema = z
  .object({
    name: z
      .string({ message: 'Category name is required' })
      .trim()
      .min(1, { message: 'Category name is required' })
      .max(60, { message: 'Category name must be at most 60 characters' })
      .refine((name) => machineCategorySlug(name) !== '', {
        message: 'Category name needs at least one letter or digit',
      }),
    translations: z
      .strictObject(
        { ta: categoryNameTranslationSchema.optional(), hi: categoryNameTranslationSchema.optional() },
        { message: 'translations must be an object' },
      )
      .optional(),
  })
  .strict();
export type MachineCategoryInput = z.infer<typeof machineCategoryInputSchema>;

export const machineCategorySlugParamsSchema = z
  .object({ slug: z.string().regex(/^[a-z0-9-]{1,60}$/, { message: 'Invalid category' }) })
  .strict();

/** The category every machine had before categories existed; it stays valid as "uncategorised". */
export const DEFAULT_MACHINE_CATEGORY = 'machine';

/** `CNC lathe / Turning centre` → `cnc-lathe-turning-centre`: lower-case ASCII words joined by `-`. */
export function machineCategorySlug(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/, '');
}

/**
 * A product's rating is the average of its customers' approved reviews (decision 051): a rating
 * or review count typed by staff is refused with this message rather than silently dropped.
 */
export const TYPED_RATING_MESSAGE =
  'Ratings come from customers’ approved reviews of the machine and cannot be typed in';
const noTypedRating = z.preprocess(emptyToUndefined, z.undefined({ message: TYPED_RATING_MESSAGE }).optional());

/**
 * An item's own availability and warranty (decision 051): absent or empty on a create means "its
 * kind's default"; on an update absent keeps, empty clears back to the default. The lead time in
 * weeks goes with made to order only.
 */
const termsCreateFields = {
  availability: z.preprocess(emptyToUndefined, availabilityStatusSchema.optional()),
  leadTimeMinWeeks: z.preprocess(emptyToUndefined, leadTimeWeeksNumberSchema.optional()),
  leadTimeMaxWeeks: z.preprocess(emptyToUndefined, leadTimeWeeksNumberSchema.optional()),
  warrantyMonths: z.preprocess(emptyToUndefined, warrantyMonthsSchema.optional()),
};
const termsUpdateFields = {
  availability: clearable(availabilityStatusSchema),
  leadTimeMinWeeks: clearable(leadTimeWeeksNumberSchema),
  leadTimeMaxWeeks: clearable(leadTimeWeeksNumberSchema),
  warrantyMonths: clearable(warrantyMonthsSchema),
};
type TermsFields = {
  availability?: string | null;
  leadTimeMinWeeks?: number | null;
  leadTimeMaxWeeks?: number | null;
};
const checkTerms = (data: TermsFields, ctx: z.RefinementCtx) =>
  checkLeadTime(data.availability, data.leadTimeMinWeeks, data.leadTimeMaxWeeks, ctx, {
    min: ['leadTimeMinWeeks'],
    max: ['leadTimeMaxWeeks'],
  });
/**
 * An item's HSN/SAC code and GST rate (decision 075): absent or empty on a create is its kind's
 * default (gst/defaults.ts); on an update absent keeps, empty puts the default back.
 */
const gstCreateFields = {
  hsnCode: z.preprocess(emptyToUndefined, hsnCodeSchema.optional()),
  gstRate: z.preprocess(emptyToUndefined, gstRateSchema.optional()),
};
const gstUpdateFields = {
  hsnCode: clearable(hsnCodeSchema),
  gstRate: clearable(gstRateSchema),
};

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

/** Translated specification labels, by the English label; an empty one is left out (the English shows). */
const specificationLabelsSchema = z
  .record(
    z.string().trim().min(1, { message: 'Specification name is required' }).max(100, {
      message: 'Specification name must be at most 100 characters',
    }),
    z.string({ message: 'Specification name must be text' }).trim().max(100, {
      message: 'Specification name must be at most 100 characters',
    }),
  )
  .transform((labels) => Object.fromEntries(Object.entries(labels).filter(([, label]) => label !== '')))
  .refine((labels) => Object.keys(labels).length <= 50, { message: 'At most 50 specifications' });

/**
 * One language's version of an item (decision 072), held to the English fields' limits and messages.
 * Each field is patched on its own: absent keeps the stored translation, empty or null removes it
 * (the English then shows).
 */
const translationFields = {
  name: clearable(nameSchema),
  description: clearable(descriptionSchema),
  specifications: clearable(specificationLabelsSchema),
};
const translationsOf = <T extends z.ZodType>(one: T) =>
  z.strictObject({ ta: one.optional(), hi: one.optional() }, { message: 'translations must be an object' });

/** Spare parts' and services' translations. */
export const itemTranslationsSchema = translationsOf(z.strictObject(translationFields));
/** A machine's translations also carry its key features. */
export const machineTranslationsSchema = translationsOf(
  z.strictObject({ ...translationFields, features: clearable(featureListSchema) }),
);
/** What a save sends of the translations: per language and field, a value, null (remove) or nothing (keep). */
export type ItemTranslationsPatch = z.output<typeof machineTranslationsSchema>;

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
    code: z.preprocess(emptyToUndefined, itemCodeSchema.optional()),
    category: z.preprocess(emptyToUndefined, categorySchema.default(DEFAULT_MACHINE_CATEGORY)),
    specifications: atLeastTwoSpecifications,
    featured: booleanTextSchema.default(false),
    brand: z.preprocess(emptyToUndefined, brandSchema.optional()),
    price: optionalRupees,
    originalPrice: optionalRupees,
    rating: noTypedRating,
    reviewCount: noTypedRating,
    features: featureListSchema.optional(),
    translations: machineTranslationsSchema.optional(),
    ...termsCreateFields,
    ...gstCreateFields,
    keepImages: keepImagesField,
    expectedUpdatedAt: expectedUpdatedAtField,
  })
  .strict()
  .superRefine(checkTerms);
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
    code: clearable(itemCodeSchema),
    category: clearable(categorySchema),
    specifications: atLeastTwoSpecifications.optional(),
    featured: booleanTextSchema.optional(),
    brand: clearable(brandSchema),
    price: clearable(rupeesSchema),
    originalPrice: clearable(rupeesSchema),
    rating: noTypedRating,
    reviewCount: noTypedRating,
    features: clearable(featureListSchema),
    translations: machineTranslationsSchema.optional(),
    ...termsUpdateFields,
    ...gstUpdateFields,
    keepImages: keepImagesField,
    expectedUpdatedAt: expectedUpdatedAtField,
  })
  .strict()
  .superRefine(checkTerms);
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
    code: z.preprocess(emptyToUndefined, itemCodeSchema.optional()),
    specifications: specificationListSchema.optional(),
    specs: specificationListSchema.optional(),
    featured: booleanTextSchema.default(false),
    price: optionalRupees,
    fits: fitsSchema.optional(),
    translations: itemTranslationsSchema.optional(),
    ...termsCreateFields,
    ...gstCreateFields,
    keepImages: keepImagesField,
    expectedUpdatedAt: expectedUpdatedAtField,
  })
  .strict()
  .superRefine(checkTerms)
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
    code: clearable(itemCodeSchema),
    specifications: atLeastTwoSpecifications.optional(),
    specs: atLeastTwoSpecifications.optional(),
    featured: booleanTextSchema.optional(),
    price: clearable(rupeesSchema),
    fits: fitsSchema.optional(),
    translations: itemTranslationsSchema.optional(),
    ...termsUpdateFields,
    ...gstUpdateFields,
    keepImages: keepImagesField,
    expectedUpdatedAt: expectedUpdatedAtField,
  })
  .strict()
  .superRefine(checkTerms)
  .transform(({ specs, specifications, ...rest }) => ({ ...rest, specifications: specifications ?? specs }));
export type SparePartUpdateInput = z.input<typeof sparePartUpdateSchema>;
export type SparePartUpdateData = z.output<typeof sparePartUpdateSchema>;

/** Service create: JSON (SPEC §7). */
export const serviceInputSchema = z
  .object({
    name: nameSchema,
    description: descriptionSchema,
    code: z.preprocess(emptyToUndefined, itemCodeSchema.optional()),
    specification: specificationListSchema.optional().default([]),
    images: imageUrlListSchema.default([]),
    featured: z.boolean().default(false),
    translations: itemTranslationsSchema.optional(),
    ...gstCreateFields,
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
    code: clearable(itemCodeSchema),
    specification: clearable(specificationListSchema),
    images: imageUrlListSchema.optional(),
    featured: z.boolean().optional(),
    translations: itemTranslationsSchema.optional(),
    ...gstUpdateFields,
    expectedUpdatedAt: expectedUpdatedAtField,
  })
  .strict();
export type ServiceUpdateInput = z.input<typeof serviceUpdateSchema>;
export type ServiceUpdateData = z.output<typeof serviceUpdateSchema>;

/** Multipart fields whose text is JSON. */
export const MULTIPART_JSON_FIELDS = [
  'specifications',
  'specs',
  'features',
  'keepImages',
  'fits',
  'translations',
] as const;

/** `category=machine` (SPEC §7) answers every machine; another slug, the machines in that category. */
export const machineListQuerySchema = listQuerySchema.extend({
  category: z.string().trim().min(1).max(60).optional(),
});

/** `machine={id}`: only the spare parts that fit that machine. */
export const sparePartListQuerySchema = listQuerySchema.extend({
  machine: idSchema.optional(),
});
