import { memo, useState } from 'react';
import { Heart } from 'lucide-react';
import { AddToQuote } from '@/components/add-to-quote';
import { Badge } from '@/components/ui/badge';
import { Button, buttonVariants } from '@/components/ui/button';
import { CompareToggle } from '@/components/compare-toggle';
import { WhatsAppItemLink } from '@/components/whatsapp-item-link';
import { paths } from '@/config/paths';
import { useEarlyImageError } from '@/hooks/use-early-image-error';
import { IN_APP_LINK } from '@/hooks/use-in-app-links';
import { formatRupees } from '@/lib/format';
import { useLocalizedHref, useT } from '@/lib/i18n';
import { loadingAttributes, PLACEHOLDER_IMAGES, responsiveAttributes, type ImageLayout } from '@/lib/images';
import { cn } from '@/lib/utils';
import type { CatalogueItem, CatalogueView } from '../lib/catalogue-items';

type CatalogueCardProps = {
  item: CatalogueItem;
  view: CatalogueView;
  favourite: boolean;
  onToggleFavourite: (id: string) => void;
  /** In the first row of the page: its picture loads at once, with high priority. */
  priority?: boolean;
};

type CardImageProps = { item: CatalogueItem; layout: ImageLayout; priority?: boolean; className?: string };

function CardImage({ item, layout, priority, className }: CardImageProps) {
  const placeholder = PLACEHOLDER_IMAGES[item.placeholder];
  const [failed, setFailed] = useState(false);
  const src = failed ? placeholder : item.image.src;
  const fail = () => {
    if (src !== placeholder) setFailed(true);
  };
  const ref = useEarlyImageError(fail);
  const { width, height } = item.image;
  const large = width && height ? { width, height } : null;
  return (
    <img
      ref={ref}
      src={src}
      // A srcset would win over the placeholder, so it goes with the picture it describes.
      {...(failed ? {} : responsiveAttributes(src, layout, { large }))}
      alt={item.name}
      width={width ?? 400}
      height={height ?? 300}
      {...loadingAttributes(priority)}
      className={cn('bg-muted object-cover', className)}
      onError={fail}
    />
  );
}

// The cards' links are plain anchors followed by the list's one handler (use-in-app-links.ts), with
// the button look worked out once: a `<Link>` inside a `<Button asChild>` ran the router's hooks, a
// layout effect and a Slot each time its card was filled with another item (decision 060).
const DETAILS_LINK = buttonVariants({ size: 'sm', variant: 'outline' });
const QUOTE_LINK = cn(buttonVariants({ size: 'sm' }), 'bg-accent text-accent-foreground hover:bg-accent/90');
// Add to quote is a form's button, one level below the grid's links: the same wrapping look, given directly.
const CARD_FORM_BUTTON = 'h-auto min-h-9 w-full min-w-0 px-2 py-1 text-center leading-tight whitespace-normal';

// Elements made once: React skips an element it has already rendered, so a card filled with another
// item does not build its icon's SVG again.
const FAVOURITE_ICON = <Heart aria-hidden="true" className="fill-red-500 text-red-500" />;
const NOT_FAVOURITE_ICON = <Heart aria-hidden="true" className="text-slate-500" />;

/** View Details and the quote link; the list view's narrower row says "Quote". */
function CardLinks({ item, shortQuote }: { item: CatalogueItem; shortQuote: boolean }) {
  const { t } = useT();
  const localize = useLocalizedHref();
  return (
    <>
      <a
        {...IN_APP_LINK}
        href={localize(paths.product(item.id))}
        aria-label={t('catalogue.viewDetailsOf', { name: item.name })}
        className={DETAILS_LINK}
      >
        {t('catalogue.viewDetails')}
      </a>
      <a
        {...IN_APP_LINK}
        href={localize(item.quoteHref)}
        aria-label={t(shortQuote ? 'catalogue.quoteFor' : 'catalogue.requestQuoteFor', { name: item.name })}
        className={QUOTE_LINK}
      >
        {t(shortQuote ? 'catalogue.quote' : 'catalogue.requestQuote')}
      </a>
    </>
  );
}

/** The code buyers know the item by (the number on the old part, the machine's model). */
function ItemCode({ code }: { code: string | null }) {
  if (code === null) return null;
  return <p className="mt-0.5 font-mono text-xs text-muted-foreground">{code}</p>;
}

/**
 * SPEC §2: a catalogue card with View Details, Request Quote (Quote in list view) and a favourite toggle;
 * Add to quote puts the item on the buyer's quote list (issue 39).
 * Cards out of view are neither styled, laid out nor painted until they come near it
 * (`content-visibility: auto`), so a new page or search costs the browser the visible cards only;
 * the reserved height is a usual card's at each width (measured on the demo catalogue, grid cards
 * 530-563 px tall at 390-1920 px, list rows 160-292 px, narrowest where the filter column takes its
 * share), and `auto` keeps each card's real one once it was seen. A card taller than its reserve
 * moves what lies below it when it is drawn: a visitor who jumps to the pagination saw it drop.
 * It sits on the card itself, not its list item, so the card's own shadow is not clipped.
 */
