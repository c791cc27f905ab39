import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { DELETE_TARGETS, type AnyItemKind } from '../lib/item-kinds';
import { invalidateCatalogue } from '@/lib/catalogue-cache';

/** Beyond the spec: DELETE /api/{products|spareparts|services}/{id} → 204. */
export function deleteItem({ kind, id }: { kind: AnyItemKind; id: string }): Promise<unknown> {
  return api.del(`${DELETE_TARGETS[kind].endpoint}/${encodeURIComponent(id)}`);
}

export function useDeleteItem() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteItem,
    onSuccess: () => invalidateCatalogue(queryClient),
  });
}
