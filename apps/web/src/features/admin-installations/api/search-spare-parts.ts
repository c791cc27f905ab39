import { useQuery } from '@tanstack/react-query';
import { listQueryString, type SparePartListEntry } from '@capstan/shared';
import { api } from '@/lib/api-client';

const SPARE_PARTS_URL = '/api/spareparts';

/** Enough to choose from while typing; a longer list means the search needs another word. */
export const PART_PICKER_LIMIT = 8;

export const sparePartSearchUrl = (q: string) =>
  `${SPARE_PARTS_URL}?${listQueryString({ q, limit: PART_PICKER_LIMIT })}`;

/** The catalogue's own search (name, description, code) for a visit's parts used: one small page. */
export function useSparePartSearch(q: string) {
  const url = sparePartSearchUrl(q);
  return useQuery({
    queryKey: [url, 'installation-parts'],
    queryFn: async ({ signal }) => (await api.list<SparePartListEntry>(url, { signal })).items,
    enabled: q.trim() !== '',
  });
}
