import { useEffect, useState } from 'react';
import { ChevronLeft, ChevronRight, ImageOff, ZoomIn, ZoomOut } from 'lucide-react';
import {
  fitInside,
  loadingAttributes,
  PLACEHOLDER_IMAGES,
  responsiveAttributes,
  type ImageSize,
  type ImageVariant,
} from '@/lib/images';
import { useEarlyImageError } from '@/hooks/use-early-image-error';
import { useT, type MessageKey, type Translator } from '@/lib/i18n';
import { cn } from '@/lib/utils';
import type { ProductDetail } from '../api/get-product-details';

/** SPEC §2: the names of the first four views (`Front View`, `Side View`, `Control Panel`, `Internal View`). */
export const VIEW_LABELS: readonly MessageKey[] = [
  'product.viewFront',
  'product.viewSide',
  'product.viewControlPanel',
  'product.viewInternal',
];

export function viewLabel(t: Translator['t'], index: number): string {
  const key = VIEW_LABELS[index];
  return key ? t(key) : t('product.viewNumber', { number: index + 1 });
}

/** A gallery picture; its stored sizes, when the API gave them, make the srcset widths exact. */
type GalleryImage = ProductDetail['images'][number] & {
  width?: number;
  height?: number;
  variants?: readonly ImageVariant[];
};

type ProductGalleryProps = {
  name: string;
  kind: ProductDetail['kind'];
  images: readonly GalleryImage[];
};

/** Stands in for unknown sizes: the usual 4:3 machine photo at the largest stored size. */
const NOMINAL_LARGE: ImageSize = { width: 1600, height: 1200 };

function largeSizeOf(image: GalleryImage | undefined): ImageSize | null {
  return image?.width && image.height ? { width: image.width, height: image.height } : null;
}

const navButton =
  'absolute top-1/2 z-10 flex size-10 -translate-y-1/2 items-center justify-center rounded-full bg-white/90 text-slate-800 shadow-md transition-colors hover:bg-white focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none';

export function ProductGallery({ name, kind, images }: ProductGalleryProps) {
  const { t } = useT();
  if (images.length === 0) {
    return (
      <div className="flex aspect-[4/3] flex-col items-center justify-center gap-2 rounded-xl border bg-muted text-muted-foreground">
        <ImageOff aria-hidden="true" className="size-10" />
        <p>{t('product.noImage')}</p>
      </div>
    );
  }
  return <Gallery name={name} kind={kind} images={images} />;
}

type GalleryThumbnailProps = {
  src: string;
  srcSet?: string;
  sizes?: string;
  width: number;
  height: number;
  onFail: () => void;
};

function GalleryThumbnail({ onFail, ...picture }: GalleryThumbnailProps) {
  const ref = useEarlyImageError(onFail);
  return (
    <img
      ref={ref}
      {...picture}
      alt=""
      {...loadingAttributes(false)}
      onError={onFail}
      className="size-full object-cover"
    />
  );
}

