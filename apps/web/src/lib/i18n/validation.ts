import { ENGLISH_MESSAGES, type Translator } from './translator';
import type { MessageKey } from './messages';

const PREFIX = 'validation.';

// The shared schemas (packages/shared) and the server word a refusal in English, the form's and the
// route's one schema; that English text is the refusal's code, and the `validation` catalogue says
// it in the reader's language. The namespace loads with the forms (route-messages.ts), so the map is
// made at the first refusal, once its messages are there.
let keyOfMessage: Map<string, MessageKey> | undefined;
function keyOf(message: string): MessageKey | undefined {
  if (keyOfMessage === undefined) {
    const entries = Object.entries(ENGLISH_MESSAGES).filter(([key]) => key.startsWith(PREFIX));
    if (entries.length === 0) return undefined;
    keyOfMessage = new Map(entries.map(([key, text]) => [text, key as MessageKey]));
  }
  return keyOfMessage.get(message);
}

/** A schema's or the server's refusal in the page's language; one the catalogue lacks stays as sent. */
export function translateRefusal(translator: Translator, message: string | undefined): string | undefined {
  if (message === undefined) return undefined;
  const key = keyOf(message);
  return key === undefined ? message : translator.t(key);
}
