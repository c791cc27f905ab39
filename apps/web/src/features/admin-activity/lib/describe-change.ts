import { type AuditChanges, type AuditValue, ITEM_FIELD_LABELS, PLAIN_ITEM_FIELDS } from '@capstan/shared';
import { formatRupees } from '@/lib/format';

/** An item's fields are named by its kind's field table; these are other records' fields. */
const FIELD_LABELS: Record<string, string> = {
  ...ITEM_FIELD_LABELS,
  reviewCount: 'Review count',
  status: 'Status',
};

const MONEY_FIELDS = new Set(PLAIN_ITEM_FIELDS.filter((f) => f.value === 'rupees').map((f) => f.key as string));

/** "originalPrice" → "Original price" for fields the table above does not name. */
export function fieldLabel(field: string): string {
  const known = FIELD_LABELS[field];
  if (known) return known;
  const words = field
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .replace(/[_-]+/g, ' ')
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

export const NO_VALUE = '(none)';

export function formatValue(field: string, value: AuditValue): string {
  if (value === null || value === '') return NO_VALUE;
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (typeof value === 'number') return MONEY_FIELDS.has(field) ? formatRupees(value) : String(value);
  if (Array.isArray(value)) {
    if (value.length === 0) return NO_VALUE;
    // Image addresses say nothing to a reader; how many there are does.
    if (field === 'images') return value.length === 1 ? '1 image' : `${value.length} images`;
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

export function describeChanges(changes: AuditChanges | null): ChangeLine[] {
  if (!changes) return [];
  return Object.entries(changes).map(([field, change]) => ({
    field,
    label: fieldLabel(field),
    before: formatValue(field, change.before),
    after: formatValue(field, change.after),
  }));
}
