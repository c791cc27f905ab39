import {
  type AuditChanges,
  type AuditTargetType,
  type AuditValue,
  gstStateName,
  type InquiryStatus,
  isLocale,
  type ItemFieldKey,
  LOCALE_NAMES,
  PLAIN_ITEM_FIELDS,
  type ServiceRequestStatus,
} from '@capstan/shared';
import { formatRupees } from '@/lib/format';
import type { AdminTranslator, BackOfficeKey } from '@/lib/i18n/admin';

/**
 * What staff call each recorded field: an item's fields (the English is `ITEM_FIELD_LABELS`'s, from
 * shared), then other records' fields. The values themselves are data and stay as recorded.
 */
const ITEM_FIELD_KEYS: Record<ItemFieldKey, BackOfficeKey> = {
  id: 'adminActivity.fieldId',
  code: 'adminActivity.fieldCode',
  name: 'adminActivity.fieldName',
  description: 'adminActivity.fieldDescription',
  price: 'adminActivity.fieldPrice',
  availability: 'adminActivity.fieldAvailability',
  leadTimeWeeks: 'adminActivity.fieldLeadTimeWeeks',
  warrantyMonths: 'adminActivity.fieldWarrantyMonths',
  featured: 'adminActivity.fieldFeatured',
  specifications: 'adminActivity.fieldSpecifications',
  images: 'adminActivity.fieldImages',
  updatedAt: 'adminActivity.fieldUpdatedAt',
  category: 'adminActivity.fieldCategory',
  brand: 'adminActivity.fieldBrand',
  originalPrice: 'adminActivity.fieldOriginalPrice',
  features: 'adminActivity.fieldFeatures',
  rating: 'adminActivity.fieldRating',
  fits: 'adminActivity.fieldFits',
  translations: 'adminActivity.fieldTranslations',
  hsnCode: 'adminActivity.fieldHsnCode',
  gstRate: 'adminActivity.fieldGstRate',
};

export const FIELD_KEYS: Record<string, BackOfficeKey> = {
  ...ITEM_FIELD_KEYS,
  reviewCount: 'adminActivity.fieldReviewCount',
  status: 'adminActivity.fieldStatus',
  attempts: 'adminActivity.fieldAttempts',
  role: 'adminActivity.fieldRole',
  disabled: 'adminActivity.fieldDisabled',
  twoFactor: 'adminActivity.fieldTwoFactor',
  note: 'adminActivity.fieldNote',
  file: 'adminActivity.fieldFile',
  kind: 'adminActivity.fieldKind',
  created: 'adminActivity.fieldCreated',
  updated: 'adminActivity.fieldUpdated',
  unchanged: 'adminActivity.fieldUnchanged',
  rejected: 'adminActivity.fieldRejected',
  items: 'adminActivity.fieldItems',
  pictures: 'adminActivity.fieldPictures',
  // An installed machine, its AMC contracts and visits, and its service requests.
  serial: 'adminActivity.fieldSerial',
  model: 'adminActivity.fieldModel',
  company: 'adminActivity.fieldCompany',
  contactName: 'adminActivity.fieldContactName',
  phone: 'adminActivity.fieldPhone',
  email: 'adminActivity.fieldEmail',
  gstin: 'adminActivity.fieldGstin',
  state: 'adminActivity.fieldState',
  address: 'adminActivity.fieldAddress',
  language: 'adminActivity.fieldLanguage',
  invoiceNumber: 'adminActivity.fieldInvoiceNumber',
  invoiceDate: 'adminActivity.fieldInvoiceDate',
  commissionedOn: 'adminActivity.fieldCommissionedOn',
  controlMake: 'adminActivity.fieldControlMake',
  notes: 'adminActivity.fieldNotes',
  startsOn: 'adminActivity.fieldStartsOn',
  endsOn: 'adminActivity.fieldEndsOn',
  visitsIncluded: 'adminActivity.fieldVisitsIncluded',
  value: 'adminActivity.fieldValue',
  visitedOn: 'adminActivity.fieldVisitedOn',
  engineer: 'adminActivity.fieldEngineer',
  partsUsed: 'adminActivity.fieldPartsUsed',
  visitsDone: 'adminActivity.fieldVisitsDone',
  visitOn: 'adminActivity.fieldVisitOn',
  machine: 'adminActivity.fieldMachine',
  report: 'adminActivity.fieldReport',
  // Quotations.
  number: 'adminActivity.fieldNumber',
  buyer: 'adminActivity.fieldBuyer',
  buyerGstin: 'adminActivity.fieldBuyerGstin',
  placeOfSupply: 'adminActivity.fieldPlaceOfSupply',
  lines: 'adminActivity.fieldLines',
  total: 'adminActivity.fieldTotal',
  validityDays: 'adminActivity.fieldValidityDays',
  // The daily backup's schedule.
  enabled: 'adminActivity.fieldEnabled',
  time: 'adminActivity.fieldTime',
  keep: 'adminActivity.fieldKeep',
};

