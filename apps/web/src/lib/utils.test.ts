import { describe, expect, it } from 'vitest';
import { cn } from './utils';

describe('cn', () => {
  it('joins the classes that are given, leaving out the false ones', () => {
    const active = false;
    expect(cn('flex gap-2', active && 'bg-primary', undefined, ['px-3', { 'py-2': true, 'py-4': false }])).toBe(
      'flex gap-2 px-3 py-2',
    );
  });

  it('refuses two classes that set the same thing, in development and tests', () => {
    expect(() => cn('size-5 text-primary', 'size-8')).toThrow(/Conflicting classes: size-5/);
    expect(() => cn('flex items-center', 'hidden md:flex')).toThrow(/flex/);
  });

  it('lets variants of the same property stand together', () => {
    expect(cn('border-t first:border-t-0 hover:bg-muted', 'bg-background')).toBe(
      'border-t first:border-t-0 hover:bg-muted bg-background',
    );
  });
});
