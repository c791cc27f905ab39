import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { itemUrl } from '../lib/product-types';
import { invalidateCatalogue } from '@/lib/catalogue-cache';

export interface DeleteCatalogueItemInput {
  endpoint: string;
  id: string;
}

/** DELETE /api/{products|spareparts|services}/{id} → 204; the server also removes the images. */
export function deleteCatalogueItem({ endpoint, id }: DeleteCatalogueItemInput): Promise<void> {
  return api.del<void>(itemUrl(endpoint, id));
}

export function useDeleteCatalogueItem() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteCatalogueItem,
    onSettled: () => invalidateCatalogue(queryClient),
  });
}
