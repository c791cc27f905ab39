import type { CSSProperties } from 'react';

/**
 * The estimated heights of a `below-fold` section before it has rendered (phone, from 768 px, from
 * 1024 px), read by `@utility below-fold` in index.css. Three custom properties in the section's
 * `style` cost the home page's HTML less than three arbitrary-value classes and their rules.
 */
export function belowFoldHeights(base: number, md: number, lg: number): CSSProperties {
  return { '--fold-h': `${base}px`, '--fold-h-md': `${md}px`, '--fold-h-lg': `${lg}px` } as CSSProperties;
}
