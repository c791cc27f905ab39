import type { ComponentProps } from 'react';
import { cn } from '@/lib/utils';

export function Card({ className, ...props }: ComponentProps<'div'>) {
  return <div className={cn('rounded-lg border bg-card text-card-foreground shadow-sm', className)} {...props} />;
}

/** `className` sets its layout, which is a column by default (`flex flex-col gap-1.5`). */
export function CardHeader({ className = 'flex flex-col gap-1.5', ...props }: ComponentProps<'div'>) {
  return <div className={cn('p-5', className)} {...props} />;
}

/** A card's heading: h3 under a section's h2, or `level={2}` for a card straight under the page's h1. */
export function CardTitle({ className, level = 3, ...props }: ComponentProps<'h3'> & { level?: 2 | 3 }) {
  const Heading = level === 2 ? 'h2' : 'h3';
  return <Heading className={cn('leading-tight font-semibold', className)} {...props} />;
}

export function CardDescription({ className, ...props }: ComponentProps<'p'>) {
  return <p className={cn('text-sm text-muted-foreground', className)} {...props} />;
}

export function CardContent({ className, ...props }: ComponentProps<'div'>) {
  return <div className={cn('p-5 pt-0', className)} {...props} />;
}

export function CardFooter({ className, ...props }: ComponentProps<'div'>) {
  return <div className={cn('flex items-center p-5 pt-0', className)} {...props} />;
}
