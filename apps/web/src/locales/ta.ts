import { flattenCatalogue, type NamespacedCatalogue } from '@/lib/i18n/messages';

/** The Tamil catalogue, a chunk of its own that only Tamil pages load. */
const files = import.meta.glob<NamespacedCatalogue[string]>(
  // Not the on-demand folder: those namespaces load with the page or part that uses them
  // (lib/i18n/route-messages.ts).
  './ta/*.json',
  { eager: true, import: 'default' },
);
export const messages = flattenCatalogue(files);
