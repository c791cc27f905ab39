import { Link } from 'react-router';
import { ArrowRight } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { useT } from '@/lib/i18n';
import { useFeaturedItems } from '../api/get-featured-items';
import { FeaturedProductCard } from './featured-product-card';
import { belowFoldHeights } from '@/lib/below-fold';

/** SPEC §4 featured load: loading, then error, empty (section hidden) or list. */
export function FeaturedProductsSection() {
  const { t } = useT();
  const featured = useFeaturedItems();

  if (featured.status === 'success' && featured.items.length === 0) return null;

  return (
    <section
      id="products"
      aria-labelledby="featured-heading"
      className="below-fold scroll-mt-16 bg-muted/60 py-14 sm:py-16"
      style={belowFoldHeights(3910, 1970, 1340)}
    >
      <div className="mx-auto max-w-6xl px-4 sm:px-6">
        <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
          <div>
            <p className="section-eyebrow">{t('landing.featuredEyebrow')}</p>
            <h2 id="featured-heading" className="section-heading">
              {t('landing.featuredHeading')}
            </h2>
            <p className="mt-2 text-muted-foreground">{t('landing.featuredIntro')}</p>
          </div>
          {/* Its label may take two lines on a small phone (Tamil's is twice the English length). */}
          <Button asChild variant="outline" className="h-auto min-h-10 self-start whitespace-normal sm:self-auto">
            <Link to={paths.products}>
              {t('landing.viewAllProducts')} <ArrowRight aria-hidden="true" />
            </Link>
          </Button>
        </div>

        {featured.status === 'pending' ? (
          <p role="status" className="mt-10 flex items-center justify-center gap-3 text-muted-foreground">
            <Spinner />
            {t('landing.featuredLoading')}
          </p>
        ) : null}

        {featured.status === 'error' ? (
          <p role="alert" className="mt-10 text-center font-medium text-destructive">
            {t('landing.featuredError')}
          </p>
        ) : null}

        {featured.status === 'success' ? (
          <ul className="mt-10 grid grid-cols-1 gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {featured.items.map((item) => (
              <li key={`${item.type}-${item.id}`} className="flex min-w-0">
                <FeaturedProductCard item={item} />
              </li>
            ))}
          </ul>
        ) : null}
      </div>
    </section>
  );
}
