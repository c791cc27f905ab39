import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MachineListEntry } from '@capstan/shared';
import { api } from '@/lib/api-client';

export interface MachineChoice {
  id: string;
  name: string;
  code: string | null;
}

// Every machine (`category=machine` answers all of them) by name, one default page (LIST_PAGE_LIMIT):
// a maker lists tens of models, not thousands.
const MACHINE_CHOICES_URL = '/api/products?category=machine';

/** Issue 19: the machines the spare-parts tab can be narrowed to ("Parts for NP-38"). */
export const machineChoicesQuery = queryOptions({
  queryKey: [MACHINE_CHOICES_URL],
  queryFn: async ({ signal }): Promise<MachineChoice[]> =>
    (await api.list<MachineListEntry>(MACHINE_CHOICES_URL, { signal })).items.map((machine) => ({
      id: machine.id,
      name: machine.name,
      code: machine.code ?? null,
    })),
});

export function useMachineChoices(enabled: boolean) {
  return useQuery({ ...machineChoicesQuery, enabled });
}

/** How a machine is named in the filter: its code when it has one ("Parts for NP-38"), else its name. */
export const machineLabel = (machine: MachineChoice) => machine.code ?? machine.name;
