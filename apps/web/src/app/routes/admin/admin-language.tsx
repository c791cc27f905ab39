import { type ReactNode, useEffect, useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Spinner } from '@/components/ui/spinner';
import { useMe } from '@/hooks/use-can';
import { AdminI18nProvider, createAdminTranslator, loadAdminMessages } from '@/lib/i18n/admin';
import { rememberAdminLocale, rememberedAdminLocale } from '@/lib/i18n/admin-locale';

/**
 * The back office in the signed-in person's language (Account → Language, kept on the server with
 * their account). Its messages are a chunk of their own, loaded once; until they are here the
 * screen waits rather than showing English first.
 */
export function AdminLanguage({ children }: { children: ReactNode }) {
  const me = useMe();
  const locale = me.data?.locale ?? rememberedAdminLocale() ?? 'en';
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
    const pageLanguage = document.documentElement.lang;
    document.documentElement.lang = locale;
    rememberAdminLocale(locale);
    // Leaving the back office (signing out, an expired session) returns to a public page, whose
    // language is its address's, not the staff member's.
    return () => {
      document.documentElement.lang = pageLanguage;
    };
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
