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