function Gallery({ name, kind, images }: ProductGalleryProps) {
  const { t } = useT();
  const [index, setIndex] = useState(0);
  const [zoomed, setZoomed] = useState(false);
  const [failed, setFailed] = useState<ReadonlySet<number>>(() => new Set());
  const [failedThumbs, setFailedThumbs] = useState<ReadonlySet<number>>(() => new Set());
  const placeholder = PLACEHOLDER_IMAGES[kind === 'spare' ? 'part' : 'machine'];

  const count = images.length;
  const current = Math.min(index, count - 1);
  const label = viewLabel(t, current);
  const currentImage = images[current];
  const mainSrc = failed.has(current) ? placeholder : (currentImage?.url ?? placeholder);
  const mainLarge = largeSizeOf(currentImage);
  const mainSize = mainLarge ?? NOMINAL_LARGE;
  const show = (next: number) => {
    setIndex(((next % count) + count) % count);
    setZoomed(false);
  };

  const onMainError = () => {
    if (failed.has(current)) return;
    const nextFailed = new Set(failed).add(current);
    setFailed(nextFailed);
    // SPEC §8: a machine gallery tries the next image before settling on the placeholder.
    if (kind !== 'machine') return;
    for (let step = 1; step < count; step += 1) {
      const candidate = (current + step) % count;
      if (!nextFailed.has(candidate)) {
        setIndex(candidate);
        return;
      }
    }
  };

  const mainRef = useEarlyImageError(onMainError);

  // Escape leaves the zoom wherever the focus is (a mouse user may have clicked elsewhere since).
  useEffect(() => {
    if (!zoomed) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape' && !event.defaultPrevented) setZoomed(false);
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [zoomed]);

  return (
    <div className="flex flex-col gap-3">
      <div className="relative overflow-hidden rounded-xl border bg-muted">
        <button
          type="button"
          aria-pressed={zoomed}
          aria-label={t(zoomed ? 'product.zoomOut' : 'product.zoomIn', { view: label })}
          onClick={() => setZoomed((z) => !z)}
          className={cn(
            'group block aspect-[4/3] w-full overflow-hidden focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none focus-visible:ring-inset',
            zoomed ? 'cursor-zoom-out' : 'cursor-zoom-in',
          )}
        >
          {/* The details page's largest picture (its LCP element): loaded at once, first. */}
          <img
            ref={mainRef}
            src={mainSrc}
            // A srcset would win over the placeholder, so it goes with the picture it describes.
            {...(mainSrc === currentImage?.url
              ? responsiveAttributes(mainSrc, 'detailsMain', { large: mainLarge, variants: currentImage.variants })
              : {})}
            width={mainSize.width}
            height={mainSize.height}
            {...loadingAttributes(true)}
            alt={t('product.imageAlt', { name, view: label })}
            onError={onMainError}
            className={cn(
              'size-full object-cover transition-transform duration-300 motion-reduce:transition-none',
              zoomed && 'scale-150',
            )}
          />
          <span className="absolute right-3 bottom-3 flex size-9 items-center justify-center rounded-full bg-white/90 text-slate-800 shadow">
            {zoomed ? (
              <ZoomOut aria-hidden="true" className="size-4" />
            ) : (
              <ZoomIn aria-hidden="true" className="size-4" />
            )}
          </span>
        </button>
        <p className="absolute bottom-3 left-3 rounded-full bg-slate-900/75 px-3 py-1 text-xs font-medium text-white">
          {label}
          <span className="sr-only">{t('product.imagePosition', { current: current + 1, count })}</span>
        </p>
        {count > 1 ? (
          <>
            <button
              type="button"
              aria-label={t('product.previousImage')}
              onClick={() => show(current - 1)}
              className={cn(navButton, 'left-3')}
            >
              <ChevronLeft aria-hidden="true" className="size-5" />
            </button>
            <button
              type="button"
              aria-label={t('product.nextImage')}
              onClick={() => show(current + 1)}
              className={cn(navButton, 'right-3')}
            >
              <ChevronRight aria-hidden="true" className="size-5" />
            </button>
          </>
        ) : null}
      </div>
      {count > 1 ? (
        <ul className="grid grid-cols-4 gap-2 sm:grid-cols-5">
          {images.map((image, position) => {
            const thumbSrc =
              failed.has(position) || failedThumbs.has(position) ? placeholder : (image.thumbnailUrl ?? image.url);
            const large = largeSizeOf(image);
            const thumbSize = fitInside(large ?? NOMINAL_LARGE, 480);
            return (
              <li key={`${image.url}-${position}`}>
                <button
                  type="button"
                  aria-label={t('product.showView', { view: viewLabel(t, position) })}
                  aria-current={position === current ? 'true' : undefined}
                  onClick={() => show(position)}
                  className={cn(
                    'block aspect-square w-full overflow-hidden rounded-md border-2 bg-muted focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none',
                    position === current ? 'border-primary' : 'border-transparent opacity-80 hover:opacity-100',
                  )}
                >
                  <GalleryThumbnail
                    src={thumbSrc}
                    {...(thumbSrc === placeholder
                      ? {}
                      : responsiveAttributes(image.url, 'galleryThumb', { large, variants: image.variants }))}
                    width={thumbSize.width}
                    height={thumbSize.height}
                    onFail={() => {
                      if (thumbSrc !== placeholder) setFailedThumbs((previous) => new Set(previous).add(position));
                    }}
                  />
                </button>
              </li>
            );
          })}
        </ul>
      ) : null}
    </div>
  );
}
