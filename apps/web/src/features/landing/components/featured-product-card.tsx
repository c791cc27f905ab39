import { Link } from 'react-router';
import { ItemImage } from '@/components/item-image';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { type MessageKey, useT } from '@/lib/i18n';
import { quoteLink } from '@/lib/quote-link';
import type { FeaturedItem, FeaturedItemType } from '../api/get-featured-items';

/** SPEC §9: 3 specifications shown, then '+N more specifications'. */
export const SPECS_SHOWN = 3;

const TYPE_LABELS: Record<FeaturedItemType, MessageKey> = {
  machine: 'landing.typeMachine',
  spare: 'landing.typeSpare',
  service: 'landing.typeService',
};

export function FeaturedProductCard({ item }: { item: FeaturedItem }) {
  const { t } = useT();
  const shown = item.specifications.slice(0, SPECS_SHOWN);
  const more = item.specifications.length - shown.length;
  return (
    // The shadow's transition is on hover only: this card's rules arrive with the full stylesheet,
    // after the first paint, and a transition there would start on every card at that moment; in a
    // section the browser is still skipping (content-visibility) it never ends, and Chromium then
    // restyles the page at every frame until the visitor scrolls down to it.
    <article className="group flex w-full flex-col overflow-hidden rounded-lg border bg-card shadow-sm hover:shadow-md hover:transition-shadow">
      <div className="aspect-[4/3] overflow-hidden bg-muted">
        <ItemImage
          images={item.images}
          layout="featuredCard"
          kind={item.type === 'spare' ? 'part' : 'machine'}
          alt={item.name}
          className="size-full transition-transform duration-300 group-hover:scale-[1.03] motion-reduce:transition-none"
        />
      </div>
      <div className="flex flex-1 flex-col gap-3 p-5">
        <Badge variant="secondary" className="self-start">
          {t(TYPE_LABELS[item.type])}
        </Badge>
        <h3 className="text-lg leading-snug font-semibold">{item.name}</h3>
        {/* SPEC §9: about 2 lines with an ellipsis. */}
        <p className="line-clamp-2 text-sm text-muted-foreground">{item.description}</p>
        {shown.length > 0 ? (
          <div>
            <ul className="space-y-1 text-sm">
              {shown.map((spec, index) => (
                <li key={`${spec.key}-${index}`} className="truncate">
                  {/* One text each: React marks the seam between two texts with a comment in the HTML. */}
                  <span className="font-medium">{`${spec.key}:`}</span>{' '}
                  <span className="text-muted-foreground">{spec.value}</span>
                </li>
              ))}
            </ul>
            {more > 0 ? <p className="mt-1 text-xs text-primary">{t('landing.moreSpecs', { count: more })}</p> : null}
          </div>
        ) : (
          <p className="text-sm text-muted-foreground italic">{t('landing.noSpecs')}</p>
        )}
        <div className="mt-auto flex flex-wrap gap-2 pt-2">
          <Button asChild size="sm" className="flex-1">
            <Link to={paths.product(item.id)} aria-label={t('landing.viewDetailsOf', { name: item.name })}>
              {t('landing.viewDetails')}
            </Link>
          </Button>
          <Button asChild size="sm" variant="outline" className="flex-1">
            <Link
              to={quoteLink(item.type, item.name, item.category)}
              aria-label={t('landing.requestQuoteFor', { name: item.name })}
            >
              {t('landing.requestQuote')}
            </Link>
          </Button>
        </div>
      </div>
    </article>
  );
}
