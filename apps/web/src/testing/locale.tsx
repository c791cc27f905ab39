import type { ReactNode } from 'react';
import type { Locale } from '@capstan/shared';
import { createTranslator, I18nProvider, type Translator } from '@/lib/i18n';
import { AdminI18nProvider, type AdminTranslator, createAdminTranslator } from '@/lib/i18n/admin';
import { messages as adminHindi } from '@/locales/admin-hi';
import { messages as adminTamil } from '@/locales/admin-ta';
import { messages as hindi } from '@/locales/hi';
import { messages as tamil } from '@/locales/ta';

const MESSAGES = { en: {}, ta: tamil, hi: hindi } as const;

/** The translator a page in `locale` gets (English fills what a catalogue lacks, as in the app). */
export function translatorFor(locale: Locale): Translator {
  return createTranslator(locale, MESSAGES[locale]);
}

/** Wraps a screen rendered on its own in a page language: `render(<X />, { wrapper: inLocale('ta') })`. */
export function inLocale(locale: Locale, Inner?: (props: { children: ReactNode }) => ReactNode) {
  const translator = translatorFor(locale);
  return function LocaleWrapper({ children }: { children: ReactNode }) {
    return <I18nProvider translator={translator}>{Inner ? <Inner>{children}</Inner> : children}</I18nProvider>;
  };
}

const ADMIN_MESSAGES = { en: {}, ta: { ...tamil, ...adminTamil }, hi: { ...hindi, ...adminHindi } } as const;

/** The back office's translator for a person who chose `locale`. */
export function adminTranslatorFor(locale: Locale): AdminTranslator {
  return createAdminTranslator(locale, ADMIN_MESSAGES[locale]);
}

/** Wraps a back-office screen in a person's language: `render(<X />, { wrapper: inAdminLocale('hi') })`. */
export function inAdminLocale(locale: Locale, Inner?: (props: { children: ReactNode }) => ReactNode) {
  const translator = adminTranslatorFor(locale);
  return function AdminLocaleWrapper({ children }: { children: ReactNode }) {
    return (
      <AdminI18nProvider translator={translator}>{Inner ? <Inner>{children}</Inner> : children}</AdminI18nProvider>
    );
  };
}
