import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Locale, MachineListEntry } from '@capstan/shared';
import { api } from '@/lib/api-client';
import { inPageLanguage } from '@/lib/content-language';
import { useT } from '@/lib/i18n';

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
export const machineChoicesQuery = (locale: Locale) => {
  const url = inPageLanguage(MACHINE_CHOICES_URL, locale);
  return queryOptions({
    queryKey: [url],
    queryFn: async ({ signal }): Promise<MachineChoice[]> =>
      (await api.list<MachineListEntry>(url, { signal })).items.map((machine) => ({
        id: machine.id,
        name: machine.name,
        code: machine.code ?? null,
      })),
  });
};

/** The machines in the page's language; the back office (English provider) reads them in English. */
export function useMachineChoices(enabled = true) {
  const { locale } = useT();
  return useQuery({ ...machineChoicesQuery(locale), enabled });
}
