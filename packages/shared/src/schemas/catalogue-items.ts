import { z } from './zod';
import { CATALOGUE_ITEMS_MAX_IDS } from '../catalogue-items';
import { idSchema } from './common';
import { contentLanguageSchema } from './list-query';

/** `GET /api/catalogue/items?ids=…`: comma-separated item ids, at least one. */
export const catalogueItemsQuerySchema = z.strictObject({
  ids: z
    .string({ message: 'ids is required' })
    .transform((text) => [...new Set(text.split(',').map((id) => id.trim()))].filter((id) => id !== ''))
    .pipe(
      z
        .array(idSchema)
        .min(1, { message: 'ids must name at least one item' })
        .max(CATALOGUE_ITEMS_MAX_IDS, { message: `ids may name at most ${CATALOGUE_ITEMS_MAX_IDS} items` }),
    ),
  lang: contentLanguageSchema.optional(),
});
export type CatalogueItemsQuery = z.output<typeof catalogueItemsQuerySchema>;
