import type { MachineListEntry, ServiceListEntry, SparePartListEntry } from '@capstan/shared';

/** SPEC §3 featured-list type tags; also the three kinds the admin lists manage. */
export type AdminProductType = 'machine' | 'spare' | 'service';

export interface AdminItemByType {
  machine: MachineListEntry;
  spare: SparePartListEntry;
  service: ServiceListEntry;
}

export type AdminItem = MachineListEntry | SparePartListEntry | ServiceListEntry;

/** The collection endpoint of each kind (SPEC §7); item calls append `/{id}`. */
export const ENDPOINTS: Record<AdminProductType, string> = {
  machine: '/api/products',
  spare: '/api/spareparts',
  service: '/api/services',
};

export const itemUrl = (endpoint: string, id: string) => `${endpoint}/${encodeURIComponent(id)}`;
