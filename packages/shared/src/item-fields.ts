/**
 * The fields of each item kind, in one table per kind (decision 061): what staff call a field, its
 * column in the import/export file, whether the audit trail records it, and how its value is
 * stored. The mapper, the update patch, the audit trail, the import and the forms read these
 * tables; a test holds every key of each kind's payload schemas to its table, so a field left out
 * fails loudly instead of being dropped.
 */
import { LEAD_TIME_MAX_WEEKS, WARRANTY_MAX_MONTHS } from './item-terms';
import { type GstDefaults, gstDefaultsFor } from './gst/defaults';
import { GST_RATES } from './gst/rates';

/** The item kinds, as stored (`items.kind`). */
export type ItemFieldKind = 'machine' | 'spare' | 'service';

/** Separates the machines of a spare part's `fits` cell. */
export const FITS_SEPARATOR = ';';

/**
 * How a field's value is kept, compared and written in a file. `text`, `rupees`, `percent` and
 * `lines` are plain fields (one nullable column of `items`, named by `db`): the repository, the mapper, the
 * update patch, the import and the export handle them from this table alone. The others have
 * their own code: a code keeps a lower-case key for uniqueness, a category falls back to
 * "uncategorised", specifications and fits live in tables of their own, the terms go together
 * (decision 051), images are files.
 */
export type ItemFieldValue =
  | 'id'
  | 'code'
  | 'text'
  | 'category'
  | 'rupees'
  | 'percent'
  | 'lines'
  | 'specifications'
  | 'fits'
  | 'availability'
  | 'leadTime'
  | 'months'
  | 'flag'
  | 'images'
  | 'rating'
  | 'translations'
  | 'version';

export interface ItemFieldDefinition {
  /** The field's name in the stored item, the API answer and the audit trail. */
  readonly key: string;
  /** The keys of the kind's payload schemas that carry it (a lead time is two numbers). */
  readonly schemaKeys: readonly string[];
  /** What staff see: form labels, the audit trail. */
  readonly label: string;
  /** The fixed column of the import/export file; absent when the file has none. */
  readonly column?: string;
  /** What the import's column help says of that column. */
  readonly help?: string;
  /** Whether the audit trail records its changes. */
  readonly audited: boolean;
  readonly value: ItemFieldValue;
  /** A plain field's column in `items`. */
  readonly db?: string;
  /** A plain text field that cannot be empty (name, description). */
  readonly required?: boolean;
  /**
   * A plain field that always has a value: left empty on a create, or emptied on an update, it takes
   * its kind's default (plainDefaultsOf), as it is stored; so does a row an older release wrote.
   */
  readonly defaulted?: boolean;
}

const field = <const F extends Omit<ItemFieldDefinition, 'schemaKeys'> & { schemaKeys?: readonly string[] }>(
  definition: F,
) => ({ schemaKeys: [definition.key] as const, ...definition });

/**
 * Fields more than one kind has. A kind's table lists which it has, in the file's column order
 * (and the order an import lists a row's changes in).
 */
const ID = field({
  key: 'id',
  schemaKeys: [],
  label: 'Id',
  column: 'id',
  help: 'the item’s id from an export; empty for a new item',
  audited: false,
  value: 'id',
});
const CODE = field({
  key: 'code',
  label: 'Code',
  column: 'code',
  help: 'part number or model code; a row whose code exists updates that item',
  audited: false,
  value: 'code',
});
const NAME = field({
  key: 'name',
  label: 'Name',
  column: 'name',
  help: 'required for a new item',
  audited: true,
  value: 'text',
  db: 'name',
  required: true,
});
const DESCRIPTION = field({
  key: 'description',
  label: 'Description',
  column: 'description',
  help: 'required for a new item',
  audited: true,
  value: 'text',
  db: 'description',
  required: true,
});
const PRICE = field({
  key: 'price',
  label: 'Price',
  column: 'price',
  help: 'whole rupees (15,00,000 is read as 1500000); empty clears it',
  audited: true,
  value: 'rupees',
  db: 'price',
});
const AVAILABILITY = field({
  key: 'availability',
  label: 'Availability',
  column: 'availability',
  help: 'in_stock or made_to_order; empty: the default set under Delivery and warranty',
  audited: true,
  value: 'availability',
});
const LEAD_TIME = field({
  key: 'leadTimeWeeks',
  schemaKeys: ['leadTimeMinWeeks', 'leadTimeMaxWeeks'],
  label: 'Lead time in weeks',
  column: 'lead_time_weeks',
  help: `weeks from order to dispatch, 6-8 or 6 (1 to ${LEAD_TIME_MAX_WEEKS}); needed with made_to_order, left empty otherwise`,
  audited: true,
  value: 'leadTime',
});
const WARRANTY = field({
  key: 'warrantyMonths',
  label: 'Warranty in months',
  column: 'warranty_months',
  help: `months, 0 (no warranty) to ${WARRANTY_MAX_MONTHS}; empty: the default set under Delivery and warranty`,
  audited: true,
  value: 'months',
});
/**
 * What a quotation or invoice names the item by for GST, and its rate (issue 39, decision 075): every
 * kind has both, and both default by kind (gst/defaults.ts).
 */
