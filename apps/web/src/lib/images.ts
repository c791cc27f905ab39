import { fitInside, IMAGE_SIZES, type ImageSize, type ImageVariant } from '@capstan/shared';
import machinePlaceholder from '@/assets/placeholder-machine.svg';
import partPlaceholder from '@/assets/placeholder-part.svg';

/** SPEC §9: one placeholder for machines, one for parts. */
export const PLACEHOLDER_IMAGES = {
  machine: machinePlaceholder,
  part: partPlaceholder,
} as const;

export type PlaceholderKind = keyof typeof PLACEHOLDER_IMAGES;

type ImageValue = string | null | undefined;

/**
 * SPEC §3 says an image is usable only when it starts with http; ARCHITECTURE adds
 * root-relative `/uploads/` paths because this server stores uploaded images itself.
 * `http://`/`https://` are required in full so a relative name like "httpfoo.png" is not
 * mistaken for a URL.
 */
export function isUsableImage(value: ImageValue): value is string {
  if (typeof value !== 'string') return false;
  return /^https?:\/\//i.test(value) || value.startsWith('/uploads/');
}

export function imageOrPlaceholder(value: ImageValue, kind: PlaceholderKind = 'machine'): string {
  return isUsableImage(value) ? value : PLACEHOLDER_IMAGES[kind];
}

export function firstUsableImage(
  list: readonly ImageValue[] | null | undefined,
  kind: PlaceholderKind = 'machine',
): string {
  return list?.find(isUsableImage) ?? PLACEHOLDER_IMAGES[kind];
}

export function usableImages(list: readonly ImageValue[] | null | undefined): string[] {
  return list ? list.filter(isUsableImage) : [];
}

export type { ImageVariant, ImageSize };
export { fitInside };

/** The largest stored size a card offers: a 1600 px file is never worth it for a card. */
export const CARD_MAX_EDGE = 960;

const UPLOAD_URL = /^\/uploads\/([a-f0-9-]{36})(?:-thumb|-960)?\.webp$/;

/**
 * The stored sizes of an upload, from any of its URLs. With the large size known the widths are
 * the stored ones; without it (featured items carry bare URLs) each size's edge stands in for its
 * width, which is exact for landscape photos of 1600 px or more. External URLs: null.
 */
export function uploadVariants(url: string, large?: ImageSize | null): ImageVariant[] | null {
  const id = UPLOAD_URL.exec(url)?.[1];
  if (!id) return null;
  return IMAGE_SIZES.map(({ suffix, edge }) => ({
    url: `/uploads/${id}${suffix}.webp`,
    ...(large ? fitInside(large, edge) : { width: edge, height: 0 }),
  }));
}

/**
 * A srcset of w descriptors, leaving out sizes whose longest edge is above `maxEdge` and sizes
 * that repeat a width (a small picture is stored at the same size three times). Undefined when
 * there is no choice to offer.
 */
export function srcSetOf(variants: readonly ImageVariant[] | null | undefined, maxEdge = Infinity): string | undefined {
  const seen = new Set<number>();
  const candidates: string[] = [];
  for (const variant of variants ?? []) {
    if (variant.width <= 0 || Math.max(variant.width, variant.height) > maxEdge || seen.has(variant.width)) continue;
    seen.add(variant.width);
    candidates.push(`${variant.url} ${variant.width}w`);
  }
  return candidates.length > 1 ? candidates.join(', ') : undefined;
}

/**
 * `sizes` for each place a picture is shown, from the CSS of those layouts (Tailwind
 * breakpoints sm 640, lg 1024, xl 1280; container paddings 16/24 px; grid gaps):
 * - catalogue grid: 1 column, 2 from sm, sidebar (16rem + 2rem gap) from lg, 3 columns from xl
 *   inside max-w-7xl (1280 − 48 − 288 = 944 px → (944 − 48) / 3 ≈ 299 px);
 * - catalogue list: size-20 (80 px), sm:size-28 (112 px);
 * - featured cards: 1 / 2 / 3 columns (gap 24) inside max-w-6xl, 352 px at most;
 * - details main image: full width, then half of max-w-7xl with a 48 px gap from lg (592 px at most);
 * - gallery thumbnails: 4 columns of that (gap 8), 5 from sm;
 * - hero picture: full width under the text, then the right 5/12 of max-w-6xl (minus paddings 48
 *   and gap 48) from lg ((1152 − 96) × 5 / 12 = 440 px at most).
 */
export const IMAGE_LAYOUTS = {
  catalogueGrid: {
    sizes:
      '(min-width: 1280px) 299px, (min-width: 1024px) calc(50vw - 180px), (min-width: 640px) calc(50vw - 32px), calc(100vw - 32px)',
    maxEdge: CARD_MAX_EDGE,
  },
  catalogueList: { sizes: '(min-width: 640px) 112px, 80px', maxEdge: CARD_MAX_EDGE },
  featuredCard: {
    sizes:
      '(min-width: 1152px) 352px, (min-width: 1024px) calc(33.33vw - 32px), (min-width: 640px) calc(50vw - 36px), calc(100vw - 32px)',
    maxEdge: CARD_MAX_EDGE,
  },
  detailsMain: {
    sizes:
      '(min-width: 1280px) 592px, (min-width: 1024px) calc(50vw - 48px), (min-width: 640px) calc(100vw - 48px), calc(100vw - 32px)',
    maxEdge: Infinity,
  },
  galleryThumb: {
    sizes:
      '(min-width: 1280px) 112px, (min-width: 1024px) calc(10vw - 16px), (min-width: 640px) calc(20vw - 16px), calc(25vw - 14px)',
    maxEdge: CARD_MAX_EDGE,
  },
  heroPicture: {
    sizes:
      '(min-width: 1152px) 440px, (min-width: 1024px) calc(41.67vw - 40px), (min-width: 640px) calc(100vw - 48px), calc(100vw - 32px)',
    maxEdge: Infinity,
  },
} as const satisfies Record<string, { sizes: string; maxEdge: number }>;

export type ImageLayout = keyof typeof IMAGE_LAYOUTS;

/** The `<img>` attributes that pick a size: srcset and sizes only when there is a choice. */
export function responsiveAttributes(
  src: string,
  layout: ImageLayout,
  known?: { large?: ImageSize | null; variants?: readonly ImageVariant[] | null },
): { srcSet?: string; sizes?: string } {
  const variants = known?.variants?.length ? known.variants : uploadVariants(src, known?.large);
  const srcSet = srcSetOf(variants, IMAGE_LAYOUTS[layout].maxEdge);
  return srcSet ? { srcSet, sizes: IMAGE_LAYOUTS[layout].sizes } : {};
}

/** Above the fold (the details page's main image, the first catalogue row) or not. */
export function loadingAttributes(priority: boolean | undefined) {
  return priority
    ? ({ loading: 'eager', fetchPriority: 'high' } as const)
    : ({ loading: 'lazy', decoding: 'async' } as const);
}
