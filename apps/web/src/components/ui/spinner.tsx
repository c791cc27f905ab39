import type { ComponentProps } from 'react';
import { LoaderCircle } from 'lucide-react';
import { cn } from '@/lib/utils';

const SIZES = { xs: 'size-3', sm: 'size-4', md: 'size-5', lg: 'size-8' } as const;

interface SpinnerProps extends Omit<ComponentProps<'svg'>, 'className'> {
  size?: keyof typeof SIZES;
  /** `current`: the colour of the text around it, as on a button. */
  tone?: 'primary' | 'current';
}

/** Decorative: pair it with visible text (e.g. 'Loading featured products...') that says what is loading. */
export function Spinner({ size = 'md', tone = 'primary', ...props }: SpinnerProps) {
  return (
    <LoaderCircle
      aria-hidden="true"
      className={cn(
        'animate-spin motion-reduce:animate-none',
        SIZES[size],
        tone === 'primary' ? 'text-primary' : 'text-current',
      )}
      {...props}
    />
  );
}
