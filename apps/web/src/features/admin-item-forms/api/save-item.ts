import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { ITEM_KINDS, type ItemKind } from '../lib/item-kinds';
import { invalidateCatalogue } from '@/lib/catalogue-cache';

export interface SaveItemVariables {
  kind: ItemKind;
  /** Absent: create. */
  id?: string;
  body: FormData;
}

/** SPEC §7: POST /api/products | PUT /api/products/{id} | POST /api/spareparts | PUT /api/spareparts/{id}/full. */
export function saveItem({ kind, id, body }: SaveItemVariables): Promise<unknown> {
  const config = ITEM_KINDS[kind];
  return id === undefined ? api.post(config.endpoint, body) : api.put(config.updatePath(id), body);
}

export function useSaveItem() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveItem,
    onSuccess: () => invalidateCatalogue(queryClient),
  });
}
