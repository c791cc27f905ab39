import { useState, type ComponentProps } from 'react';
import { firstUsableImage, PLACEHOLDER_IMAGES, type PlaceholderKind } from '@/lib/images';
import { cn } from '@/lib/utils';

type ItemImageProps = Omit<ComponentProps<'img'>, 'src' | 'alt'> & {
  images: readonly (string | null | undefined)[] | null | undefined;
  alt: string;
  kind?: PlaceholderKind;
};

/** The first usable image of an item (SPEC §3); a broken one falls back to the placeholder (SPEC §8). */
export function ItemImage({ images, alt, kind = 'machine', className, onError, ...props }: ItemImageProps) {
  const src = firstUsableImage(images, kind);
  const placeholder = PLACEHOLDER_IMAGES[kind];
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const shown = failedSrc === src ? placeholder : src;

  return (
    <img
      src={shown}
      alt={alt}
      loading="lazy"
      decoding="async"
      width={400}
      height={300}
      className={cn('object-cover', className)}
      onError={(event) => {
        if (shown !== placeholder) setFailedSrc(src);
        onError?.(event);
      }}
      {...props}
    />
  );
}
