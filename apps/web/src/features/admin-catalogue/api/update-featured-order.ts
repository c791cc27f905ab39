import type { FeaturedOrderInput } from '@capstan/shared';
import { api } from '@/lib/api-client';

/** Staff's landing-page order: featured item ids, first shown first (decision 013). */
export function updateFeaturedOrder(input: FeaturedOrderInput): Promise<unknown> {
  return api.put<unknown>('/api/featured/order', input);
}
