import type { ComponentProps } from 'react';
import { cn } from '@/lib/utils';

type StarIconProps = Omit<ComponentProps<'span'>, 'children'> & { filled: boolean };

/**
 * A rating star: amber and solid when filled, a grey outline when not. Drawn by CSS (`.star-icon`
 * in index.css) rather than as an inline SVG, which cost about 700 bytes of HTML per star. Size it
 * with `size-*`; it is decoration, so the rating it belongs to carries the words.
 */
export function StarIcon({ filled, className, ...props }: StarIconProps) {
  return (
    <span
      aria-hidden="true"
      data-filled={filled}
      className={cn('star-icon', filled ? 'text-amber-400' : 'text-slate-300', className)}
      {...props}
    />
  );
}
