import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ImageAsset, ImageVariant, Machine, Service, SparePart } from '@capstan/shared';
import { api, ApiError } from '@/lib/api-client';
import { isUsableImage } from '@/lib/images';
import type { QuoteItemKind } from '@/lib/quote-link';

/** The details screen's view of a machine, service or spare part. */
export interface ProductDetail {
  kind: QuoteItemKind;
  id: string;
  name: string;
  description: string;
  brand: string | null;
  rating: number | null;
  reviewCount: number | null;
  price: number | null;
  originalPrice: number | null;
  features: string[];
  specifications: { key: string; value: string }[];
  /** Usable large images in order, with their thumbnails when the server has them. */
  images: {
    url: string;
    thumbnailUrl: string | null;
    /** The stored sizes, so the gallery can offer the right one (absent for external images). */
    width?: number;
    height?: number;
    variants?: ImageVariant[];
  }[];
}

function galleryImages(images: readonly string[] | undefined, media: readonly ImageAsset[] | undefined) {
  return (images ?? []).filter(isUsableImage).map((url) => {
    const asset = media?.find((entry) => entry.url === url);
    return {
      url,
      thumbnailUrl: asset && isUsableImage(asset.thumbnailUrl) ? asset.thumbnailUrl : null,
      width: asset?.width,
      height: asset?.height,
      variants: asset?.variants,
    };
  });
}

function specificationsOf(list: { key: string; value: string }[] | undefined, map: Record<string, string> | undefined) {
  if (list && list.length > 0) return list;
  return Object.entries(map ?? {}).map(([key, value]) => ({ key, value }));
}

function fromMachine(item: Machine): ProductDetail {
  return {
    kind: 'machine',
    id: item.id,
    name: item.name,
    description: item.description,
    brand: item.brand ?? null,
    rating: item.rating ?? null,
    reviewCount: item.reviewCount ?? null,
    price: item.price ?? null,
    originalPrice: item.originalPrice ?? null,
    features: item.features ?? [],
    specifications: specificationsOf(item.specificationList, item.specifications),
    images: galleryImages(item.images, item.media),
  };
}

function fromService(item: Service): ProductDetail {
  return {
    kind: 'service',
    id: item.id,
    name: item.name,
    description: item.description,
    brand: null,
    rating: null,
    reviewCount: null,
    price: null,
    originalPrice: null,
    features: [],
    specifications: specificationsOf(item.specificationList, item.specification),
    images: galleryImages(item.images, item.media),
  };
}

function fromSparePart(item: SparePart): ProductDetail {
  return {
    kind: 'spare',
    id: item.id,
    name: item.name,
    description: item.description,
    brand: null,
    rating: null,
    reviewCount: null,
    price: item.price ?? null,
    originalPrice: null,
    features: [],
    specifications: specificationsOf(item.specificationList, item.specs),
    images: galleryImages(item.images, item.media),
  };
}

/**
 * SPEC §7: try products, then services, then spare parts, one after another; the first OK
 * answer wins. A failed answer (404: not that kind) moves on; null when none has it.
 */
export async function fetchProductDetail(id: string, signal?: AbortSignal): Promise<ProductDetail | null> {
  const segment = encodeURIComponent(id);
  const attempts = [
    () => api.get<Machine>(`/api/products/${segment}`, { signal }).then(fromMachine),
    () => api.get<Service>(`/api/services/${segment}`, { signal }).then(fromService),
    () => api.get<SparePart>(`/api/spareparts/${segment}`, { signal }).then(fromSparePart),
  ];
  for (const attempt of attempts) {
    try {
      return await attempt();
    } catch (error) {
      if (signal?.aborted || !(error instanceof ApiError)) throw error;
    }
  }
  return null;
}

export const productDetailQuery = (id: string) =>
  queryOptions({
    queryKey: ['product-detail', id],
    queryFn: ({ signal }) => fetchProductDetail(id, signal),
  });

export function useProductDetail(id: string) {
  return useQuery(productDetailQuery(id));
}
