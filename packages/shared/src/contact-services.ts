/**
 * The contact form's Service list follows the catalogue (decision 057): one option per machine
 * category (its slug, which never changes, is the value), then the fixed options below. The form,
 * the plain HTML form page and the server's check build the list with the same function, so a
 * buyer can only send what they were shown, and a quote link preselects its item's own option.
 * Kept out of the schema modules so the landing page can use it without loading zod.
 */

export interface ContactServiceOption {
  value: string;
  label: string;
}

/** After the machine categories, in this order. `machine` is the category of uncategorised machines. */
export const CONTACT_SERVICE_FIXED_OPTIONS: readonly ContactServiceOption[] = [
  { value: 'machine', label: 'Other machines' },
  { value: 'spare-parts', label: 'Spare parts' },
  { value: 'services', label: 'Engineering services' },
  { value: 'maintenance', label: 'Maintenance & AMC' },
  { value: 'general', label: 'General Inquiry' },
];

/** A machine category may not take one of these slugs: its option would be ambiguous. */
export const RESERVED_CATEGORY_SLUGS: ReadonlySet<string> = new Set(CONTACT_SERVICE_FIXED_OPTIONS.map((o) => o.value));

/**
 * The labels of the fixed list inquiries were stored with before the list followed the catalogue,
 * for rows stored without the label the buyer saw.
 */
export const LEGACY_CONTACT_SERVICE_LABELS: Readonly<Record<string, string>> = {
  'capstan-lathe': 'Capstan Lathe Machines',
  installation: 'Installation Services',
  maintenance: 'Maintenance & Support',
  'custom-machining': 'Custom Machining',
  general: 'General Inquiry',
};

export const CONTACT_SERVICE_UNKNOWN_MESSAGE = 'Choose one of the services in the list';

/** The Service list: each machine category in the order given, then the fixed options. */
export function contactServiceOptions(categories: readonly { slug: string; name: string }[]): ContactServiceOption[] {
  return [
    ...categories
      .filter((category) => !RESERVED_CATEGORY_SLUGS.has(category.slug))
      .map((category) => ({ value: category.slug, label: category.name })),
    ...CONTACT_SERVICE_FIXED_OPTIONS,
  ];
}

/** What staff see for an inquiry's service: the label the buyer saw, else the old list's, else the value. */
export function contactServiceLabel(inquiry: { service: string | null; serviceLabel?: string | null }): string | null {
  if (inquiry.service === null) return null;
  return (
    inquiry.serviceLabel ??
    LEGACY_CONTACT_SERVICE_LABELS[inquiry.service] ??
    CONTACT_SERVICE_FIXED_OPTIONS.find((o) => o.value === inquiry.service)?.label ??
    inquiry.service
  );
}
