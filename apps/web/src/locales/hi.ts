import { flattenCatalogue, type NamespacedCatalogue } from '@/lib/i18n/messages';

/** The Hindi catalogue, a chunk of its own that only Hindi pages load. */
const files = import.meta.glob<NamespacedCatalogue[string]>(
  // Not the on-demand folder: those namespaces load with the page or part that uses them
  // (lib/i18n/route-messages.ts).
  './hi/*.json',
  { eager: true, import: 'default' },
);
export const messages = flattenCatalogue(files);
