import { useId, useState } from 'react';
import { ChevronRight } from 'lucide-react';
import { CONTENT_LOCALES, type ContentLocale } from '@capstan/shared';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';
import { useAdminT } from '@/lib/i18n/admin';
import { useAdminRefusal } from '@/lib/i18n/admin-validation';
import {
  filledCount,
  translatableRows,
  type EnglishRows,
  type TranslationDraft,
  type TranslationDrafts,
  type TranslationErrors,
  type TranslationFieldKey,
} from '../lib/translation-drafts';

/** What the translations stand beside: the English as it is in the form right now. */
export interface EnglishTexts extends EnglishRows {
  name: string;
  description: string;
}

interface TranslationsFieldProps {
  value: TranslationDrafts;
  onChange: (next: TranslationDrafts) => void;
  english: EnglishTexts;
  errors: TranslationErrors;
  /** An input with a refusal was edited: its message goes. */
  onEdited: (key: TranslationFieldKey) => void;
}

const localesWithErrors = (errors: TranslationErrors) =>
  CONTENT_LOCALES.filter((locale) => Object.keys(errors).some((key) => key.startsWith(`${locale}.`)));

/**
 * The Tamil and Hindi texts beside the English (decision 072): one disclosure per language, closed
 * until wanted, its summary saying how much is filled, so the form stays as long as it was.
 */
export function TranslationsField({ value, onChange, english, errors, onEdited }: TranslationsFieldProps) {
  const { t } = useAdminT();
  const [open, setOpen] = useState<Partial<Record<ContentLocale, boolean>>>({});
  // A refused save opens the languages it refused, so the messages are seen.
  const [shownErrors, setShownErrors] = useState(errors);
  if (shownErrors !== errors) {
    setShownErrors(errors);
    const refused = localesWithErrors(errors);
    if (refused.some((locale) => !open[locale])) {
      setOpen((current) => ({ ...current, ...Object.fromEntries(refused.map((locale) => [locale, true])) }));
    }
  }

  return (
    <fieldset className="min-w-0 space-y-3">
      <legend className="text-sm font-medium">{t('adminItemForms.translationsLegend')}</legend>
      <p className="text-sm text-muted-foreground">{t('adminItemForms.translationsHelp')}</p>
      {CONTENT_LOCALES.map((locale) => {
        const { filled, total } = filledCount(value[locale], english);
        return (
          <details
            key={locale}
            open={open[locale] ?? false}
            onToggle={(event) => {
              const isOpen = event.currentTarget.open;
              setOpen((current) => (current[locale] === isOpen ? current : { ...current, [locale]: isOpen }));
            }}
            className="group min-w-0 rounded-md border"
          >
            <summary className="flex cursor-pointer list-none items-center gap-2 rounded-md px-3 py-2 text-sm focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none [&::-webkit-details-marker]:hidden">
              <ChevronRight aria-hidden="true" className="size-4 shrink-0 transition-transform group-open:rotate-90" />
              <span className="font-medium">{t('adminItemForms.translationLanguage', { locale })}</span>
              <span className="ml-auto text-xs text-muted-foreground">
                {t('adminItemForms.translationFilled', { filled, total })}
              </span>
            </summary>
            <LanguageFields
              locale={locale}
              draft={value[locale]}
              onChange={(draft) => onChange({ ...value, [locale]: draft })}
              english={english}
              errors={errors}
              onEdited={onEdited}
            />
          </details>
        );
      })}
    </fieldset>
  );
}

interface LanguageFieldsProps {
  locale: ContentLocale;
  draft: TranslationDraft;
  onChange: (draft: TranslationDraft) => void;
  english: EnglishTexts;
  errors: TranslationErrors;
  onEdited: (key: TranslationFieldKey) => void;
}

