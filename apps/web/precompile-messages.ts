import { parse } from '@formatjs/icu-messageformat-parser';
import type { Plugin } from 'vite';

const CATALOGUE = /\/src\/locales\/.*\.json$/;

/**
 * The browser build ships the message catalogues already parsed (FormatJS's AST, still JSON), so
 * the ICU parser — most of the formatter's size — stays out of the bundle: the build aliases it to
 * FormatJS's `no-parser` entry (vite.config.ts). Tests and the dev server parse at run time, from
 * the same JSON; a message that does not parse fails the build here.
 */
export function precompileMessages(): Plugin {
  return {
    name: 'capstan:precompile-messages',
    apply: 'build',
    enforce: 'pre',
    transform(code, id) {
      if (!CATALOGUE.test(id)) return null;
      const messages = JSON.parse(code) as Record<string, string>;
      const parsed = Object.fromEntries(Object.entries(messages).map(([key, message]) => [key, parse(message)]));
      return { code: JSON.stringify(parsed), map: null };
    },
  };
}
