import { useId } from 'react';
import { useFieldArray, useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import {
  type LandingContent,
  type LandingFormValues,
  type LandingInput,
  landingInputSchema,
  SERVICE_ICONS,
} from '@capstan/shared';
import { Label } from '@/components/ui/label';
import { type BackOfficeKey, useAdminT } from '@/lib/i18n/admin';
import { adminSiteQuery, useSaveLanding } from '../api/site-settings';
import { landingWithDrafts } from '../lib/translation-drafts';
import { AddButton, ErrorText, fieldError, RowActions, Section, TextField, TextListField } from './fields';
import { HeroPictureField } from './hero-picture-field';
import { SettingsFormFrame, StaleNotice, useSettingsSave } from './settings-form';
import { TranslationsDisclosure, useListsInStep, useTranslatedLabel } from './translation-fields';

const resolver = zodResolver(landingInputSchema);

const ICON_LABELS: Record<(typeof SERVICE_ICONS)[number], BackOfficeKey> = {
  lathe: 'adminSite.iconLathe',
  cnc: 'adminSite.iconCnc',
  parts: 'adminSite.iconParts',
  installation: 'adminSite.iconInstallation',
  maintenance: 'adminSite.iconMaintenance',
  retrofit: 'adminSite.iconRetrofit',
  training: 'adminSite.iconTraining',
  custom: 'adminSite.iconCustom',
};

const numberValue = (value: unknown) => (value === '' ? Number.NaN : Number(value));
const selectClass =
  'flex h-10 w-full rounded-md border border-input bg-background px-3 py-2 text-sm focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none';

export function LandingForm({ landing }: { landing: LandingContent }) {
  const { t } = useAdminT();
  const translated = useTranslatedLabel();
  const id = useId();
  const queryClient = useQueryClient();
  const saveLanding = useSaveLanding();
  const form = useForm<LandingFormValues, unknown, LandingInput>({
    resolver,
    defaultValues: landingWithDrafts(landing),
  });
  const services = useFieldArray({ control: form.control, name: 'services' });
  const reasons = useFieldArray({ control: form.control, name: 'reasons' });
  const testimonials = useFieldArray({ control: form.control, name: 'testimonials' });
  // Translations go by position: each moves and goes with its English entry.
  const titled = () => ({ title: '', description: '' });
  const serviceTranslations = useListsInStep(form, ['translations.ta.services', 'translations.hi.services'], titled);
  const reasonTranslations = useListsInStep(form, ['translations.ta.reasons', 'translations.hi.reasons'], titled);
  const paragraphTranslations = useListsInStep(
    form,
    ['translations.ta.about.paragraphs', 'translations.hi.about.paragraphs'],
    () => '',
  );
  const highlightTranslations = useListsInStep(
    form,
    ['translations.ta.about.highlights', 'translations.hi.about.highlights'],
    () => '',
  );
  const paragraphs = useWatch({ control: form.control, name: 'about.paragraphs' });
  const highlights = useWatch({ control: form.control, name: 'about.highlights' });
  const { onSubmit, staleMessage, onReload } = useSettingsSave<LandingFormValues, LandingContent>({
    form,
    texts: { saved: t('adminSite.landingSaved'), notSaved: t('adminSite.landingNotSaved') },
    save: async (values) => landingWithDrafts(await saveLanding.mutateAsync(values as LandingInput)),
    reload: async () => landingWithDrafts((await queryClient.fetchQuery({ ...adminSiteQuery, staleTime: 0 })).landing),
  });

  return (
    <SettingsFormFrame
      title={t('adminSite.landingTitle')}
      description={t('adminSite.landingDescription')}
      onSubmit={(event) => void form.handleSubmit((values) => onSubmit(values))(event)}
      submitting={form.formState.isSubmitting}
      stale={staleMessage ? <StaleNotice message={staleMessage} onReload={onReload} /> : null}
    >
      <Section title={t('adminSite.heroTitle')}>
        <TextField form={form} name="hero.eyebrow" label={t('adminSite.heroEyebrow')} />
        <TextField form={form} name="hero.heading" label={t('adminSite.heroHeading')} />
        <TextField form={form} name="hero.text" label={t('adminSite.heroText')} multiline />
        <TranslationsDisclosure form={form} at={(locale) => [`translations.${locale}.hero`]}>
          {(locale) => (
            <>
              <TextField
                form={form}
                name={`translations.${locale}.hero.eyebrow`}
                label={translated(locale, t('adminSite.heroEyebrow'))}
                lang={locale}
              />
              <TextField
                form={form}
                name={`translations.${locale}.hero.heading`}
                label={translated(locale, t('adminSite.heroHeading'))}
                lang={locale}
              />
              <TextField
                form={form}
                name={`translations.${locale}.hero.text`}
                label={translated(locale, t('adminSite.heroText'))}
                lang={locale}
                multiline
              />
            </>
          )}
        </TranslationsDisclosure>
        <HeroPictureField form={form} />
      </Section>

      <Section title={t('adminSite.statsTitle')} description={t('adminSite.statsDescription')}>
        <div className="grid gap-3">
          {landing.stats.map((_, index) => (
            <fieldset key={index} className="grid gap-3 rounded-md border p-3 sm:grid-cols-[1fr_6rem_2fr]">
              <legend className="sr-only">{t('adminSite.statistic', { n: index + 1 })}</legend>
              <TextField
                form={form}
                name={`stats.${index}.value`}
                label={t('adminSite.figure', { n: index + 1 })}
                type="number"
                options={{ setValueAs: numberValue }}
              />
              <TextField form={form} name={`stats.${index}.suffix`} label={t('adminSite.suffix', { n: index + 1 })} />
              <TextField form={form} name={`stats.${index}.label`} label={t('adminSite.labelN', { n: index + 1 })} />
            </fieldset>
          ))}
        </div>
        <TranslationsDisclosure form={form} at={(locale) => [`translations.${locale}.stats`]}>
          {(locale) =>
            landing.stats.map((_, index) => (
              <TextField
                key={index}
                form={form}
                name={`translations.${locale}.stats.${index}`}
                label={translated(locale, t('adminSite.labelN', { n: index + 1 }))}
                lang={locale}
              />
            ))
          }
        </TranslationsDisclosure>
      </Section>

      <Section title={t('adminSite.aboutTitle')}>
        <TextField form={form} name="about.heading" label={t('adminSite.aboutHeading')} />
        <TextListField
          form={form}
          name="about.paragraphs"
          legend={t('adminSite.paragraphs')}
          itemLabel={(n) => t('adminSite.paragraph', { n })}
          itemName={(n) => t('adminSite.paragraphName', { n })}
          addLabel={t('adminSite.addParagraph')}
          multiline
          min={1}
          max={6}
          onMove={paragraphTranslations.move}
          onRemove={paragraphTranslations.remove}
        />
        <TextListField
          form={form}
          name="about.highlights"
          legend={t('adminSite.highlights')}
          itemLabel={(n) => t('adminSite.highlight', { n })}
          itemName={(n) => t('adminSite.highlightName', { n })}
          addLabel={t('adminSite.addHighlight')}
          max={8}
          onMove={highlightTranslations.move}
          onRemove={highlightTranslations.remove}
        />
        <TranslationsDisclosure form={form} at={(locale) => [`translations.${locale}.about`]}>
          {(locale) => (
            <>
              <TextField
                form={form}
                name={`translations.${locale}.about.heading`}
                label={translated(locale, t('adminSite.aboutHeading'))}
                lang={locale}
              />
              {paragraphs.map((_, index) => (
                <TextField
                  key={index}
                  form={form}
                  name={`translations.${locale}.about.paragraphs.${index}`}
                  label={translated(locale, t('adminSite.paragraph', { n: index + 1 }))}
                  lang={locale}
                  multiline
                />
              ))}
              {highlights.map((_, index) => (
                <TextField
                  key={index}
                  form={form}
                  name={`translations.${locale}.about.highlights.${index}`}
                  label={translated(locale, t('adminSite.highlight', { n: index + 1 }))}
                  lang={locale}
                />
              ))}
            </>
          )}
        </TranslationsDisclosure>
      </Section>

      <Section title={t('adminSite.servicesTitle')} description={t('adminSite.servicesDescription')}>
        {services.fields.map((field, index) => (
          <fieldset key={field.id} className="grid gap-3 rounded-md border p-3">
            <legend className="sr-only">{t('adminSite.service', { n: index + 1 })}</legend>
            <div className="flex flex-wrap items-end justify-between gap-3">
              <div className="grid gap-2">
                <Label htmlFor={`${id}-service-${index}-icon`}>{t('adminSite.icon', { n: index + 1 })}</Label>
                <select
                  id={`${id}-service-${index}-icon`}
                  className={selectClass}
                  {...form.register(`services.${index}.icon`)}
                >
                  {SERVICE_ICONS.map((icon) => (
                    <option key={icon} value={icon}>
                      {t(ICON_LABELS[icon])}
                    </option>
                  ))}
                </select>
              </div>
              <RowActions
                index={index}
                count={services.fields.length}
                what={t('adminSite.serviceName', { n: index + 1 })}
                onMove={(from, to) => {
                  services.move(from, to);
                  serviceTranslations.move(from, to);
                }}
                onRemove={(at) => {
                  services.remove(at);
                  serviceTranslations.remove(at);
                }}
                canRemove={services.fields.length > 1}
              />
            </div>
            <TextField
              form={form}
              name={`services.${index}.title`}
              label={t('adminSite.serviceTitle', { n: index + 1 })}
            />
            <TextField
              form={form}
              name={`services.${index}.description`}
              label={t('adminSite.serviceDescription', { n: index + 1 })}
              multiline
            />
            <TranslationsDisclosure form={form} at={(locale) => [`translations.${locale}.services.${index}`]}>
              {(locale) => (
                <>
                  <TextField
                    form={form}
                    name={`translations.${locale}.services.${index}.title`}
                    label={translated(locale, t('adminSite.serviceTitle', { n: index + 1 }))}
                    lang={locale}
                  />
                  <TextField
                    form={form}
                    name={`translations.${locale}.services.${index}.description`}
                    label={translated(locale, t('adminSite.serviceDescription', { n: index + 1 }))}
                    lang={locale}
                    multiline
                  />
                </>
              )}
            </TranslationsDisclosure>
          </fieldset>
        ))}
        <ErrorText id={`${id}-services-error`} message={fieldError(form, 'services')} />
        <AddButton
          onClick={() => services.append({ icon: 'custom', title: '', description: '' })}
          disabled={services.fields.length >= 12}
        >
          {t('adminSite.addService')}
        </AddButton>
      </Section>

      <Section title={t('adminSite.reasonsTitle')}>
        {reasons.fields.map((field, index) => (
          <fieldset key={field.id} className="grid gap-3 rounded-md border p-3">
            <legend className="sr-only">{t('adminSite.reason', { n: index + 1 })}</legend>
            <div className="flex justify-end">
              <RowActions
                index={index}
                count={reasons.fields.length}
                what={t('adminSite.reasonName', { n: index + 1 })}
                onMove={(from, to) => {
                  reasons.move(from, to);
                  reasonTranslations.move(from, to);
                }}
                onRemove={(at) => {
                  reasons.remove(at);
                  reasonTranslations.remove(at);
                }}
                canRemove={reasons.fields.length > 1}
              />
            </div>
            <TextField
              form={form}
              name={`reasons.${index}.title`}
              label={t('adminSite.reasonTitle', { n: index + 1 })}
            />
            <TextField
              form={form}
              name={`reasons.${index}.description`}
              label={t('adminSite.reasonDescription', { n: index + 1 })}
            />
            <TranslationsDisclosure form={form} at={(locale) => [`translations.${locale}.reasons.${index}`]}>
              {(locale) => (
                <>
                  <TextField
                    form={form}
                    name={`translations.${locale}.reasons.${index}.title`}
                    label={translated(locale, t('adminSite.reasonTitle', { n: index + 1 }))}
                    lang={locale}
                  />
                  <TextField
                    form={form}
                    name={`translations.${locale}.reasons.${index}.description`}
                    label={translated(locale, t('adminSite.reasonDescription', { n: index + 1 }))}
                    lang={locale}
                  />
                </>
              )}
            </TranslationsDisclosure>
          </fieldset>
        ))}
        <ErrorText id={`${id}-reasons-error`} message={fieldError(form, 'reasons')} />
        <AddButton onClick={() => reasons.append({ title: '', description: '' })} disabled={reasons.fields.length >= 8}>
          {t('adminSite.addReason')}
        </AddButton>
      </Section>

      <Section title={t('adminSite.testimonialsTitle')} description={t('adminSite.testimonialsDescription')}>
        <p className="text-sm text-muted-foreground">{t('adminSite.testimonialsUntranslated')}</p>
        {testimonials.fields.map((field, index) => (
          <fieldset key={field.id} className="grid gap-3 rounded-md border p-3">
            <legend className="sr-only">{t('adminSite.testimonial', { n: index + 1 })}</legend>
            <div className="flex flex-wrap items-end justify-between gap-3">
              <div className="flex items-end gap-4">
                <div className="grid gap-2">
                  <Label htmlFor={`${id}-testimonial-${index}-rating`}>{t('adminSite.rating', { n: index + 1 })}</Label>
                  <select
                    id={`${id}-testimonial-${index}-rating`}
                    className={selectClass}
                    {...form.register(`testimonials.${index}.rating`, { setValueAs: numberValue })}
                  >
                    {[5, 4, 3, 2, 1].map((stars) => (
                      <option key={stars} value={stars}>
                        {t('adminSite.ratingOption', { stars })}
                      </option>
                    ))}
                  </select>
                </div>
                <div className="flex items-center gap-2 pb-2">
                  <input
                    id={`${id}-testimonial-${index}-hidden`}
                    type="checkbox"
                    className="size-4"
                    {...form.register(`testimonials.${index}.hidden`)}
                  />
                  <Label htmlFor={`${id}-testimonial-${index}-hidden`}>
                    {t('adminSite.hideTestimonial', { n: index + 1 })}
                  </Label>
                </div>
              </div>
              <RowActions
                index={index}
                count={testimonials.fields.length}
                what={t('adminSite.testimonialName', { n: index + 1 })}
                onMove={testimonials.move}
                onRemove={testimonials.remove}
              />
            </div>
            <TextField
              form={form}
              name={`testimonials.${index}.text`}
              label={t('adminSite.testimonial', { n: index + 1 })}
              multiline
            />
            <div className="grid gap-3 sm:grid-cols-[2fr_2fr_1fr]">
              <TextField
                form={form}
                name={`testimonials.${index}.author`}
                label={t('adminSite.author', { n: index + 1 })}
              />
              <TextField
                form={form}
                name={`testimonials.${index}.position`}
                label={t('adminSite.position', { n: index + 1 })}
              />
              <TextField
                form={form}
                name={`testimonials.${index}.initials`}
                label={t('adminSite.initials', { n: index + 1 })}
              />
            </div>
          </fieldset>
        ))}
        <ErrorText id={`${id}-testimonials-error`} message={fieldError(form, 'testimonials')} />
        <AddButton
          onClick={() =>
            testimonials.append({ rating: 5, text: '', author: '', position: '', initials: '', hidden: false })
          }
          disabled={testimonials.fields.length >= 20}
        >
          {t('adminSite.addTestimonial')}
        </AddButton>
      </Section>
    </SettingsFormFrame>
  );
}