export const CatalogueCard = memo(function CatalogueCard({
  item,
  view,
  favourite,
  onToggleFavourite,
  priority,
}: CatalogueCardProps) {
  const translator = useT();
  const { t } = translator;
  const price = formatRupees(item.price, translator);
  const favouriteButton = (
    <Button
      variant="ghost"
      size="icon"
      aria-pressed={favourite}
      aria-label={t('catalogue.favouriteItem', { name: item.name })}
      onClick={() => onToggleFavourite(item.id)}
      className="shrink-0 rounded-full"
    >
      {favourite ? FAVOURITE_ICON : NOT_FAVOURITE_ICON}
    </Button>
  );

  if (view === 'list') {
    return (
      <article className="flex gap-3 rounded-lg border bg-card p-3 shadow-sm [contain-intrinsic-size:auto_16.5rem] [content-visibility:auto] sm:gap-4 sm:p-4 sm:[contain-intrinsic-size:auto_12.5rem] md:[contain-intrinsic-size:auto_10rem] lg:[contain-intrinsic-size:auto_12.5rem] xl:[contain-intrinsic-size:auto_8rem]">
        <CardImage
          key={item.id}
          item={item}
          layout="catalogueList"
          priority={priority}
          className="size-20 shrink-0 rounded-md sm:size-28"
        />
        <div className="flex min-w-0 flex-1 flex-col gap-2">
          <div className="flex items-start justify-between gap-2">
            <div className="min-w-0">
              <h3 className="font-semibold leading-tight text-foreground">{item.name}</h3>
              <ItemCode code={item.code} />
              <p className="mt-1 line-clamp-2 text-sm text-muted-foreground">{item.description}</p>
            </div>
            {favouriteButton}
          </div>
          <div className="mt-auto flex flex-wrap items-center justify-between gap-2">
            <p className={cn('font-semibold', item.price === null ? 'text-sm text-muted-foreground' : 'text-primary')}>
              {price}
            </p>
            <div className="flex flex-wrap gap-2">
              {item.comparable ? <CompareToggle id={item.id} name={item.name} /> : null}
              <CardLinks item={item} shortQuote />
              <AddToQuote id={item.id} name={item.name} />
              <WhatsAppItemLink item={item} />
            </div>
          </div>
        </div>
      </article>
    );
  }

  return (
    <article className="flex h-full flex-col overflow-hidden rounded-lg border bg-card shadow-sm transition-shadow [contain-intrinsic-size:auto_34rem] [content-visibility:auto] hover:shadow-md motion-reduce:transition-none">
      <div className="relative aspect-[4/3] bg-muted">
        <CardImage key={item.id} item={item} layout="catalogueGrid" priority={priority} className="size-full" />
        {item.featured ? (
          <Badge className="absolute top-3 left-3 bg-accent text-accent-foreground">{t('catalogue.featured')}</Badge>
        ) : null}
        <div className="absolute top-2 right-2 rounded-full bg-white/90 shadow-sm">{favouriteButton}</div>
      </div>
      <div className="flex flex-1 flex-col gap-2 p-4">
        <div>
          <h3 className="font-semibold leading-tight text-foreground">{item.name}</h3>
          <ItemCode code={item.code} />
        </div>
        <p className="line-clamp-2 text-sm text-muted-foreground">{item.description}</p>
        <div className="mt-auto flex flex-wrap items-center justify-between gap-2 pt-2">
          <p
            className={cn(
              'font-semibold',
              item.price === null ? 'text-sm text-muted-foreground' : 'text-lg text-primary',
            )}
          >
            {price}
          </p>
          {item.comparable ? <CompareToggle id={item.id} name={item.name} className="h-8 px-2.5" /> : null}
        </div>
        {/* A longer Tamil or Hindi label wraps inside its half rather than spilling past the card.
            Add to quote and WhatsApp each take a whole row: a half was narrower than Tamil's one
            word for the quote list (விலைப்புள்ளியில்) beside its icon, and WhatsApp's label took three
            or four lines there, so the card is no taller for it. */}
        <div className="grid grid-cols-2 gap-2 [&>a]:h-auto [&>a]:min-h-9 [&>a]:min-w-0 [&>a]:px-2 [&>a]:py-1 [&>a]:text-center [&>a]:leading-tight [&>a]:whitespace-normal">
          <CardLinks item={item} shortQuote={false} />
          <AddToQuote id={item.id} name={item.name} className="col-span-2 min-w-0" buttonClassName={CARD_FORM_BUTTON} />
          <WhatsAppItemLink item={item} className="col-span-2" />
        </div>
      </div>
    </article>
  );
});