const HSN_CODE = field({
  key: 'hsnCode',
  label: 'HSN/SAC code',
  column: 'hsn_code',
  help: 'HSN code of goods (4, 6 or 8 digits) or SAC of a service (starting 99); empty: the default of its kind',
  audited: true,
  value: 'text',
  db: 'hsn_code',
  defaulted: true,
});
const GST_RATE = field({
  key: 'gstRate',
  label: 'GST rate',
  column: 'gst_rate',
  help: `GST rate in per cent, one of ${GST_RATES.join(', ')}; empty: the default of its kind`,
  audited: true,
  value: 'percent',
  db: 'gst_rate',
  defaulted: true,
});
const FEATURED = field({ key: 'featured', label: 'Featured', audited: true, value: 'flag' });
const SPECIFICATIONS = field({
  key: 'specifications',
  label: 'Specifications',
  audited: true,
  value: 'specifications',
});
/** A machine's and a part's pictures are files; the update names the current ones to keep. */
const UPLOADED_IMAGES = field({
  key: 'images',
  schemaKeys: ['keepImages'],
  label: 'Images',
  audited: true,
  value: 'images',
});
/**
 * The Tamil and Hindi versions of the texts (decision 072): one audited field, and columns of their
 * own in the import/export file (TRANSLATION_COLUMNS).
 */
const TRANSLATIONS = field({
  key: 'translations',
  label: 'Tamil and Hindi texts',
  audited: true,
  value: 'translations',
});
/** The version a form loaded: an update made on an older copy is refused. */
const VERSION = field({
  key: 'updatedAt',
  schemaKeys: ['expectedUpdatedAt'],
  label: 'Last changed',
  audited: false,
  value: 'version',
});

export const MACHINE_FIELDS = [
  ID,
  CODE,
  NAME,
  DESCRIPTION,
  field({
    key: 'category',
    label: 'Category',
    column: 'category',
    help: 'a machine category’s name or slug (empty: uncategorised)',
    audited: true,
    value: 'category',
  }),
  field({ key: 'brand', label: 'Brand', column: 'brand', help: 'optional', audited: true, value: 'text', db: 'brand' }),
  PRICE,
  field({
    key: 'originalPrice',
    label: 'Original price',
    column: 'original price',
    help: 'whole rupees, shown struck through; empty clears it',
    audited: true,
    value: 'rupees',
    db: 'original_price',
  }),
  field({
    key: 'features',
    label: 'Key features',
    column: 'features',
    help: 'one key feature a line',
    audited: true,
    value: 'lines',
    db: 'features',
  }),
  SPECIFICATIONS,
  AVAILABILITY,
  LEAD_TIME,
  WARRANTY,
  HSN_CODE,
  GST_RATE,
  FEATURED,
  UPLOADED_IMAGES,
  TRANSLATIONS,
  // The average of approved reviews (decision 051): the schemas refuse a typed one.
  field({ key: 'rating', schemaKeys: ['rating', 'reviewCount'], label: 'Rating', audited: false, value: 'rating' }),
  VERSION,
] as const;

export const SPARE_PART_FIELDS = [
  ID,
  CODE,
  NAME,
  DESCRIPTION,
  PRICE,
  // Older clients send `specs` (ARCHITECTURE deviations): one list either way.
  { ...SPECIFICATIONS, schemaKeys: ['specifications', 'specs'] },
  field({
    key: 'fits',
    label: 'Fits',
    column: 'fits',
    help: `machine codes the part fits, separated by "${FITS_SEPARATOR}"`,
    audited: false,
    value: 'fits',
  }),
  AVAILABILITY,
  LEAD_TIME,
  WARRANTY,
  HSN_CODE,
  GST_RATE,
  FEATURED,
  UPLOADED_IMAGES,
  TRANSLATIONS,
  VERSION,
] as const;

export const SERVICE_FIELDS = [
  ID,
  CODE,
  NAME,
  DESCRIPTION,
  // SPEC §7: a service's list is `specification`, and its pictures are uploaded before the save.
  { ...SPECIFICATIONS, schemaKeys: ['specification'] },
  HSN_CODE,
  GST_RATE,
  FEATURED,
  { ...UPLOADED_IMAGES, schemaKeys: ['images'] },
  TRANSLATIONS,
  VERSION,
] as const;

