import { Link } from 'react-router';
import { ItemImage } from '@/components/item-image';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { quoteLink } from '@/lib/quote-link';
import type { FeaturedItem, FeaturedItemType } from '../api/get-featured-items';

/** SPEC §9: 3 specifications shown, then '+N more specifications'. */
export const SPECS_SHOWN = 3;

const TYPE_LABELS: Record<FeaturedItemType, string> = {
  machine: 'Machine',
  spare: 'Spare part',
  service: 'Service',
};

export function FeaturedProductCard({ item }: { item: FeaturedItem }) {
  const shown = item.specifications.slice(0, SPECS_SHOWN);
  const more = item.specifications.length - shown.length;
  return (
    <article className="featured-card">
      <div className="featured-card-picture">
        <ItemImage
          images={item.images}
          layout="featuredCard"
          kind={item.type === 'spare' ? 'part' : 'machine'}
          alt={item.name}
          className="featured-card-image"
        />
      </div>
      <div className="featured-card-body">
        <Badge variant="secondary" className="self-start">
          {TYPE_LABELS[item.type]}
        </Badge>
        <h3 className="featured-card-title">{item.name}</h3>
        {/* SPEC §9: about 2 lines with an ellipsis. */}
        <p className="featured-card-text">{item.description}</p>
        {shown.length > 0 ? (
          <div>
            <ul className="featured-card-specs">
              {shown.map((spec, index) => (
                <li key={`${spec.key}-${index}`}>
                  {/* One text each: React marks the seam between two texts with a comment in the HTML. */}
                  <span>{`${spec.key}:`}</span> <span>{spec.value}</span>
                </li>
              ))}
            </ul>
            {more > 0 ? <p className="featured-card-more">{`+${more} more specifications`}</p> : null}
          </div>
        ) : (
          <p className="text-sm text-muted-foreground italic">No specifications available.</p>
        )}
        <div className="featured-card-actions">
          <Button asChild size="sm">
            <Link to={paths.product(item.id)} aria-label={`View Details: ${item.name}`}>
              View Details
            </Link>
          </Button>
          <Button asChild size="sm" variant="outline">
            <Link to={quoteLink(item.type, item.name, item.category)} aria-label={`Request Quote: ${item.name}`}>
              Request Quote
            </Link>
          </Button>
        </div>
      </div>
    </article>
  );
}
