import { useQuery } from '@tanstack/react-query';
import { listQueryString, type SparePartListEntry } from '@capstan/shared';
import { api } from '@/lib/api-client';

/** Enough to choose from while typing; a longer list means the search needs another word. */
const PART_PICKER_LIMIT = 8;

/** The catalogue's own search (name, description, code) over spare parts: one small page, for a picker. */
export function useSparePartSearch(q: string) {
  const url = `/api/spareparts?${listQueryString({ q, limit: PART_PICKER_LIMIT })}`;
  return useQuery({
    queryKey: [url, 'part-picker'],
    queryFn: async ({ signal }) => (await api.list<SparePartListEntry>(url, { signal })).items,
    enabled: q !== '',
  });
}
