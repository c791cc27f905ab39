import { fitInside, IMAGE_SIZES, type ImageSize, type ImageVariant } from '@capstan/shared';

/** WebP quality per size: a small picture shows compression less. */
const QUALITY = { thumb: 75, medium: 80, large: 82 } as const;

/** The stored sizes (shared with the web app, which builds srcsets from them) with their quality. */
export const IMAGE_VARIANTS = [
  { ...IMAGE_SIZES[0], quality: QUALITY.thumb },
  { ...IMAGE_SIZES[1], quality: QUALITY.medium },
  { ...IMAGE_SIZES[2], quality: QUALITY.large },
] as const;

export type ImageVariantSpec = (typeof IMAGE_VARIANTS)[number];
export type ImageVariantName = ImageVariantSpec['name'];

/** The variants made from the large file (the large one is made from the upload itself). */
export const DERIVED_VARIANTS = IMAGE_VARIANTS.filter(
  (variant): variant is Exclude<ImageVariantSpec, { name: 'large' }> => variant.name !== 'large',
);

export const THUMB_VARIANT = IMAGE_VARIANTS[0];
export const LARGE_VARIANT = IMAGE_VARIANTS[2];

export type Size = ImageSize;
export { fitInside };

export const variantFileName = (id: string, variant: ImageVariantSpec) => `${id}${variant.suffix}.webp`;
export const variantUrl = (id: string, variant: ImageVariantSpec) => `/uploads/${variantFileName(id, variant)}`;

const ANY_SIZE_FILE = new RegExp(
  `^([a-f0-9-]{36})(?:${IMAGE_VARIANTS.map((variant) => variant.suffix.replace(/[^a-z0-9]/gi, '\\$&')).join('|')})\\.webp$`,
);

/** `{uuid}{suffix}.webp` of any stored size → the image id; any other name → null. */
export function idOfImageFile(name: string): string | null {
  return ANY_SIZE_FILE.exec(name)?.[1] ?? null;
}

/** What an images row knows about its sizes. */
export interface StoredImageSizes {
  id: string;
  width: number;
  height: number;
  thumb_width: number;
  thumb_height: number;
}

/**
 * One entry per stored file, smallest first. The thumbnail's size is the stored one (older
 * thumbnails were scaled from the original upload); the medium size is derived as written.
 */
export function variantsOf(image: StoredImageSizes): ImageVariant[] {
  const large = { width: image.width, height: image.height };
  return IMAGE_VARIANTS.map((variant) => {
    const size =
      variant.name === 'large'
        ? large
        : variant.name === 'thumb'
          ? { width: image.thumb_width, height: image.thumb_height }
          : fitInside(large, variant.edge);
    return { url: variantUrl(image.id, variant), ...size };
  });
}
