import type { MachineListEntry, ServiceListEntry, SparePartListEntry } from '@capstan/shared';
import type { AdminProductType } from './product-types';

/** SPEC §3 featured-list entry (client view). */
export interface FeaturedEntry {
  /** Unique across the three kinds: ids only need to be unique within one. */
  key: string;
  id: string;
  name: string;
  description: string;
  category: string;
  featured: boolean;
  type: AdminProductType;
}

const capitalise = (value: string) => (value === '' ? value : value[0]!.toUpperCase() + value.slice(1));

export const entryKey = (type: AdminProductType, id: string) => `${type}:${id}`;

/** SPEC §3: category is the machine's own (capitalised) or 'Machine'; 'Spare Part'; 'Service'. */
export function toFeaturedEntries(
  machines: MachineListEntry[],
  spares: SparePartListEntry[],
  services: ServiceListEntry[],
): FeaturedEntry[] {
  return [
    ...machines.map((m) => ({
      key: entryKey('machine', m.id),
      id: m.id,
      name: m.name,
      description: m.description,
      category: m.category.trim() !== '' ? capitalise(m.category.trim()) : 'Machine',
      featured: m.featured,
      type: 'machine' as const,
    })),
    ...spares.map((s) => ({
      key: entryKey('spare', s.id),
      id: s.id,
      name: s.name,
      description: s.description,
      category: 'Spare Part',
      featured: s.featured,
      type: 'spare' as const,
    })),
    ...services.map((s) => ({
      key: entryKey('service', s.id),
      id: s.id,
      name: s.name,
      description: s.description,
      category: 'Service',
      featured: s.featured,
      type: 'service' as const,
    })),
  ];
}
