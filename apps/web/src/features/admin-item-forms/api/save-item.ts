import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Machine, SparePart } from '@capstan/shared';
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
export function saveItem({ kind, id, body }: SaveItemVariables): Promise<Machine | SparePart> {
  const config = ITEM_KINDS[kind];
  return id === undefined
    ? api.post<Machine | SparePart>(config.endpoint, body)
    : api.put<Machine | SparePart>(config.updatePath(id), body);
}

export function useSaveItem() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveItem,
    onSuccess: () => invalidateCatalogue(queryClient),
  });
}
