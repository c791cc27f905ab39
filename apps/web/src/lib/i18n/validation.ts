import { ENGLISH_MESSAGES, type Translator } from './translator';
import type { MessageKey } from './messages';

const PREFIX = 'validation.';

// The shared schemas (packages/shared) and the server word a refusal in English, the form's and the
// route's one schema; that English text is the refusal's code, and the `validation` catalogue says
// it in the reader's language.
const KEY_OF_MESSAGE = new Map(
  Object.entries(ENGLISH_MESSAGES)
    .filter(([key]) => key.startsWith(PREFIX))
    .map(([key, message]) => [message, key as MessageKey]),
);

/** A schema's or the server's refusal in the page's language; one the catalogue lacks stays as sent. */
export function translateRefusal(translator: Translator, message: string | undefined): string | undefined {
  if (message === undefined) return undefined;
  const key = KEY_OF_MESSAGE.get(message);
  return key === undefined ? message : translator.t(key);
}
