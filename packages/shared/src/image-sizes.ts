/**
 * The sizes every stored image exists in, smallest first. File names derive from the image id
 * alone (`{id}{suffix}.webp`), so pages can build a srcset from a `/uploads/{id}.webp` URL.
 */
export const IMAGE_SIZES = [
  { name: 'thumb', edge: 480, suffix: '-thumb' },
  { name: 'medium', edge: 960, suffix: '-960' },
  { name: 'large', edge: 1600, suffix: '' },
] as const;

export interface ImageSize {
  width: number;
  height: number;
}

/**
 * The size of a picture scaled to fit a square of `edge` pixels, never enlarged. The server
 * writes the smaller sizes at exactly these dimensions, so both sides can state a size's real
 * width from the large size alone, without decoding anything.
 */
export function fitInside({ width, height }: ImageSize, edge: number): ImageSize {
  const longest = Math.max(width, height);
  if (longest <= edge) return { width, height };
  const scale = edge / longest;
  return {
    width: width >= height ? edge : Math.max(1, Math.round(width * scale)),
    height: height > width ? edge : Math.max(1, Math.round(height * scale)),
  };
}
