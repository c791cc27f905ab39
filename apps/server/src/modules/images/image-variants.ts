import type { ImageVariant } from '@capstan/shared';

/**
 * The sizes every stored image exists in, smallest first. File names derive from the image id
 * alone, so pages can build a srcset from a `/uploads/{id}.webp` URL without asking the server.
 */
export const IMAGE_VARIANTS = [
  { name: 'thumb', edge: 480, suffix: '-thumb', quality: 75 },
  { name: 'medium', edge: 960, suffix: '-960', quality: 80 },
  { name: 'large', edge: 1600, suffix: '', quality: 82 },
] as const;

export type ImageVariantSpec = (typeof IMAGE_VARIANTS)[number];
export type ImageVariantName = ImageVariantSpec['name'];

/** The variants made from the large file (the large one is made from the upload itself). */
export const DERIVED_VARIANTS = IMAGE_VARIANTS.filter(
  (variant): variant is Exclude<ImageVariantSpec, { name: 'large' }> => variant.name !== 'large',
);

export const THUMB_VARIANT = IMAGE_VARIANTS[0];
export const LARGE_VARIANT = IMAGE_VARIANTS[2];

export interface Size {
  width: number;
  height: number;
}

/**
 * The size of a picture scaled to fit a square of `edge` pixels, never enlarged. The pipeline
 * writes the derived sizes at exactly these dimensions, so the API can state a variant's real
 * width from the large size alone, without decoding anything per request.
 */
export function fitInside({ width, height }: Size, edge: number): Size {
  const longest = Math.max(width, height);
  if (longest <= edge) return { width, height };
  const scale = edge / longest;
  return {
    width: width >= height ? edge : Math.max(1, Math.round(width * scale)),
    height: height > width ? edge : Math.max(1, Math.round(height * scale)),
  };
}

export const variantFileName = (id: string, variant: ImageVariantSpec) => `${id}${variant.suffix}.webp`;
export const variantUrl = (id: string, variant: ImageVariantSpec) => `/uploads/${variantFileName(id, variant)}`;

const LARGE_FILE = /^([a-f0-9-]{36})\.webp$/;

/** `{uuid}.webp` → the image id; any other name (a smaller size, a stray file) → null. */
export function idOfLargeFile(name: string): string | null {
  return LARGE_FILE.exec(name)?.[1] ?? null;
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
