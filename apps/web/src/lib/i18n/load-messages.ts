import type { Locale } from '@capstan/shared';
import type { Messages } from './messages';

/**
 * Each language's catalogue is a chunk of its own: a Tamil page loads Tamil, not Hindi. English is
 * in the main bundle (translator.ts). The module keys are those of Vite's manifest, so the server
 * can preload the chunk of the page it rendered.
 */
export const LOCALE_MODULES: Record<Exclude<Locale, 'en'>, string> = {
  ta: 'src/locales/ta.ts',
  hi: 'src/locales/hi.ts',
};

export async function loadMessages(locale: Locale): Promise<Messages> {
  switch (locale) {
    case 'en':
      return {};
    case 'ta':
      return (await import('@/locales/ta')).messages;
    case 'hi':
      return (await import('@/locales/hi')).messages;
  }
}
