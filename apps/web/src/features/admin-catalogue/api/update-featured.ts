import { api } from '@/lib/api-client';
import { ENDPOINTS, itemUrl, type AdminProductType } from '../lib/product-types';

export interface FeaturedChange {
  type: AdminProductType;
  id: string;
  featured: boolean;
}

/** SPEC §7 Save Changes: PUT /api/{products|spareparts|services}/{id} with JSON {featured} only. */
export function updateFeatured({ type, id, featured }: FeaturedChange): Promise<unknown> {
  return api.put<unknown>(itemUrl(ENDPOINTS[type], id), { featured });
}