/** A status as the screens of its record name it: an inquiry's and a service request's differ. */
const STATUS_KEYS: Partial<Record<AuditTargetType, Record<string, BackOfficeKey>>> = {
  inquiry: {
    new: 'adminInquiries.statusNew',
    contacted: 'adminInquiries.statusContacted',
    quoted: 'adminInquiries.statusQuoted',
    won: 'adminInquiries.statusWon',
    closed: 'adminInquiries.statusClosed',
  } satisfies Record<InquiryStatus, BackOfficeKey>,
  service_request: {
    new: 'adminService.statusNew',
    assigned: 'adminService.statusAssigned',
    scheduled: 'adminService.statusScheduled',
    resolved: 'adminService.statusResolved',
    closed: 'adminService.statusClosed',
  } satisfies Record<ServiceRequestStatus, BackOfficeKey>,
};

/** Fields whose value is a GST state code (`33`), shown by its name in the reader's language. */
const STATE_FIELDS = new Set(['state', 'placeOfSupply']);

const MONEY_FIELDS = new Set([
  ...PLAIN_ITEM_FIELDS.filter((f) => f.value === 'rupees').map((f) => f.key as string),
  // An AMC contract's value and a quotation's total, in rupees.
  'value',
  'total',
]);
const PERCENT_FIELDS = new Set(PLAIN_ITEM_FIELDS.filter((f) => f.value === 'percent').map((f) => f.key as string));

/** A recorded number as its field means it: rupees (₹15,00,000), a rate (18%), else the number. */
function formatNumberOf(translator: AdminTranslator, field: string, value: number): string {
  if (MONEY_FIELDS.has(field)) return formatRupees(value, translator);
  if (PERCENT_FIELDS.has(field))
    return translator.intl.formatNumber(value / 100, { style: 'percent', maximumFractionDigits: 2 });
  return String(value);
}

type T = Pick<AdminTranslator, 't'>;

/** "originalPrice" → "Original price"; a field named nowhere reads as its own words. */
export function fieldLabel({ t }: T, field: string): string {
  const known = Object.hasOwn(FIELD_KEYS, field) ? FIELD_KEYS[field] : undefined;
  if (known) return t(known);
  const words = field
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .replace(/[_-]+/g, ' ')
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

export function formatValue(
  translator: AdminTranslator,
  field: string,
  value: AuditValue,
  targetType?: AuditTargetType,
): string {
  const { t } = translator;
  if (value === null || value === '') return t('adminActivity.none');
  if (typeof value === 'string') {
    const status = field === 'status' && targetType ? STATUS_KEYS[targetType]?.[value] : undefined;
    if (status) return t(status);
    if (STATE_FIELDS.has(field)) return gstStateName(value, translator.locale);
    if (field === 'language' && isLocale(value)) return LOCALE_NAMES[value];
  }
  if (typeof value === 'boolean') return value ? t('adminActivity.yes') : t('adminActivity.no');
  if (typeof value === 'number') return formatNumberOf(translator, field, value);
  if (Array.isArray(value)) {
    if (value.length === 0) return t('adminActivity.none');
    // Image addresses say nothing to a reader; how many there are does.
    if (field === 'images') return t('adminActivity.imageCount', { count: value.length });
    return value.join('; ');
  }
  return value;
}

export interface ChangeLine {
  field: string;
  label: string;
  before: string;
  after: string;
}

/** `targetType`: what the entry changed, which says what a status means. */
export function describeChanges(
  translator: AdminTranslator,
  changes: AuditChanges | null,
  targetType?: AuditTargetType,
): ChangeLine[] {
  if (!changes) return [];
  return Object.entries(changes).map(([field, change]) => ({
    field,
    label: fieldLabel(translator, field),
    before: formatValue(translator, field, change.before, targetType),
    after: formatValue(translator, field, change.after, targetType),
  }));
}
