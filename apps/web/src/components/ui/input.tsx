import type { ComponentProps } from 'react';
import { cn } from '@/lib/utils';

export function Input({ className, type = 'text', ...props }: ComponentProps<'input'>) {
  return (
    <input
      type={type}
      className={cn(
        // The look is `.ui-field` and `.ui-input` in index.css.
        'ui-field ui-input',
        className,
      )}
      {...props}
    />
  );
}
