import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { catalogueItemsUrl, listQueryString, type CatalogueItemsEntry, type MachineListEntry } from '@capstan/shared';
import { api } from '@/lib/api-client';

/** A machine as the Fits picker shows it. */
export interface MachineOption {
  id: string;
  name: string;
  code: string | null;
}

const PICKER_PAGE = 20;

const toOption = (machine: Pick<MachineListEntry, 'id' | 'name' | 'code'>): MachineOption => ({
  id: machine.id,
  name: machine.name,
  code: machine.code ?? null,
});

/** Machines of every category matching the picker's search (name or code), one short page. */
export function machineSearchQuery(term: string) {
  const url = `/api/products?${listQueryString({ q: term, limit: PICKER_PAGE })}`;
  return queryOptions({
    queryKey: [url],
    queryFn: async ({ signal }) => (await api.list<MachineListEntry>(url, { signal })).items.map(toOption),
  });
}

export function useMachineSearch(term: string) {
  return useQuery({ ...machineSearchQuery(term), placeholderData: keepPreviousData });
}

/** The names and codes of the machines a part already fits (the part's JSON carries their ids only). */
export function useMachinesByIds(ids: readonly string[]) {
  const url = catalogueItemsUrl(ids);
  return useQuery({
    queryKey: [url],
    queryFn: ({ signal }) => api.get<CatalogueItemsEntry[]>(url, { signal }),
    enabled: ids.length > 0,
    select: (entries) => entries.flatMap((entry) => (entry.kind === 'machine' ? [toOption(entry.item)] : [])),
  });
}
