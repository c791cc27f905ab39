import { flattenCatalogue, type NamespacedCatalogue } from '@/lib/i18n/messages';

/** The back office's Tamil messages, a chunk loaded only when a person chose Tamil. */
const files = import.meta.glob<NamespacedCatalogue[string]>('./admin/ta/*.json', { eager: true, import: 'default' });
export const messages = flattenCatalogue(files);
