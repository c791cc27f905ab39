import type { ComponentProps } from 'react';
import { cn } from '@/lib/utils';

type StarIconProps = Omit<ComponentProps<'span'>, 'children'> & { filled: boolean };

/**
 * A rating star: amber and solid when filled, a grey outline when not, both in `.star-icon`
 * (index.css). Drawn by CSS rather than as an inline SVG, which cost about 700 bytes of HTML per star. Size it
 * with `size-*`; it is decoration, so the rating it belongs to carries the words.
 */
export function StarIcon({ filled, className, ...props }: StarIconProps) {
  return <span aria-hidden="true" data-filled={filled} className={cn('star-icon', className)} {...props} />;
}
