import type { ComponentProps } from 'react';
import { cn } from '@/lib/utils';

export function Textarea({ className, ...props }: ComponentProps<'textarea'>) {
  return (
    <textarea
      className={cn(
        // The look is `.ui-field` in index.css.
        'ui-field min-h-20',
        className,
      )}
      {...props}
    />
  );
}