export const ITEM_FIELDS = {
  machine: MACHINE_FIELDS,
  spare: SPARE_PART_FIELDS,
  service: SERVICE_FIELDS,
} as const satisfies Record<ItemFieldKind, readonly ItemFieldDefinition[]>;

export const ITEM_FIELD_KINDS = Object.keys(ITEM_FIELDS) as ItemFieldKind[];

type AnyItemField = (typeof ITEM_FIELDS)[ItemFieldKind][number];
export type ItemFieldKey = AnyItemField['key'];

/** A field of any kind by its key (a field several kinds share is one definition). */
export const ITEM_FIELD_BY_KEY = Object.fromEntries(
  Object.values(ITEM_FIELDS).flatMap((fields: readonly ItemFieldDefinition[]) => fields.map((f) => [f.key, f])),
) as Record<ItemFieldKey, ItemFieldDefinition>;

/** What staff call each field (the audit trail's names for an item's changes). */
export const ITEM_FIELD_LABELS = Object.fromEntries(
  Object.values(ITEM_FIELD_BY_KEY).map((f) => [f.key, f.label]),
) as Record<ItemFieldKey, string>;

/** Every kind's plain fields: one nullable column each, handled by the table alone. */
type PlainField = Extract<AnyItemField, { db: string }>;
type PlainValue<F> = F extends { value: 'rupees' }
  ? number | null
  : F extends { value: 'percent' }
    ? number
    : F extends { value: 'lines' }
      ? string[]
      : F extends { required: true } | { defaulted: true }
        ? string
        : string | null;

/** The plain fields' values of an item, every kind's (another kind's are null or empty). */
export type PlainItemValues = { [F in PlainField as F['key']]: PlainValue<F> };
/** A kind's plain fields, as its API answer carries them. */
export type PlainItemValuesOf<K extends ItemFieldKind> = {
  [F in Extract<(typeof ITEM_FIELDS)[K][number], { db: string }> as F['key']]: PlainValue<F>;
};
export type PlainItemKey = keyof PlainItemValues;

export const PLAIN_ITEM_FIELDS = Object.values(ITEM_FIELD_BY_KEY).filter(
  (f): f is ItemFieldDefinition & { key: PlainItemKey; db: string } => f.db !== undefined,
);

/** A kind's plain fields. */
export const plainFieldsOf = (kind: ItemFieldKind) =>
  (ITEM_FIELDS[kind] as readonly ItemFieldDefinition[]).filter(
    (f): f is ItemFieldDefinition & { key: PlainItemKey; db: string } => f.db !== undefined,
  );

/** A plain field's value when it has none: an empty list, else null. */
export const emptyPlainValue = (f: Pick<ItemFieldDefinition, 'value'>): string[] | null =>
  f.value === 'lines' ? [] : null;

/** The defaulted plain fields (ItemFieldDefinition.defaulted), by key. */
export type DefaultedPlainKey = Extract<PlainField, { defaulted: true }>['key'];

// The defaults name exactly the defaulted fields: a field marked defaulted without one fails to compile.
const defaultsCoverFields: [DefaultedPlainKey] extends [keyof GstDefaults]
  ? [keyof GstDefaults] extends [DefaultedPlainKey]
    ? true
    : never
  : never = true;
void defaultsCoverFields;

/** The defaulted plain fields' values an item of this kind (and machine category) gets when it has none. */
export const plainDefaultsOf = (
  kind: ItemFieldKind,
  category?: string | null,
): Pick<PlainItemValues, DefaultedPlainKey> => gstDefaultsFor(kind, category);

/**
 * The values with each empty defaulted field of the kind (null, undefined or '') given its default;
 * the category is the machine's as saved.
 */
export function withPlainDefaults<T extends Partial<Record<DefaultedPlainKey, unknown>>>(
  kind: ItemFieldKind,
  category: string | null | undefined,
  values: T,
): T {
  const defaults = plainDefaultsOf(kind, category);
  const filled: Record<string, unknown> = { ...values };
  for (const key of Object.keys(defaults) as DefaultedPlainKey[]) {
    const value = values[key];
    if (value === undefined || value === null || value === '') filled[key] = defaults[key];
  }
  return filled as T;
}

/** Every kind's plain values, all empty (a new item's start); defaulted ones are the kind's default. */
export function emptyPlainValues(kind: ItemFieldKind, category?: string | null): PlainItemValues {
  const empty: Record<string, unknown> = Object.fromEntries(
    PLAIN_ITEM_FIELDS.map((f) => [f.key, f.required ? '' : emptyPlainValue(f)]),
  );
  return withPlainDefaults(kind, category, empty) as PlainItemValues;
}
