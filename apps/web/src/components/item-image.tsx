import { useState, type ComponentProps } from 'react';
import { useEarlyImageError } from '@/hooks/use-early-image-error';
import {
  firstUsableImage,
  loadingAttributes,
  PLACEHOLDER_IMAGES,
  responsiveAttributes,
  type ImageLayout,
  type PlaceholderKind,
} from '@/lib/images';
import { cn } from '@/lib/utils';

type ItemImageProps = Omit<
  ComponentProps<'img'>,
  'src' | 'alt' | 'srcSet' | 'sizes' | 'loading' | 'onError' | 'ref'
> & {
  images: readonly (string | null | undefined)[] | null | undefined;
  alt: string;
  kind?: PlaceholderKind;
  /** Where the picture is shown: decides `sizes` and the largest stored size offered. */
  layout: ImageLayout;
  /** Above the fold: loaded at once with high priority instead of lazily. */
  priority?: boolean;
};

/** The first usable image of an item (SPEC §3); a broken one falls back to the placeholder (SPEC §8). */
export function ItemImage({
  images,
  alt,
  kind = 'machine',
  layout,
  priority,
  className,
  width = 400,
  height = 300,
  ...props
}: ItemImageProps) {
  const src = firstUsableImage(images, kind);
  const placeholder = PLACEHOLDER_IMAGES[kind];
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const shown = failedSrc === src ? placeholder : src;
  const fail = () => {
    if (shown !== placeholder) setFailedSrc(src);
  };
  const ref = useEarlyImageError(fail);

  return (
    <img
      ref={ref}
      src={shown}
      // A srcset would win over the placeholder, so it goes with the picture it describes.
      {...(shown === src ? responsiveAttributes(src, layout) : {})}
      alt={alt}
      {...loadingAttributes(priority)}
      width={width}
      height={height}
      className={cn('object-cover', className)}
      onError={fail}
      {...props}
    />
  );
}
