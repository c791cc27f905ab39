import { useQuery } from '@tanstack/react-query';
import { listQueryString, type SparePartListEntry } from '@capstan/shared';
import { api } from '@/lib/api-client';

const SPARE_PARTS_URL = '/api/spareparts';

/** Enough to choose from while typing; more means the search needs another word. */
export const PART_PICKER_LIMIT = 8;

/** The catalogue's spare parts by name, description or code, for the report's parts used. */
export function useSparePartSearch(q: string) {
  const url = `${SPARE_PARTS_URL}?${listQueryString({ q, limit: PART_PICKER_LIMIT })}`;
  return useQuery({
    queryKey: [url, 'service-report-parts'],
    queryFn: async ({ signal }) => (await api.list<SparePartListEntry>(url, { signal })).items,
    enabled: q !== '',
  });
}
