import type { ContactServiceValue } from '@capstan/shared';

export type QuoteItemKind = 'machine' | 'spare' | 'service';

/** Which contact-form service option a Request Quote from this item preselects. */
export function quoteServiceFor(kind: QuoteItemKind, name: string): ContactServiceValue {
  if (kind === 'machine') return 'capstan-lathe';
  if (kind === 'spare') return 'general';
  const lower = name.toLowerCase();
  if (lower.includes('install')) return 'installation';
  if (lower.includes('maintenance') || /\bamc\b/.test(lower)) return 'maintenance';
  if (lower.includes('custom') && lower.includes('machining')) return 'custom-machining';
  return 'general';
}

/** `/?service=<value>&product=<name>#contact`: the contact section reads both parameters. */
export function quoteLink(kind: QuoteItemKind, name: string): string {
  return `/?service=${quoteServiceFor(kind, name)}&product=${encodeURIComponent(name)}#contact`;
}
