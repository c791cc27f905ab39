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

/**
 * The catalogue's machines as a choice: the spare-parts tab's "Parts for NP-38" and the review
 * form's "Which machine is this about?". One query, so a page showing both asks once.
 */
export const machineChoicesQuery = queryOptions({
  queryKey: [MACHINE_CHOICES_URL],
  queryFn: async ({ signal }): Promise<MachineChoice[]> =>
    (await api.list<MachineListEntry>(MACHINE_CHOICES_URL, { signal })).items.map((machine) => ({
      id: machine.id,
      name: machine.name,
      code: machine.code ?? null,
    })),
});

export function useMachineChoices(enabled = true) {
  return useQuery({ ...machineChoicesQuery, enabled });
}
