import { parse, TYPE, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import { describe, expect, it } from 'vitest';
import { messages as adminHindi } from '@/locales/admin-hi';
import { messages as adminTamil } from '@/locales/admin-ta';
import { messages as hindi } from '@/locales/hi';
import { messages as tamil } from '@/locales/ta';
import { ADMIN_ENGLISH_MESSAGES } from './admin';
import { flattenCatalogue, type Messages } from './messages';
import { ENGLISH_MESSAGES } from './translator';

// The app's source files but tests and test helpers, as text.
const SOURCES = import.meta.glob<string>(['/src/**/*.{ts,tsx}', '!/src/**/*.test.{ts,tsx}', '!/src/testing/**'], {
  query: '?raw',
  import: 'default',
  eager: true,
});

/** The arguments (`{count}`) and tags (`<b>`) a message uses: a translation must use the same. */
function placeholders(message: string): string[] {
  const found = new Set<string>();
  const walk = (elements: MessageFormatElement[]) => {
    for (const element of elements) {
      if (element.type === TYPE.literal || element.type === TYPE.pound) continue;
      found.add(element.type === TYPE.tag ? `<${element.value}>` : `{${element.value}}`);
      if (element.type === TYPE.tag) walk(element.children);
      if (element.type === TYPE.plural || element.type === TYPE.select) {
        for (const option of Object.values(element.options)) walk(option.value);
      }
    }
  };
  walk(parse(message));
  return [...found].sort();
}

describe.each([
  ['ta', { ...tamil, ...adminTamil }],
  ['hi', { ...hindi, ...adminHindi }],
] as const)('the %s catalogue (public pages and back office)', (_locale, messages: Messages) => {
  it('has every English message, and no message English lacks', () => {
    expect(Object.keys(messages).sort()).toEqual(Object.keys(ADMIN_ENGLISH_MESSAGES).sort());
  });

  it('translates each message with the same arguments and tags as the English one', () => {
    for (const [key, english] of Object.entries(ADMIN_ENGLISH_MESSAGES)) {
      const translated = messages[key];
      if (translated === undefined) continue;
      expect({ key, uses: placeholders(translated) }).toEqual({ key, uses: placeholders(english) });
    }
  });
});

describe('the Hindi glossary', () => {
  it('spells capstan कैप्स्टन everywhere, as the public pages and the server do', () => {
    const messages = Object.entries({ ...hindi, ...adminHindi });
    expect(messages.some(([, message]) => message.includes('कैप्स्टन'))).toBe(true);
    expect(messages.filter(([, message]) => /कैपस्टन|कैप्सटन/.test(message)).map(([key]) => key)).toEqual([]);
  });
});

describe('the English catalogue', () => {
  it('parses as ICU messages', () => {
    for (const message of Object.values(ADMIN_ENGLISH_MESSAGES)) expect(() => parse(message)).not.toThrow();
  });

  it('holds every key the code names in a t(…) or rich(…) call', () => {
    const missing: string[] = [];
    expect(Object.keys(SOURCES).length).toBeGreaterThan(100);
    for (const [file, text] of Object.entries(SOURCES)) {
      for (const match of text.matchAll(/\b(?:t|rich)\(\s*'([a-z][\w-]*\.[\w-]+)'/g)) {
        const key = match[1] ?? '';
        if (!(key in ADMIN_ENGLISH_MESSAGES)) missing.push(`${file}: ${key}`);
      }
    }
    expect(missing).toEqual([]);
  });

  it('keeps the back office out of the public pages: no public namespace is also a back-office one', () => {
    const publicNamespaces = new Set(Object.keys(ENGLISH_MESSAGES).map((key) => key.split('.')[0]));
    const adminKeys = Object.keys(ADMIN_ENGLISH_MESSAGES).filter((key) => !(key in ENGLISH_MESSAGES));
    expect(adminKeys.filter((key) => publicNamespaces.has(key.split('.')[0]))).toEqual([]);
  });

  it('is flattened to namespace.key ids', () => {
    expect(flattenCatalogue({ './ta/landing.json': { heroTitle: 'x' } })).toEqual({ 'landing.heroTitle': 'x' });
  });
});
