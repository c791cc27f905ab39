import type { ListEntry, Machine, Service, SparePart, Specification } from '@capstan/shared';
import type { ItemRecord } from './catalogue.repository';

const specificationMap = (list: readonly Specification[]): Record<string, string> =>
  Object.fromEntries(list.map((spec) => [spec.key, spec.value]));

function common(item: ItemRecord) {
  return {
    id: item.id,
    name: item.name,
    description: item.description,
    featured: item.featured,
    featuredPosition: item.featured ? item.featuredPosition : null,
    images: item.images.map((image) => image.url),
    imageUrl: item.images[0]?.url ?? null,
    media: item.images,
    createdAt: item.createdAt,
    updatedAt: item.updatedAt,
  };
}

export function toMachine(item: ItemRecord): Machine {
  return {
    ...common(item),
    category: item.category ?? 'machine',
    brand: item.brand,
    price: item.price,
    originalPrice: item.originalPrice,
    rating: item.rating,
    reviewCount: item.reviewCount,
    features: item.features,
    specifications: specificationMap(item.specifications),
    specificationList: item.specifications,
  };
}

export function toSparePart(item: ItemRecord): SparePart {
  return {
    ...common(item),
    price: item.price,
    specs: specificationMap(item.specifications),
    specificationList: item.specifications,
  };
}

export function toService(item: ItemRecord): Service {
  return {
    ...common(item),
    specification: specificationMap(item.specifications),
    specificationList: item.specifications,
  };
}

/** An item as the list calls send it (see ListEntry). */
export function toListEntry<T extends Machine | SparePart | Service>(item: T): ListEntry<T> {
  const { specificationList: _ordered, media, createdAt: _created, updatedAt: _updated, ...rest } = item;
  return { ...rest, media: media.map(({ thumbnailUrl, width, height }) => ({ thumbnailUrl, width, height })) };
}
