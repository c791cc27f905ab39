import { flattenCatalogue, type NamespacedCatalogue } from '@/lib/i18n/messages';

/** The back office's Hindi messages, a chunk loaded only when a person chose Hindi. */
const files = import.meta.glob<NamespacedCatalogue[string]>('./admin/hi/*.json', { eager: true, import: 'default' });
export const messages = flattenCatalogue(files);
