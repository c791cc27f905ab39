import { queryOptions, useQuery } from '@tanstack/react-query';
import {
  catalogueItemsUrl,
  formatSpecification,
  type CatalogueItemsEntry,
  type ImageAsset,
  type ItemAvailability,
  type ImageVariant,
  type Machine,
  type PartThatFits,
  type Service,
  type SparePart,
  type Specification,
  type Locale,
} from '@capstan/shared';
import { api, ApiError } from '@/lib/api-client';
import { inPageLanguage } from '@/lib/content-language';
import { useT } from '@/lib/i18n';
import { isUsableImage } from '@/lib/images';
import type { QuoteItemKind } from '@/lib/quote-link';

/** The details screen's view of a machine, service or spare part. */
export interface ProductDetail {
  kind: QuoteItemKind;
  id: string;
  name: string;
  /** Machine model code, part number or service code (decision 031). */
  code: string | null;
  description: string;
  brand: string | null;
  rating: number | null;
  reviewCount: number | null;
  price: number | null;
  originalPrice: number | null;
  features: string[];
  /** Each row's printed value: typed rows as `38 mm`, text rows as they are. */
  specifications: { key: string; value: string }[];
  /** Machines: the spare parts that fit it, from the details answer itself. */
  partsThatFit: PartThatFits[];
  /** Spare parts: the ids of the machines it fits. */
  fits: string[];
  /** Machines: the category slug, which its Request Quote preselects; null for parts and services. */
  category: string | null;
  /**
   * What it is sold on (decision 051): in stock or made to order (in how many weeks), and the
   * warranty's months; the page words them in its language (`Made to order: 6-8 weeks`,
   * `24-month warranty`, as the chat says them in English). Null for services and older answers.
   */
  terms: { availability: Pick<ItemAvailability, 'status' | 'leadTimeWeeks'>; warrantyMonths: number } | null;
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

function specificationsOf(list: Specification[] | undefined, map: Record<string, string> | undefined) {
  if (list && list.length > 0) return list.map((row) => ({ key: row.key, value: formatSpecification(row) }));
  return Object.entries(map ?? {}).map(([key, value]) => ({ key, value }));
}

function termsOf(item: Pick<Machine, 'availability' | 'warranty'>): ProductDetail['terms'] {
  if (!item.availability || !item.warranty) return null;
  return {
    availability: { status: item.availability.status, leadTimeWeeks: item.availability.leadTimeWeeks },
    warrantyMonths: item.warranty.months,
  };
}

function fromMachine(item: Machine): ProductDetail {
  return {
    kind: 'machine',
    id: item.id,
    name: item.name,
    code: item.code ?? null,
    partsThatFit: item.partsThatFit ?? [],
    fits: [],
    category: item.category ?? null,
    terms: termsOf(item),
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
    code: item.code ?? null,
    partsThatFit: [],
    fits: [],
    category: null,
    terms: null,
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
    code: item.code ?? null,
    partsThatFit: [],
    fits: item.fits ?? [],
    category: null,
    terms: termsOf(item),
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
export async function fetchProductDetail(
  id: string,
  locale: Locale,
  signal?: AbortSignal,
): Promise<ProductDetail | null> {
  const segment = encodeURIComponent(id);
  const url = (path: string) => inPageLanguage(`${path}/${segment}`, locale);
  const attempts = [
    () => api.get<Machine>(url('/api/products'), { signal }).then(fromMachine),
    () => api.get<Service>(url('/api/services'), { signal }).then(fromService),
    () => api.get<SparePart>(url('/api/spareparts'), { signal }).then(fromSparePart),
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

export const productDetailQuery = (id: string, locale: Locale) =>
  queryOptions({
    queryKey: ['product-detail', id, locale],
    queryFn: ({ signal }) => fetchProductDetail(id, locale, signal),
  });

export function useProductDetail(id: string) {
  const { locale } = useT();
  return useQuery(productDetailQuery(id, locale));
}

/** A machine a spare part fits, as its page links to it. */
export interface FittingMachine {
  id: string;
  name: string;
  code: string | null;
}

/**
 * The names and codes of the machines a part fits; the part's JSON carries their ids only. Under the
 * `/api/catalogue` key prefix, so a catalogue write refreshes it (lib/catalogue-cache).
 */
export const fittingMachinesQuery = (ids: readonly string[], locale: Locale) => {
  const url = inPageLanguage(catalogueItemsUrl(ids), locale);
  return queryOptions({
    queryKey: [url],
    queryFn: async ({ signal }): Promise<FittingMachine[]> =>
      (await api.get<CatalogueItemsEntry[]>(url, { signal })).flatMap((entry) =>
        entry.kind === 'machine' ? [{ id: entry.item.id, name: entry.item.name, code: entry.item.code ?? null }] : [],
      ),
  });
};

export function useFittingMachines(ids: readonly string[]) {
  const { locale } = useT();
  return useQuery({ ...fittingMachinesQuery(ids, locale), enabled: ids.length > 0 });
}
