import {
  DEFAULT_MACHINE_CATEGORY,
  effectiveItemTerms,
  formatSpecification,
  type ItemTermsDefaults,
  type ListEntry,
  type Machine,
  type Service,
  type SparePart,
  type Specification,
} from '@capstan/shared';
import type { ItemRecord } from './catalogue.repository';
import { plainValuesOf } from './plain-fields';

const specificationMap = (list: readonly Specification[]): Record<string, string> =>
  Object.fromEntries(list.map((spec) => [spec.key, formatSpecification(spec)]));

function common(item: ItemRecord) {
  return {
    id: item.id,
    name: item.name,
    code: item.code,
    description: item.description,
    featured: item.featured,
    featuredPosition: item.featured ? item.featuredPosition : null,
    images: item.images.map((image) => image.url),
    imageUrl: item.images[0]?.url ?? null,
    media: item.images,
    createdAt: item.createdAt,
    updatedAt: item.updatedAt,
    translations: item.translations,
  };
}

/**
 * An item's terms in force: its own, or `defaults` of its kind (decision 051). Every mapper of a
 * machine or part takes the defaults, so no answer can leave them out or invent them.
 */
type Defaults = Pick<ItemTermsDefaults, 'machine' | 'spare'>;

export function toMachine(item: ItemRecord, defaults: Defaults): Machine {
  return { ...machineOf(item), ...effectiveItemTerms(item.terms, defaults.machine) };
}

export function toSparePart(item: ItemRecord, defaults: Defaults): SparePart {
  return { ...sparePartOf(item), ...effectiveItemTerms(item.terms, defaults.spare) };
}

/** List entries carry no terms (see ListEntry), so they need no defaults. */
export const toMachineListEntry = (item: ItemRecord) => toListEntry(machineOf(item));
export const toSparePartListEntry = (item: ItemRecord) => toListEntry(sparePartOf(item));

function machineOf(item: ItemRecord): Machine {
  return {
    ...common(item),
    category: item.category ?? DEFAULT_MACHINE_CATEGORY,
    ...plainValuesOf('machine', item),
    rating: item.rating,
    reviewCount: item.reviewCount,
    specifications: specificationMap(item.specifications),
    specificationList: item.specifications,
    partsThatFit: item.partsThatFit,
  };
}

function sparePartOf(item: ItemRecord): SparePart {
  return {
    ...common(item),
    ...plainValuesOf('spare', item),
    specs: specificationMap(item.specifications),
    specificationList: item.specifications,
    fits: item.fits,
  };
}

export function toService(item: ItemRecord): Service {
  return {
    ...common(item),
    ...plainValuesOf('service', item),
    specification: specificationMap(item.specifications),
    specificationList: item.specifications,
  };
}

/** An item as the list calls send it (see ListEntry). */
export function toListEntry<T extends Machine | SparePart | Service>(item: T): ListEntry<T> {
  const {
    specificationList: _ordered,
    media,
    createdAt: _created,
    updatedAt: _updated,
    // A machine's parts and an item's terms are for its details page only; its HSN/SAC code and
    // GST rate for quotations, which read the item by id.
    partsThatFit: _parts,
    availability: _availability,
    warranty: _warranty,
    hsnCode: _hsnCode,
    gstRate: _gstRate,
    ...rest
  } = item as T & { partsThatFit?: unknown; availability?: unknown; warranty?: unknown };
  return {
    ...rest,
    media: media.map(({ thumbnailUrl, width, height }) => ({ thumbnailUrl, width, height })),
  } as ListEntry<T>;
}
