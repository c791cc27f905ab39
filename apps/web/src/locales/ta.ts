import { flattenCatalogue, type NamespacedCatalogue } from '@/lib/i18n/messages';

/** The Tamil catalogue, a chunk of its own that only Tamil pages load. */
const files = import.meta.glob<NamespacedCatalogue[string]>(
  // The namespaces of one kind of page or part load with it (lib/i18n/route-messages.ts).
  [
    './ta/*.json',
    '!./ta/{catalogue,chatWindow,compare,inquiryForm,login,product,quoteList,reviewForm,service,validation}.json',
  ],
  { eager: true, import: 'default' },
);
export const messages = flattenCatalogue(files);