function LanguageFields({ locale, draft, onChange, english, errors, onEdited }: LanguageFieldsProps) {
  const { t } = useAdminT();
  const id = useId();
  const features = english.features === null ? null : translatableRows(english.features);
  const labels = translatableRows(english.specifications);

  /** The props every input shares: its language, its refusal, and clearing that refusal once edited. */
  const inputProps = (key: TranslationFieldKey, edit: (text: string) => void) => {
    const error = errors[key];
    return {
      lang: locale,
      'aria-invalid': error === undefined ? undefined : true,
      'aria-describedby': error === undefined ? undefined : `${id}-${key}-error`,
      onChange: (event: { target: { value: string } }) => {
        edit(event.target.value);
        if (error !== undefined) onEdited(key);
      },
    };
  };

  return (
    <div className="space-y-4 border-t p-3">
      <div className="space-y-2">
        <Label htmlFor={`${id}-name`}>{t('adminItemForms.translatedName', { locale })}</Label>
        <Input
          id={`${id}-name`}
          value={draft.name}
          placeholder={english.name}
          maxLength={200}
          {...inputProps(`${locale}.name`, (name) => onChange({ ...draft, name }))}
        />
        <FieldError id={id} fieldKey={`${locale}.name`} errors={errors} />
      </div>
      <div className="space-y-2">
        <Label htmlFor={`${id}-description`}>{t('adminItemForms.translatedDescription', { locale })}</Label>
        <Textarea
          id={`${id}-description`}
          value={draft.description}
          placeholder={english.description}
          rows={3}
          maxLength={5000}
          {...inputProps(`${locale}.description`, (description) => onChange({ ...draft, description }))}
        />
        <FieldError id={id} fieldKey={`${locale}.description`} errors={errors} />
      </div>

      {features !== null && features.length > 0 ? (
        <fieldset className="min-w-0 space-y-2">
          <legend className="text-sm font-medium">{t('adminItemForms.translatedFeatures', { locale })}</legend>
          <p className="text-xs text-muted-foreground">{t('adminItemForms.translatedFeaturesHelp')}</p>
          <FieldError id={id} fieldKey={`${locale}.features`} errors={errors} />
          <ol className="space-y-2">
            {features.map((row, index) => (
              <li key={row.id}>
                <Input
                  aria-label={t('adminItemForms.translatedFeature', { locale, n: index + 1 })}
                  title={row.text}
                  placeholder={row.text}
                  value={draft.features[row.id] ?? ''}
                  maxLength={200}
                  {...inputProps(`${locale}.features.${row.id}`, (text) =>
                    onChange({ ...draft, features: { ...draft.features, [row.id]: text } }),
                  )}
                />
                <FieldError id={id} fieldKey={`${locale}.features.${row.id}`} errors={errors} />
              </li>
            ))}
          </ol>
        </fieldset>
      ) : null}

      {labels.length > 0 ? (
        <fieldset className="min-w-0 space-y-2">
          <legend className="text-sm font-medium">{t('adminItemForms.translatedSpecifications', { locale })}</legend>
          <FieldError id={id} fieldKey={`${locale}.specifications`} errors={errors} />
          <ul className="grid gap-2 sm:grid-cols-2">
            {labels.map((row) => (
              <li key={row.id}>
                <Input
                  aria-label={t('adminItemForms.translatedSpecification', { locale, label: row.text })}
                  title={row.text}
                  placeholder={row.text}
                  value={draft.specifications[row.id] ?? ''}
                  maxLength={100}
                  {...inputProps(`${locale}.specifications.${row.id}`, (text) =>
                    onChange({ ...draft, specifications: { ...draft.specifications, [row.id]: text } }),
                  )}
                />
                <FieldError id={id} fieldKey={`${locale}.specifications.${row.id}`} errors={errors} />
              </li>
            ))}
          </ul>
        </fieldset>
      ) : null}
    </div>
  );
}

function FieldError({
  id,
  fieldKey,
  errors,
}: {
  id: string;
  fieldKey: TranslationFieldKey;
  errors: TranslationErrors;
}) {
  const refusal = useAdminRefusal();
  const message = errors[fieldKey];
  if (message === undefined) return null;
  return (
    <p id={`${id}-${fieldKey}-error`} className="text-sm text-destructive">
      {refusal(message)}
    </p>
  );
}
