import { StarIcon } from '@/components/ui/star-icon';
import { cn } from '@/lib/utils';

const STARS = [1, 2, 3, 4, 5] as const;

export const ratedLabel = (rating: number) => `Rated ${rating} out of 5`;

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
  const filled = Math.round(rating);
  return (
    <span role="img" aria-label={ratedLabel(rating)} className={cn('flex', className)}>
      {STARS.map((star) => (
        <StarIcon key={star} filled={star <= filled} className={starClassName} />
      ))}
    </span>
  );
}
