import type { ComponentProps } from 'react';
import { cn } from '@/lib/utils';

export function Label({ className, ...props }: ComponentProps<'label'>) {
  return (
    <label
      className={cn(
        // The look is `.ui-label` in index.css.
        'ui-label',
        className,
      )}
      {...props}
    />
  );
}
