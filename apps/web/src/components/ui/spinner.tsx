import type { ComponentProps } from 'react';
import { LoaderCircle } from 'lucide-react';
import { cn } from '@/lib/utils';

/** Decorative: pair it with visible text (e.g. 'Loading featured products...') that says what is loading. */
export function Spinner({ className, ...props }: ComponentProps<'svg'>) {
  return (
    <LoaderCircle
      aria-hidden="true"
      className={cn('size-5 animate-spin text-primary motion-reduce:animate-none', className)}
      {...props}
    />
  );
}
