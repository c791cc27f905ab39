import { useFieldArray, useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import {
  type CompanyFormValues,
  type CompanyInput,
  type CompanySettings,
  companyInputSchema,
  gstStateName,
  gstinStateCode,
  QUOTATION_PREFIX_MAX_LENGTH,
  SOCIAL_NETWORK_LABELS,
  SOCIAL_NETWORKS,
  WARRANTY_MAX_MONTHS,
  type WeekDay,
} from '@capstan/shared';
import { Label } from '@/components/ui/label';
import { type BackOfficeKey, useAdminT } from '@/lib/i18n/admin';
import { adminSiteQuery, useSaveCompany } from '../api/site-settings';
import { companyWithDrafts } from '../lib/translation-drafts';
import { CompanyPictureField } from './company-picture-field';
import { AddButton, ErrorText, fieldError, RowActions, Section, TextField, TextListField } from './fields';
import { SettingsFormFrame, StaleNotice, useSettingsSave } from './settings-form';
import { TranslationsDisclosure, useListsInStep, useTranslatedLabel } from './translation-fields';

const resolver = zodResolver(companyInputSchema);

const DAY_NAMES: Record<WeekDay, BackOfficeKey> = {
  Monday: 'adminSite.dayMonday',
  Tuesday: 'adminSite.dayTuesday',
  Wednesday: 'adminSite.dayWednesday',
  Thursday: 'adminSite.dayThursday',
  Friday: 'adminSite.dayFriday',
  Saturday: 'adminSite.daySaturday',
  Sunday: 'adminSite.daySunday',
};

const yearValue = (value: unknown) => (value === '' || value === null || value === undefined ? null : Number(value));

export function CompanyForm({ company }: { company: CompanySettings }) {
  const { t, locale } = useAdminT();
  const translated = useTranslatedLabel();
  const queryClient = useQueryClient();
  const saveCompany = useSaveCompany();
  const form = useForm<CompanyFormValues, unknown, CompanyInput>({
    resolver,
    defaultValues: companyWithDrafts(company),
  });
  const phones = useFieldArray({ control: form.control, name: 'phones' });
  // The seller's state on quotations is the GSTIN's (decision 075): shown as it is typed.
  const gstinState = gstinStateCode(useWatch({ control: form.control, name: 'gstin' }) ?? '');
  // A phone's translated label moves and goes with the phone.
  const phoneLabels = useListsInStep(form, ['translations.ta.phoneLabels', 'translations.hi.phoneLabels'], () => '');
  const { onSubmit, staleMessage, onReload } = useSettingsSave<CompanyFormValues, CompanySettings>({
    form,
    texts: { saved: t('adminSite.companySaved'), notSaved: t('adminSite.companyNotSaved') },
    save: async (values) => companyWithDrafts(await saveCompany.mutateAsync(values as CompanyInput)),
    reload: async () => companyWithDrafts((await queryClient.fetchQuery({ ...adminSiteQuery, staleTime: 0 })).company),
  });

  return (
    <SettingsFormFrame
      title={t('adminSite.companyTitle')}
      description={t('adminSite.companyDescription')}
      onSubmit={(event) => void form.handleSubmit((values) => onSubmit(values))(event)}
      submitting={form.formState.isSubmitting}
      stale={staleMessage ? <StaleNotice message={staleMessage} onReload={onReload} /> : null}
    >
      <Section title={t('adminSite.companyTitle')}>
        <TextField form={form} name="name" label={t('adminSite.companyName')} hint={t('adminSite.companyNameHint')} />
        <TextField form={form} name="tagline" label={t('adminSite.tagline')} multiline />
        <TranslationsDisclosure form={form} at={(locale) => [`translations.${locale}.tagline`]}>
          {(locale) => (
            <TextField
              form={form}
              name={`translations.${locale}.tagline`}
              label={translated(locale, t('adminSite.tagline'))}
              lang={locale}
              multiline
            />
          )}
        </TranslationsDisclosure>
        <TextField
          form={form}
          name="yearFounded"
          label={t('adminSite.yearFounded')}
          type="number"
          options={{ setValueAs: yearValue }}
        />
        <TextField form={form} name="gstin" label={t('adminSite.gstin')} hint={t('adminSite.gstinHint')} />
        {gstinState ? (
          <p className="text-sm" aria-live="polite">
            {t('adminSite.gstinState', { state: gstStateName(gstinState, locale), code: gstinState })}
          </p>
        ) : null}
      </Section>

      <Section title={t('adminSite.picturesTitle')} description={t('adminSite.picturesDescription')}>
        <CompanyPictureField form={form} name="logo" />
        <CompanyPictureField form={form} name="sharePicture" />
      </Section>

      <Section title={t('adminSite.addressTitle')} description={t('adminSite.addressDescription')}>
        <TextListField
          form={form}
          name="address.lines"
          legend={t('adminSite.printedAddress')}
          itemLabel={(n) => t('adminSite.addressLine', { n })}
          itemName={(n) => t('adminSite.addressLineName', { n })}
          addLabel={t('adminSite.addLine')}
          min={1}
          max={5}
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField form={form} name="address.streetAddress" label={t('adminSite.streetAddress')} />
          <TextField form={form} name="address.locality" label={t('adminSite.locality')} />
          <TextField form={form} name="address.region" label={t('adminSite.region')} />
          <TextField form={form} name="address.postalCode" label={t('adminSite.postalCode')} />
          <TextField
            form={form}
            name="address.countryCode"
            label={t('adminSite.countryCode')}
            hint={t('adminSite.countryCodeHint')}
          />
          <TextField form={form} name="address.mapUrl" label={t('adminSite.mapUrl')} type="url" />
        </div>
      </Section>

      <Section title={t('adminSite.phoneEmailTitle')} description={t('adminSite.phoneEmailDescription')}>
        <fieldset className="grid gap-3">
          <legend className="mb-2 text-sm font-medium">{t('adminSite.phoneNumbers')}</legend>
          {phones.fields.map((field, index) => (
            <div key={field.id} className="grid gap-2 rounded-md border p-3 sm:grid-cols-[1fr_2fr_auto] sm:items-start">
              <TextField form={form} name={`phones.${index}.label`} label={t('adminSite.labelN', { n: index + 1 })} />
              <TextField
                form={form}
                name={`phones.${index}.number`}
                label={t('adminSite.phoneNumber', { n: index + 1 })}
                type="tel"
                hint={t('adminSite.phoneHint')}
              />
              <div className="sm:pt-7">
                <RowActions
                  index={index}
                  count={phones.fields.length}
                  what={t('adminSite.phoneName', { n: index + 1 })}
                  onMove={(from, to) => {
                    phones.move(from, to);
                    phoneLabels.move(from, to);
                  }}
                  onRemove={(index) => {
                    phones.remove(index);
                    phoneLabels.remove(index);
                  }}
                  canRemove={phones.fields.length > 1}
                />
              </div>
            </div>
          ))}
          <ErrorText id="phones-error" message={fieldError(form, 'phones')} />
          <AddButton onClick={() => phones.append({ label: '', number: '' })} disabled={phones.fields.length >= 5}>
            {t('adminSite.addPhone')}
          </AddButton>
        </fieldset>
        <TextField form={form} name="email" label={t('adminSite.email')} type="email" />
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            form={form}
            name="whatsapp.number"
            label={t('adminSite.whatsappNumber')}
            type="tel"
            hint={t('adminSite.phoneHint')}
          />
          <TextField form={form} name="whatsapp.message" label={t('adminSite.whatsappMessage')} />
        </div>
        <TranslationsDisclosure
          form={form}
          at={(locale) => [`translations.${locale}.phoneLabels`, `translations.${locale}.whatsappMessage`]}
        >
          {(locale) => (
            <>
              {phones.fields.map((field, index) => (
                <TextField
                  key={field.id}
                  form={form}
                  name={`translations.${locale}.phoneLabels.${index}`}
                  label={translated(locale, t('adminSite.labelN', { n: index + 1 }))}
                  lang={locale}
                />
              ))}
              <TextField
                form={form}
                name={`translations.${locale}.whatsappMessage`}
                label={translated(locale, t('adminSite.whatsappMessage'))}
                lang={locale}
              />
            </>
          )}
        </TranslationsDisclosure>
      </Section>

      <Section title={t('adminSite.hoursTitle')} description={t('adminSite.hoursDescription')}>
        <div className="grid gap-3">
          {company.hours.map((day, index) => {
            const dayName = t(DAY_NAMES[day.day]);
            return (
              <fieldset key={day.day} className="grid grid-cols-2 items-start gap-3 sm:grid-cols-[8rem_6rem_1fr_1fr]">
                <legend className="sr-only">{dayName}</legend>
                <p className="col-span-2 pt-2 font-medium sm:col-span-1">{dayName}</p>
                <div className="col-span-2 flex items-center gap-2 pt-2 sm:col-span-1">
                  <input
                    id={`hours-${index}-closed`}
                    type="checkbox"
                    className="size-4"
                    {...form.register(`hours.${index}.closed`)}
                  />
                  <Label htmlFor={`hours-${index}-closed`}>{t('adminSite.closed')}</Label>
                </div>
                <TextField
                  form={form}
                  name={`hours.${index}.opens`}
                  label={t('adminSite.dayOpens', { day: dayName })}
                  type="time"
                />
                <TextField
                  form={form}
                  name={`hours.${index}.closes`}
                  label={t('adminSite.dayCloses', { day: dayName })}
                  type="time"
                />
              </fieldset>
            );
          })}
        </div>
      </Section>

      <Section title={t('adminSite.socialTitle')} description={t('adminSite.socialDescription')}>
        <div className="grid gap-4 sm:grid-cols-2">
          {SOCIAL_NETWORKS.map((network) => (
            <TextField
              key={network}
              form={form}
              name={`social.${network}`}
              label={SOCIAL_NETWORK_LABELS[network]}
              type="url"
            />
          ))}
        </div>
      </Section>

      <Section title={t('adminSite.inquiryEmailsTitle')} description={t('adminSite.inquiryEmailsDescription')}>
        <TextListField
          form={form}
          name="notificationEmails"
          legend={t('adminSite.notificationEmails')}
          itemLabel={(n) => t('adminSite.notificationEmail', { n })}
          itemName={(n) => t('adminSite.notificationEmailName', { n })}
          addLabel={t('adminSite.addEmail')}
          type="email"
          min={1}
          max={10}
        />
      </Section>

      <Section title={t('adminSite.quotationsTitle')} description={t('adminSite.quotationsDescription')}>
        <TextField
          form={form}
          name="quotationPrefix"
          label={t('adminSite.quotationPrefix')}
          hint={t('adminSite.quotationPrefixHint', { max: QUOTATION_PREFIX_MAX_LENGTH })}
        />
        <p className="text-sm text-muted-foreground">{t('adminSite.bankHint')}</p>
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField form={form} name="bank.accountName" label={t('adminSite.bankAccountName')} />
          <TextField form={form} name="bank.bankName" label={t('adminSite.bankName')} />
          <TextField form={form} name="bank.branch" label={t('adminSite.bankBranch')} />
          <TextField form={form} name="bank.accountNumber" label={t('adminSite.bankAccountNumber')} />
          <TextField form={form} name="bank.ifsc" label={t('adminSite.bankIfsc')} hint={t('adminSite.bankIfscHint')} />
          <TextField form={form} name="upiId" label={t('adminSite.upiId')} hint={t('adminSite.upiIdHint')} />
        </div>
      </Section>

      <Section title={t('adminSite.installedMachinesTitle')} description={t('adminSite.installedMachinesDescription')}>
        <TextField
          form={form}
          name="warrantyMonthsDefault"
          label={t('adminSite.warrantyMonthsDefault')}
          hint={t('adminSite.warrantyMonthsDefaultHint', { max: WARRANTY_MAX_MONTHS })}
          type="number"
          className="grid gap-2 sm:max-w-xs"
        />
      </Section>
    </SettingsFormFrame>
  );
}
