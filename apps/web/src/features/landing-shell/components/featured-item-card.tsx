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
  return (
    <article
      data-testid="featured-item"
      className="group relative flex w-full flex-col overflow-hidden rounded-lg border bg-card shadow-sm transition-shadow focus-within:ring-2 focus-within:ring-ring hover:shadow-md"
    >
      <div className="aspect-[4/3] overflow-hidden bg-muted">
        <ItemImage
          images={item.images}
          kind={item.type === 'spare' ? 'part' : 'machine'}
          alt={item.name}
          className="size-full transition-transform duration-300 group-hover:scale-[1.03] motion-reduce:transition-none"
        />
      </div>
      <div className="flex flex-1 flex-col gap-2 p-5">
        <Badge variant="secondary" className="self-start">
          {TYPE_LABELS[item.type]}
        </Badge>
        <h3 className="text-lg leading-snug font-semibold">
          {/* The link covers the whole card; the card itself stays a plain article for screen readers. */}
          <Link
            to={paths.product(item.id)}
            className="outline-none after:absolute after:inset-0 after:content-['']"
          >
            {item.name}
          </Link>
        </h3>
        <p className="line-clamp-2 text-sm text-muted-foreground">{item.description}</p>
        <span
          aria-hidden="true"
          className="mt-auto inline-flex items-center gap-1 pt-2 text-sm font-medium text-primary group-hover:underline"
        >
          View details <ArrowRight className="size-4" />
        </span>
      </div>
    </article>
  );
}
