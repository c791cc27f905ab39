import { flattenMessages } from '@capstan/shared';
import type { EnglishCatalogue } from '@/locales/en';

/** A catalogue as its files hold it: namespace (the file's name) → key → ICU message. */
export type NamespacedCatalogue = Record<string, Record<string, string>>;

/** Every message id the code may use: `namespace.key` of the English catalogue. */
export type MessageKey = {
  [Namespace in keyof EnglishCatalogue]: `${Namespace}.${keyof EnglishCatalogue[Namespace] & string}`;
}[keyof EnglishCatalogue];

/** Messages by id (`landing.heroTitle`), as the formatter takes them. */
export type Messages = Record<string, string>;

const fileName = (path: string): string => path.slice(path.lastIndexOf('/') + 1).replace(/\.json$/, '');

/**
 * One flat table of a language's messages. Takes namespaces by name (`{ landing: {...} }`) or the
 * files of an `import.meta.glob` (`{ './ta/landing.json': {...} }`), whose file name is the namespace.
 */
export function flattenCatalogue(catalogue: NamespacedCatalogue): Messages {
  return flattenMessages(
    Object.fromEntries(Object.entries(catalogue).map(([name, entries]) => [fileName(name), entries])),
  );
}
