import { type FormEvent, useId, useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { LOCALE_NAMES, LOCALES, type Locale, staffLocaleInputSchema } from '@capstan/shared';
import { Button } from '@/components/ui/button';
import { ME_URL, useMe } from '@/hooks/use-can';
import { toast } from '@/hooks/use-toast';
import { api } from '@/lib/api-client';
import { createAdminTranslator, loadAdminMessages, useAdminT } from '@/lib/i18n/admin';

export const STAFF_LOCALE_URL = '/api/auth/locale';

/**
 * Account → Language: the back office's language for this person only. Saved with their account,
 * so it follows them to another browser; the whole back office switches once the server has it.
 */
export function LanguageChoice() {
  const { t } = useAdminT();
  const me = useMe();
  const queryClient = useQueryClient();
  const current = me.data?.locale ?? 'en';
  const [chosen, setChosen] = useState<Locale | null>(null);
  const name = useId();
  const save = useMutation({
    mutationFn: (locale: Locale) =>
      api.put<{ locale: Locale }>(STAFF_LOCALE_URL, staffLocaleInputSchema.parse({ locale })),
    onSuccess: async (_answer, locale) => {
      await queryClient.invalidateQueries({ queryKey: [ME_URL] });
      setChosen(null);
      // Said in the language just chosen: the screen around it has already switched.
      const saved = createAdminTranslator(locale, await loadAdminMessages(locale));
      toast({ title: saved.t('admin.languageSaved') });
    },
    onError: () => toast({ variant: 'destructive', title: t('admin.languageFailed') }),
  });
  const selected = chosen ?? current;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate(selected);
  };

  return (
    <form onSubmit={submit} className="grid gap-4">
      <fieldset className="grid gap-2">
        <legend className="sr-only">{t('admin.languageTitle')}</legend>
        {LOCALES.map((locale) => (
          <label key={locale} className="flex items-center gap-2 text-sm">
            <input
              type="radio"
              name={name}
              value={locale}
              checked={selected === locale}
              onChange={() => setChosen(locale)}
              className="size-4 accent-primary"
            />
            <span lang={locale}>{LOCALE_NAMES[locale]}</span>
          </label>
        ))}
      </fieldset>
      <Button type="submit" className="self-start" disabled={save.isPending || selected === current}>
        {save.isPending ? t('admin.languageSaving') : t('admin.languageSave')}
      </Button>
    </form>
  );
}
