import { type ReactNode, useState } from 'react';
import { type FieldValues, get, type Path, type PathValue, type UseFormReturn } from 'react-hook-form';
import { Languages } from 'lucide-react';
import { CONTENT_LOCALES, type ContentLocale } from '@capstan/shared';
import { type BackOfficeKey, useAdminT } from '@/lib/i18n/admin';

/**
 * Tamil and Hindi inputs for the English texts beside them (decision 072), folded away so the
 * English form reads as before. Each is optional: an empty one shows the English on that language's
 * pages.
 */

const LANGUAGE_NAMES: Record<ContentLocale, BackOfficeKey> = {
  ta: 'adminSite.languageTamil',
  hi: 'adminSite.languageHindi',
};

/** "Tamil: Hero heading": the label of a translation's input. */
export function useTranslatedLabel(): (locale: ContentLocale, label: string) => string {
  const { t } = useAdminT();
  return (locale, label) => t('adminSite.translatedLabel', { language: t(LANGUAGE_NAMES[locale]), label });
}

/**
 * One disclosure per group of texts, a column per language. It stays open while one of its inputs
 * has an error (the form's check or the server's), so the message is never hidden.
 */
export function TranslationsDisclosure<T extends FieldValues>({
  form,
  at,
  children,
}: {
  form: UseFormReturn<T>;
  /** The form paths of one language's inputs here (a text, or a group such as `translations.ta.hero`). */
  at: (locale: ContentLocale) => string[];
  /** The inputs of one language, each with `lang={locale}`. */
  children: (locale: ContentLocale) => ReactNode;
}) {
  const { t } = useAdminT();
  const [open, setOpen] = useState(false);
  const errors = form.formState.errors;
  const invalid = CONTENT_LOCALES.some((locale) => at(locale).some((path) => get(errors, path) !== undefined));
  return (
    <details
      open={open || invalid}
      onToggle={(event) => setOpen(event.currentTarget.open)}
      className="rounded-md border border-dashed p-3"
    >
      <summary className="flex cursor-pointer items-center gap-2 text-sm font-medium">
        <Languages aria-hidden="true" className="size-4" />
        {t('adminSite.translationsSummary')}
      </summary>
      {/* Drawn only when open: a closed one's texts stay in the form's values and are saved as they are. */}
      {open || invalid ? (
        <>
          <p className="mt-2 text-sm text-muted-foreground">{t('adminSite.translationsHint')}</p>
          <div className="mt-3 grid gap-4 md:grid-cols-2">
            {CONTENT_LOCALES.map((locale) => (
              <fieldset key={locale} className="grid content-start gap-3">
                <legend className="mb-1 text-sm font-semibold">{t(LANGUAGE_NAMES[locale])}</legend>
                {children(locale)}
              </fieldset>
            ))}
          </div>
        </>
      ) : null}
    </details>
  );
}

/**
 * Keeps translation lists in step with their English list: when an English entry moves or goes,
 * its translations move or go with it, so the nth translation still translates the nth entry.
 */
export function useListsInStep<T extends FieldValues>(form: UseFormReturn<T>, names: Path<T>[], blank: () => unknown) {
  const change = (edit: (list: unknown[]) => void) => {
    for (const name of names) {
      const current: unknown = form.getValues(name);
      const list = Array.isArray(current) ? [...(current as unknown[])] : [];
      edit(list);
      form.setValue(name, list as PathValue<T, Path<T>>, { shouldDirty: true });
    }
  };
  return {
    move: (from: number, to: number) =>
      change((list) => {
        while (list.length <= Math.max(from, to)) list.push(blank());
        const [entry] = list.splice(from, 1);
        list.splice(to, 0, entry);
      }),
    remove: (index: number) => change((list) => void list.splice(index, 1)),
  };
}
