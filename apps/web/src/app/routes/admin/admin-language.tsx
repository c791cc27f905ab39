import { type ReactNode, useEffect, useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import { isLocale, type Locale } from '@capstan/shared';
import { Spinner } from '@/components/ui/spinner';
import { useMe } from '@/hooks/use-can';
import { AdminI18nProvider, createAdminTranslator, loadAdminMessages } from '@/lib/i18n/admin';

/** The language last seen for this browser's staff member, so a reload starts in it. */
const ADMIN_LOCALE_STORAGE_KEY = 'capstan.adminLocale';

function rememberedLocale(): Locale {
  try {
    const saved = localStorage.getItem(ADMIN_LOCALE_STORAGE_KEY);
    return isLocale(saved) ? saved : 'en';
  } catch {
    return 'en';
  }
}

/**
 * The back office in the signed-in person's language (Account → Language, kept on the server with
 * their account). Its messages are a chunk of their own, loaded once; until they are here the
 * screen waits rather than showing English first.
 */
export function AdminLanguage({ children }: { children: ReactNode }) {
  const me = useMe();
  const locale = me.data?.locale ?? rememberedLocale();
  const messages = useQuery({
    queryKey: ['admin-messages', locale],
    queryFn: () => loadAdminMessages(locale),
    staleTime: Number.POSITIVE_INFINITY,
  });
  const translator = useMemo(
    () => (messages.data === undefined ? null : createAdminTranslator(locale, messages.data)),
    [locale, messages.data],
  );

  useEffect(() => {
    document.documentElement.lang = locale;
    try {
      localStorage.setItem(ADMIN_LOCALE_STORAGE_KEY, locale);
    } catch {
      // Private mode: the next load starts in English until the account answers.
    }
  }, [locale]);

  if (translator === null) {
    return (
      <p role="status" className="flex min-h-dvh items-center justify-center text-muted-foreground">
        <Spinner />
      </p>
    );
  }
  return <AdminI18nProvider translator={translator}>{children}</AdminI18nProvider>;
}
