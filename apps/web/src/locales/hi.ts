import { flattenCatalogue, type NamespacedCatalogue } from '@/lib/i18n/messages';

/** The Hindi catalogue, a chunk of its own that only Hindi pages load. */
const files = import.meta.glob<NamespacedCatalogue[string]>(
  // The service pages' namespace loads with their routes (lib/i18n/route-messages.ts).
  ['./hi/*.json', '!./hi/service.json'],
  { eager: true, import: 'default' },
);
export const messages = flattenCatalogue(files);
