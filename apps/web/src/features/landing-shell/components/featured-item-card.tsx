import { useId } from 'react';
import { Link } from 'react-router';
import { ArrowRight } from 'lucide-react';
import { ItemImage } from '@/components/item-image';
import { Badge } from '@/components/ui/badge';
import { paths } from '@/config/paths';
import type { FeaturedItem, FeaturedItemType } from '../api/get-featured-items';

const TYPE_LABELS: Record<FeaturedItemType, string> = {
  machine: 'Machine',
  spare: 'Spare part',
  service: 'Service',
};

export function FeaturedItemCard({ item }: { item: FeaturedItem }) {
  const titleId = useId();
  return (
    <article data-testid="featured-item" className="flex w-full">
      {/* The whole card is the link; it is named by the title alone so screen readers don't read the description twice. */}
      <Link
        to={paths.product(item.id)}
        aria-labelledby={titleId}
        className="group flex w-full flex-col overflow-hidden rounded-lg border bg-card shadow-sm transition-shadow outline-none hover:shadow-md focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2"
      >
        <div className="aspect-[4/3] overflow-hidden bg-muted">
          <ItemImage
            images={item.images}
            kind={item.type === 'spare' ? 'part' : 'machine'}
            alt=""
            className="size-full transition-transform duration-300 group-hover:scale-[1.03] motion-reduce:transition-none"
          />
        </div>
        <div className="flex flex-1 flex-col gap-2 p-5">
          <Badge variant="secondary" className="self-start">
            {TYPE_LABELS[item.type]}
          </Badge>
          <h3 id={titleId} className="text-lg leading-snug font-semibold text-foreground group-hover:text-primary">
            {item.name}
          </h3>
          <p className="line-clamp-2 text-sm text-muted-foreground">{item.description}</p>
          <span className="mt-auto inline-flex items-center gap-1 pt-2 text-sm font-medium text-primary group-hover:underline">
            View details <ArrowRight aria-hidden="true" className="size-4" />
          </span>
        </div>
      </Link>
    </article>
  );
}
