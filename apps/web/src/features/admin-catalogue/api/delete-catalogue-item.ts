import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { itemUrl } from '../lib/product-types';
import { invalidateCatalogue } from '@/lib/catalogue-cache';
import { savedItemKey } from './get-saved-item';

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
    // A "Just saved" notice of this item goes with it.
    onSuccess: (_, { endpoint, id }) => queryClient.setQueryData(savedItemKey(endpoint, id), null),
    onSettled: () => invalidateCatalogue(queryClient),
  });
}
