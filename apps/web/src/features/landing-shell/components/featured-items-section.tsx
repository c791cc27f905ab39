import { Spinner } from '@/components/ui/spinner';
import { useFeaturedItems } from '../api/get-featured-items';
import { FeaturedItemCard } from './featured-item-card';

/** SPEC §4 featured load: loading, then error, empty (section hidden) or list. */
export function FeaturedItemsSection() {
  const featured = useFeaturedItems();

  if (featured.status === 'success' && featured.items.length === 0) return null;

  return (
    <section id="products" aria-labelledby="featured-heading" className="scroll-mt-20 py-12 sm:py-16">
      <div className="mx-auto max-w-6xl px-4 sm:px-6">
        <h2 id="featured-heading" className="text-2xl font-bold tracking-tight sm:text-3xl">
          Featured products
        </h2>
        <p className="mt-2 text-muted-foreground">Machines, spare parts and services our customers ask for most.</p>

        {featured.status === 'pending' ? (
          <p role="status" className="mt-8 flex items-center gap-3 text-muted-foreground">
            <Spinner />
            Loading featured products...
          </p>
        ) : null}

        {featured.status === 'error' ? (
          <p role="alert" className="mt-8 font-medium text-destructive">
            Failed to load featured products
          </p>
        ) : null}

        {featured.status === 'success' ? (
          <ul className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {featured.items.map((item) => (
              <li key={`${item.type}-${item.id}`} className="flex">
                <FeaturedItemCard item={item} />
              </li>
            ))}
          </ul>
        ) : null}
      </div>
    </section>
  );
}
