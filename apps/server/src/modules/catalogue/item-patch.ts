import {
  type AvailabilityStatus,
  type ItemTranslationsPatch,
  PLAIN_ITEM_FIELDS,
  withPlainDefaults,
} from '@capstan/shared';
import type { ItemFields, ItemRecord } from './catalogue.repository';
import { patchTranslations } from './item-translations';

/**
 * What an update asks to change (decision 011): a field that is `undefined` keeps its stored
 * value; `null` clears an optional one. Required fields (name, description, featured,
 * specifications) can only be replaced, never cleared.
 */
export type ItemPatch = {
  [K in Exclude<keyof ItemFields, 'translations'>]?: K extends 'name' | 'description' | 'featured' | 'specifications'
    ? ItemFields[K]
    : ItemFields[K] | null;
} & {
  /** Per language and field (patchTranslations). */
  translations?: ItemTranslationsPatch;
};

/**
 * An update's availability (decision 051): absent keeps the stored availability and lead time
 * together, null puts both back to the kind's default, a status sets both (weeks only for made to order).
 */
export function availabilityPatch(
  availability: AvailabilityStatus | null | undefined,
  min: number | null | undefined,
  max: number | null | undefined,
): Pick<ItemPatch, 'availability' | 'leadTimeWeeks'> {
  if (availability === undefined) return {};
  if (availability === 'made_to_order' && min != null && max != null) {
    return { availability, leadTimeWeeks: { min, max } };
  }
  return { availability, leadTimeWeeks: null };
}

interface TermsData {
  availability?: AvailabilityStatus | null;
  leadTimeMinWeeks?: number | null;
  leadTimeMaxWeeks?: number | null;
  warrantyMonths?: number | null;
}

/** A create's terms: what it sent, the rest its kind's default (null). */
export function createdTerms(data: TermsData): Pick<ItemFields, 'availability' | 'leadTimeWeeks' | 'warrantyMonths'> {
  return {
    availability: null,
    leadTimeWeeks: null,
    ...availabilityPatch(data.availability, data.leadTimeMinWeeks, data.leadTimeMaxWeeks),
    warrantyMonths: data.warrantyMonths ?? null,
  };
}

/** An update's terms: only what it sent (decision 011). */
export function patchedTerms(data: TermsData): Pick<ItemPatch, 'availability' | 'leadTimeWeeks' | 'warrantyMonths'> {
  return {
    ...availabilityPatch(data.availability, data.leadTimeMinWeeks, data.leadTimeMaxWeeks),
    warrantyMonths: data.warrantyMonths,
  };
}

/**
 * The fields an update writes: the stored item with the patch's fields laid over it. A cleared
 * defaulted field (HSN/SAC code, GST rate) takes its kind's default, by the category it is saved in.
 */
export function applyPatch(stored: ItemRecord, patch: ItemPatch): ItemFields {
  const pick = <T>(requested: T | undefined, current: T): T => (requested === undefined ? current : requested);
  const category = pick(patch.category, stored.category);
  // The plain fields of every kind (item-fields.ts); a cleared list is an empty one.
  const plain: Record<string, unknown> = Object.fromEntries(
    PLAIN_ITEM_FIELDS.map((f) => [
      f.key,
      pick<unknown>(patch[f.key], stored[f.key]) ?? (f.value === 'lines' ? [] : null),
    ]),
  );
  return {
    ...(withPlainDefaults(stored.kind, category, plain) as Pick<ItemFields, 'name' | 'description'>),
    code: pick(patch.code, stored.code),
    category,
    // Availability and its lead time change together (availabilityPatch).
    ...(patch.availability === undefined
      ? { availability: stored.terms.availability, leadTimeWeeks: stored.terms.leadTimeWeeks }
      : { availability: patch.availability, leadTimeWeeks: patch.leadTimeWeeks ?? null }),
    warrantyMonths: pick(patch.warrantyMonths, stored.terms.warrantyMonths),
    featured: pick(patch.featured, stored.featured),
    specifications: pick(patch.specifications, stored.specifications),
    // Absent: the stored fits stay untouched (replaceFits does nothing).
    fits: patch.fits ?? undefined,
    translations: patchTranslations(stored.translations, patch.translations),
  };
}
