/**
 * Which option of the contact form's Service list (contact-services.ts) a quote link preselects.
 * Its own module: every page builds quote links, and only the form needs the list itself.
 */
export type QuoteItemKind = 'machine' | 'spare' | 'service';

const MAINTENANCE_SERVICE = /maintenance|\bamc\b|breakdown|repair/i;

/**
 * The option a Request Quote from this item preselects: a machine its own category (`machine`,
 * Other machines, for an uncategorised one; General Inquiry when the caller does not know it,
 * rather than a category that may be wrong), a spare part Spare parts, a maintenance, AMC or
 * repair service Maintenance & AMC, any other service Engineering services.
 */
export function quoteServiceFor(kind: QuoteItemKind, name: string, category?: string | null): string {
  if (kind === 'machine') return category && category.trim() !== '' ? category : 'general';
  if (kind === 'spare') return 'spare-parts';
  return MAINTENANCE_SERVICE.test(name) ? 'maintenance' : 'services';
}
