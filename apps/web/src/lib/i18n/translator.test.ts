import { createElement } from 'react';
import { parse } from '@formatjs/icu-messageformat-parser';
import { render } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { Locale } from '@capstan/shared';
import type { Messages } from './messages';
import { createTranslator } from './translator';

const ENGLISH: Messages = {
  'cart.items': '{count, plural, one {# item} other {# items}}',
  'cart.englishOnly': 'Only in English',
  'cart.greeting': 'Hello, {name}',
  'cart.terms': 'Read the <link>terms</link> for {count, plural, one {# item} other {# items}}',
};

const TAMIL: Messages = { 'cart.items': '{count, plural, one {# பொருள்} other {# பொருட்கள்}}' };
const HINDI: Messages = { 'cart.items': '{count, plural, one {# वस्तु} other {# वस्तुएँ}}' };
const OWN: Record<Locale, Messages> = { en: {}, ta: TAMIL, hi: HINDI };

const translator = (locale: Locale, messages: Messages = OWN[locale]) =>
  createTranslator<string>(locale, messages, ENGLISH);

describe('createTranslator', () => {
  it.each([
    // Hindi counts 0 as "one", English and Tamil do not; # is grouped the Indian way.
    ['en', 0, '0 items'],
    ['en', 1, '1 item'],
    ['en', 100000, '1,00,000 items'],
    ['ta', 0, '0 பொருட்கள்'],
    ['ta', 1, '1 பொருள்'],
    ['ta', 2, '2 பொருட்கள்'],
    ['hi', 0, '0 वस्तु'],
    ['hi', 1, '1 वस्तु'],
    ['hi', 2, '2 वस्तुएँ'],
  ] as const)('picks the %s plural for %d', (locale, count, text) => {
    expect(translator(locale).t('cart.items', { count })).toBe(text);
  });

  it('formats messages the build ships already parsed', () => {
    // The browser build swaps each catalogue string for its AST (precompile-messages.ts).
    const parsed = { 'cart.items': parse(HINDI['cart.items'] ?? '') } as unknown as Messages;
    expect(translator('hi', parsed).t('cart.items', { count: 0 })).toBe('0 वस्तु');
  });

  it('falls back to English for a key the language lacks', () => {
    expect(translator('ta').t('cart.englishOnly')).toBe('Only in English');
    expect(translator('hi').t('cart.greeting', { name: 'Ravi' })).toBe('Hello, Ravi');
  });

  it('logs a missing message or value and shows the id', () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    const ta = translator('ta');
    expect(ta.t('cart.nowhere')).toBe('cart.nowhere');
    expect(ta.t('cart.greeting')).toBe('cart.greeting');
    expect(logged).toHaveBeenCalledTimes(2);
    expect(logged.mock.calls[0]?.[0]).toContain('cart.nowhere');
  });

  it('turns tags into elements', () => {
    const node = translator('en').rich('cart.terms', {
      count: 2,
      link: (chunks) => createElement('a', { href: '/terms' }, ...chunks),
    });
    const { container } = render(createElement('p', null, node));
    expect(container.innerHTML).toBe('<p>Read the <a href="/terms">terms</a> for 2 items</p>');
  });
});

describe('the intl formats', () => {
  const { intl } = translator('en');
  const noon = new Date('2024-03-05T06:30:00Z');

  it('groups numbers the Indian way', () => {
    expect(intl.formatNumber(100000)).toBe('1,00,000');
    expect(intl.formatNumber(2230200, { style: 'currency', currency: 'INR' })).toBe('₹22,30,200.00');
    expect(translator('hi').intl.formatNumber(0.185, { style: 'percent', maximumFractionDigits: 1 })).toBe('18.5%');
  });

  it('formats dates and times in the reader’s locale, a time being hours and minutes by default', () => {
    const inIndia = { timeZone: 'Asia/Kolkata' } as const;
    const native = (locale: string, options: Intl.DateTimeFormatOptions) =>
      new Intl.DateTimeFormat(locale, { ...inIndia, ...options }).format(noon);
    expect(intl.formatDate(noon, { ...inIndia, dateStyle: 'medium' })).toBe(native('en-IN', { dateStyle: 'medium' }));
    expect(intl.formatTime(noon, inIndia)).toBe(native('en-IN', { hour: 'numeric', minute: 'numeric' }));
    expect(intl.formatTime(noon, inIndia)).toMatch(/^12:00\s?pm$/i);
    expect(translator('ta').intl.formatDate(noon, { ...inIndia, weekday: 'long' })).toBe('செவ்வாய்');
  });

  it('formats lists and relative times', () => {
    expect(intl.formatList(['A-1', 'B-2', 'C-3'], { type: 'conjunction' })).toBe('A-1, B-2 and C-3');
    expect(intl.formatRelativeTime(-3, 'hour', { style: 'short', numeric: 'always' })).toBe('3 hr ago');
  });

  it('logs a value a format refuses and shows it as it is', () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(intl.formatDate(new Date('not a date'))).toBe('Invalid Date');
    expect(logged).toHaveBeenCalledOnce();
  });
});
