import { memo, useState } from 'react';
import { Link } from 'react-router';
import { Heart } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { formatRupees, PRICE_ON_REQUEST } from '@/lib/format';
import { PLACEHOLDER_IMAGES } from '@/lib/images';
import { cn } from '@/lib/utils';
import type { CatalogueItem, CatalogueView } from '../lib/catalogue-items';

type CatalogueCardProps = {
  item: CatalogueItem;
  view: CatalogueView;
  favourite: boolean;
  onToggleFavourite: (id: string) => void;
};

function CardImage({ item, className }: { item: CatalogueItem; className?: string }) {
  const placeholder = PLACEHOLDER_IMAGES[item.placeholder];
  const [failed, setFailed] = useState(false);
  const src = failed ? placeholder : item.image.src;
  return (
    <img
      src={src}
      alt={item.name}
      width={item.image.width ?? 400}
      height={item.image.height ?? 300}
      loading="lazy"
      decoding="async"
      className={cn('bg-muted object-cover', className)}
      onError={() => {
        if (src !== placeholder) setFailed(true);
      }}
    />
  );
}

/** SPEC §2: a catalogue card with View Details, Request Quote (Quote in list view) and a favourite toggle. */
export const CatalogueCard = memo(function CatalogueCard({
  item,
  view,
  favourite,
  onToggleFavourite,
}: CatalogueCardProps) {
  const price = item.price === null ? PRICE_ON_REQUEST : formatRupees(item.price);
  const favouriteButton = (
    <Button
      variant="ghost"
      size="icon"
      aria-pressed={favourite}
      aria-label={`Favourite ${item.name}`}
      onClick={() => onToggleFavourite(item.id)}
      className="shrink-0 rounded-full"
    >
      <Heart aria-hidden="true" className={cn(favourite ? 'fill-red-500 text-red-500' : 'text-slate-500')} />
    </Button>
  );

  if (view === 'list') {
    return (
      <article className="flex gap-3 rounded-lg border bg-card p-3 shadow-sm sm:gap-4 sm:p-4">
        <CardImage item={item} className="size-20 shrink-0 rounded-md sm:size-28" />
        <div className="flex min-w-0 flex-1 flex-col gap-2">
          <div className="flex items-start justify-between gap-2">
            <div className="min-w-0">
              <h3 className="font-semibold leading-tight text-foreground">{item.name}</h3>
              <p className="mt-1 line-clamp-2 text-sm text-muted-foreground">{item.description}</p>
            </div>
            {favouriteButton}
          </div>
          <div className="mt-auto flex flex-wrap items-center justify-between gap-2">
            <p className={cn('font-semibold', item.price === null ? 'text-sm text-muted-foreground' : 'text-primary')}>
              {price}
            </p>
            <div className="flex gap-2">
              <Button asChild size="sm" variant="outline">
                <Link to={paths.product(item.id)} aria-label={`View Details: ${item.name}`}>
                  View Details
                </Link>
              </Button>
              <Button asChild size="sm" className="bg-accent text-accent-foreground hover:bg-accent/90">
                <Link to={item.quoteHref} aria-label={`Quote: ${item.name}`}>
                  Quote
                </Link>
              </Button>
            </div>
          </div>
        </div>
      </article>
    );
  }

  return (
    <article className="flex h-full flex-col overflow-hidden rounded-lg border bg-card shadow-sm transition-shadow hover:shadow-md motion-reduce:transition-none">
      <div className="relative aspect-[4/3] bg-muted">
        <CardImage item={item} className="size-full" />
        {item.featured ? (
          <Badge className="absolute top-3 left-3 bg-accent text-accent-foreground">Featured</Badge>
        ) : null}
        <div className="absolute top-2 right-2 rounded-full bg-white/90 shadow-sm">{favouriteButton}</div>
      </div>
      <div className="flex flex-1 flex-col gap-2 p-4">
        <h3 className="font-semibold leading-tight text-foreground">{item.name}</h3>
        <p className="line-clamp-2 text-sm text-muted-foreground">{item.description}</p>
        <p
          className={cn(
            'mt-auto pt-2 font-semibold',
            item.price === null ? 'text-sm text-muted-foreground' : 'text-lg text-primary',
          )}
        >
          {price}
        </p>
        <div className="grid grid-cols-2 gap-2 [&>a]:px-2">
          <Button asChild size="sm" variant="outline">
            <Link to={paths.product(item.id)} aria-label={`View Details: ${item.name}`}>
              View Details
            </Link>
          </Button>
          <Button asChild size="sm" className="bg-accent text-accent-foreground hover:bg-accent/90">
            <Link to={item.quoteHref} aria-label={`Request Quote: ${item.name}`}>
              Request Quote
            </Link>
          </Button>
        </div>
      </div>
    </article>
  );
});
