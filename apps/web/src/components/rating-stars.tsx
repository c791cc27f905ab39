import { StarIcon } from '@/components/ui/star-icon';
import { useT } from '@/lib/i18n';
import { cn } from '@/lib/utils';

const STARS = [1, 2, 3, 4, 5] as const;

/**
 * A rating shown as five stars, read out as one picture ("Rated 4.5 out of 5"); an average fills
 * the stars to its nearest whole one. Size the stars with `starClassName` (`size-*`).
 */
export function RatingStars({
  rating,
  className,
  starClassName,
}: {
  rating: number;
  className?: string;
  starClassName: string;
}) {
  const { t, intl } = useT();
  const filled = Math.round(rating);
  // Every digit the rating has (4.5, not 4.50 or 5), in the page's locale.
  const label = t('ui.rated', { rating: intl.formatNumber(rating, { maximumFractionDigits: 20 }) });
  return (
    <span role="img" aria-label={label} className={cn('flex', className)}>
      {STARS.map((star) => (
        <StarIcon key={star} filled={star <= filled} className={starClassName} />
      ))}
    </span>
  );
}
