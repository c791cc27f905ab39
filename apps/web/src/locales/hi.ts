import { flattenCatalogue, type NamespacedCatalogue } from '@/lib/i18n/messages';

/** The Hindi catalogue, a chunk of its own that only Hindi pages load. */
const files = import.meta.glob<NamespacedCatalogue[string]>(
  // The namespaces of one kind of page load with their routes (lib/i18n/route-messages.ts).
  ['./hi/*.json', '!./hi/{catalogue,compare,login,product,service}.json'],
  { eager: true, import: 'default' },
);
export const messages = flattenCatalogue(files);
