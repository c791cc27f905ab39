import { z } from './zod';

/** More than any landing page needs placed; bounds the work one request can ask for. */
export const FEATURED_ORDER_MAX = 1000;

/** PUT /api/featured/order: featured item ids (any kind) in the order the landing page shows them. */
export const featuredOrderSchema = z
  .object({
    ids: z
      .array(z.uuid({ message: 'Each id must be an item id' }))
      .max(FEATURED_ORDER_MAX, { message: `At most ${FEATURED_ORDER_MAX} items can be placed` })
      .refine((ids) => new Set(ids).size === ids.length, { message: 'An item is listed twice' }),
  })
  .strict();
export type FeaturedOrderInput = z.infer<typeof featuredOrderSchema>;
