import { createContext, type ReactNode, useContext } from 'react';
import type { Locale } from '@capstan/shared';
import { ADMIN_EN_CATALOGUE } from '@/locales/admin-en';
import chatWindow from '@/locales/en/on-demand/chatWindow.json';
import product from '@/locales/en/on-demand/product.json';
import validation from '@/locales/en/on-demand/validation.json';
import { I18nProvider } from './i18n-provider';
import { loadMessages } from './load-messages';
import { flattenCatalogue, type MessageKey, type Messages } from './messages';
import { routeNamespaceMessages } from './route-messages';
import { createTranslator, ENGLISH_MESSAGES, type Translator } from './translator';

/**
 * The back office's messages (`locales/admin/<language>/*.json`) live in the admin area's chunks:
 * public pages never load them. Its screens use `useAdminT()`, which knows both the back office's
 * keys and the public ones (shared components, the same words).
 */
export type AdminMessageKey = {
  [
    Namespace in keyof typeof ADMIN_EN_CATALOGUE
  ]: `${Namespace}.${keyof (typeof ADMIN_EN_CATALOGUE)[Namespace] & string}`;
}[keyof typeof ADMIN_EN_CATALOGUE];
export type BackOfficeKey = MessageKey | AdminMessageKey;
export type AdminTranslator = Translator<BackOfficeKey>;

/**
 * The back office's English: the public messages; the on-demand namespaces whose words it shows
 * too, which public pages load with the pages and parts that use them (lib/i18n/route-messages.ts):
 * an item's terms as the details page and the chat say them (`product.inStock`, `chatWindow.terms`)
 * and the forms' refusals (`validation`); and its own.
 */
export const ADMIN_ENGLISH_MESSAGES: Messages = {
  ...ENGLISH_MESSAGES,
  ...flattenCatalogue({ chatWindow, product, validation }),
  ...flattenCatalogue(ADMIN_EN_CATALOGUE),
};

/** The back office in English: outside a provider (a screen rendered on its own in a test), and for plain functions. */
export const ADMIN_ENGLISH: AdminTranslator = createTranslator<BackOfficeKey>('en', {}, ADMIN_ENGLISH_MESSAGES);

const AdminContext = createContext<AdminTranslator>(ADMIN_ENGLISH);

/** The back office in one person's language: its own messages and the public ones. */
export function AdminI18nProvider({ translator, children }: { translator: AdminTranslator; children: ReactNode }) {
  return (
    <AdminContext value={translator}>
      <I18nProvider translator={translator}>{children}</I18nProvider>
    </AdminContext>
  );
}

export function useAdminT(): AdminTranslator {
  return useContext(AdminContext);
}

/** A language's public and back-office messages (English: none, the fallback has them all). */
export async function loadAdminMessages(locale: Locale): Promise<Messages> {
  switch (locale) {
    case 'en':
      return {};
    case 'ta': {
      const [site, terms, admin] = await Promise.all([
        loadMessages('ta'),
        routeNamespaceMessages(['chatWindow', 'product', 'validation'], 'ta'),
        import('@/locales/admin-ta'),
      ]);
      return { ...site, ...terms, ...admin.messages };
    }
    case 'hi': {
      const [site, terms, admin] = await Promise.all([
        loadMessages('hi'),
        routeNamespaceMessages(['chatWindow', 'product', 'validation'], 'hi'),
        import('@/locales/admin-hi'),
      ]);
      return { ...site, ...terms, ...admin.messages };
    }
  }
}

export function createAdminTranslator(locale: Locale, messages: Messages): AdminTranslator {
  return createTranslator<BackOfficeKey>(locale, messages, ADMIN_ENGLISH_MESSAGES);
}
