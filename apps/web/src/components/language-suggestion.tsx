import { useEffect, useState } from 'react';
import { X } from 'lucide-react';
import { type Locale, LOCALES, localizedPath } from '@capstan/shared';
import { createTranslator, loadMessages, type Translator } from '@/lib/i18n';

/** Set once the visitor has said no: the suggestion is not made again in this browser. */
export const LANGUAGE_SUGGESTION_DISMISSED_KEY = 'language-suggestion-dismissed';

/**
 * The browser's first language among the site's: Tamil or Hindi when the visitor reads one of them
 * before English, else nothing. Read from `navigator.languages` (the same list a browser sends as
 * Accept-Language) in the browser only: a crawler, and the server's page, never see a suggestion.
 */
export function suggestedLocale(preferred: readonly string[]): Exclude<Locale, 'en'> | null {
  for (const tag of preferred) {
    const primary = tag.toLowerCase().split('-')[0];
    const locale = LOCALES.find((one) => one === primary);
    if (locale !== undefined) return locale === 'en' ? null : locale;
  }
  return null;
}

function dismissed(): boolean {
  try {
    return localStorage.getItem(LANGUAGE_SUGGESTION_DISMISSED_KEY) !== null;
  } catch {
    // Storage refused (private mode): suggest, and let the close button hide it for this page.
    return false;
  }
}

interface Suggestion {
  locale: Exclude<Locale, 'en'>;
  t: Translator['t'];
}

/**
 * On an English page, offers the same page in Tamil or Hindi to a visitor whose browser prefers it,
 * in that language (its messages are loaded only then). A fixed card over the page's corner, so it
 * moves nothing on the page; it never redirects (decision 071).
 */
export function LanguageSuggestion({ here }: { here: string }) {
  const [suggestion, setSuggestion] = useState<Suggestion | null>(null);
  useEffect(() => {
    const locale = suggestedLocale(navigator.languages ?? [navigator.language]);
    if (locale === null || dismissed()) return;
    let current = true;
    void loadMessages(locale).then((messages) => {
      if (current) setSuggestion({ locale, t: createTranslator(locale, messages).t });
    });
    return () => {
      current = false;
    };
  }, []);
  if (suggestion === null) return null;
  const { locale, t } = suggestion;
  const dismiss = () => {
    try {
      localStorage.setItem(LANGUAGE_SUGGESTION_DISMISSED_KEY, locale);
    } catch {
      // Hidden for this page only.
    }
    setSuggestion(null);
  };
  return (
    <aside
      lang={locale}
      aria-label={t('common.languages')}
      className="fixed bottom-4 left-4 z-40 flex max-w-[calc(100vw-7rem)] items-center gap-3 rounded-lg border bg-card p-3 text-sm shadow-lg sm:max-w-sm"
    >
      <p className="min-w-0">
        {t('common.languageSuggestion')}{' '}
        <a href={localizedPath(locale, here)} hrefLang={locale} className="font-medium text-primary underline">
          {t('common.languageSuggestionOpen')}
        </a>
      </p>
      <button
        type="button"
        onClick={dismiss}
        aria-label={t('common.languageSuggestionDismiss')}
        title={t('common.languageSuggestionDismiss')}
        className="shrink-0 rounded-md p-1 text-muted-foreground hover:bg-muted"
      >
        <X aria-hidden="true" className="size-4" />
      </button>
    </aside>
  );
}
