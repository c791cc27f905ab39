import { useFieldArray, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import {
  type CompanyFormValues,
  type CompanyInput,
  type CompanySettings,
  companyInputSchema,
  SOCIAL_NETWORK_LABELS,
  SOCIAL_NETWORKS,
} from '@capstan/shared';
import { Label } from '@/components/ui/label';
import { adminSiteQuery, useSaveCompany } from '../api/site-settings';
import { CompanyPictureField } from './company-picture-field';
import { AddButton, ErrorText, fieldError, RowActions, Section, TextField, TextListField } from './fields';
import { SettingsFormFrame, StaleNotice, useSettingsSave } from './settings-form';

const resolver = zodResolver(companyInputSchema);

const yearValue = (value: unknown) => (value === '' || value === null || value === undefined ? null : Number(value));

export function CompanyForm({ company }: { company: CompanySettings }) {
  const queryClient = useQueryClient();
  const saveCompany = useSaveCompany();
  const form = useForm<CompanyFormValues, unknown, CompanyInput>({ resolver, defaultValues: company });
  const phones = useFieldArray({ control: form.control, name: 'phones' });
  const { onSubmit, staleMessage, onReload } = useSettingsSave<CompanyFormValues, CompanySettings>({
    form,
    what: 'Company settings',
    save: (values) => saveCompany.mutateAsync(values as CompanyInput),
    reload: async () => (await queryClient.fetchQuery({ ...adminSiteQuery, staleTime: 0 })).company,
  });

  return (
    <SettingsFormFrame
      title="Company"
      description="Name, contact details, hours and links as every public page shows them."
      onSubmit={(event) => void form.handleSubmit((values) => onSubmit(values))(event)}
      submitting={form.formState.isSubmitting}
      stale={staleMessage ? <StaleNotice message={staleMessage} onReload={onReload} /> : null}
    >
      <Section title="Company">
        <TextField form={form} name="name" label="Company name" hint="The brand text in the bar and footer." />
        <TextField form={form} name="tagline" label="Tagline" multiline />
        <TextField
          form={form}
          name="yearFounded"
          label="Year founded (optional)"
          type="number"
          options={{ setValueAs: yearValue }}
        />
        <TextField
          form={form}
          name="gstin"
          label="GSTIN (optional)"
          hint="Shown in the footer when set, e.g. 33AABCU9603R1ZM."
        />
      </Section>

      <Section
        title="Logo and share picture"
        description="Pictures of the company: the site draws its own from the name and tagline until you upload them."
      >
        <CompanyPictureField form={form} name="logo" />
        <CompanyPictureField form={form} name="sharePicture" />
      </Section>

      <Section title="Address" description="The printed lines, and the parts search engines read.">
        <TextListField form={form} name="address.lines" legend="Printed address" itemLabel="Line" min={1} max={5} />
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField form={form} name="address.streetAddress" label="Street address" />
          <TextField form={form} name="address.locality" label="Town or city" />
          <TextField form={form} name="address.region" label="State" />
          <TextField form={form} name="address.postalCode" label="PIN code" />
          <TextField form={form} name="address.countryCode" label="Country code" hint="Two letters, e.g. IN." />
          <TextField form={form} name="address.mapUrl" label="Map link" type="url" />
        </div>
      </Section>

      <Section title="Phone and email" description="The first phone number is the one the call buttons dial.">
        <fieldset className="grid gap-3">
          <legend className="mb-2 text-sm font-medium">Phone numbers</legend>
          {phones.fields.map((field, index) => (
            <div key={field.id} className="grid gap-2 rounded-md border p-3 sm:grid-cols-[1fr_2fr_auto] sm:items-start">
              <TextField form={form} name={`phones.${index}.label`} label={`Label ${index + 1}`} />
              <TextField
                form={form}
                name={`phones.${index}.number`}
                label={`Number ${index + 1}`}
                type="tel"
                hint="With the country code, e.g. +91 98430 12345."
              />
              <div className="sm:pt-7">
                <RowActions
                  index={index}
                  count={phones.fields.length}
                  what={`phone ${index + 1}`}
                  onMove={phones.move}
                  onRemove={phones.remove}
                  canRemove={phones.fields.length > 1}
                />
              </div>
            </div>
          ))}
          <ErrorText id="phones-error" message={fieldError(form, 'phones')} />
          <AddButton onClick={() => phones.append({ label: '', number: '' })} disabled={phones.fields.length >= 5}>
            Add phone number
          </AddButton>
        </fieldset>
        <TextField form={form} name="email" label="Email" type="email" />
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            form={form}
            name="whatsapp.number"
            label="WhatsApp number"
            type="tel"
            hint="With the country code, e.g. +91 98430 12345."
          />
          <TextField form={form} name="whatsapp.message" label="WhatsApp prefilled message" />
        </div>
      </Section>

      <Section title="Business hours" description="Per day, in Indian time. Tick closed days.">
        <div className="grid gap-3">
          {company.hours.map((day, index) => (
            <fieldset key={day.day} className="grid grid-cols-2 items-start gap-3 sm:grid-cols-[8rem_6rem_1fr_1fr]">
              <legend className="sr-only">{day.day}</legend>
              <p className="col-span-2 pt-2 font-medium sm:col-span-1">{day.day}</p>
              <div className="col-span-2 flex items-center gap-2 pt-2 sm:col-span-1">
                <input
                  id={`hours-${index}-closed`}
                  type="checkbox"
                  className="size-4"
                  {...form.register(`hours.${index}.closed`)}
                />
                <Label htmlFor={`hours-${index}-closed`}>Closed</Label>
              </div>
              <TextField form={form} name={`hours.${index}.opens`} label={`${day.day} opens`} type="time" />
              <TextField form={form} name={`hours.${index}.closes`} label={`${day.day} closes`} type="time" />
            </fieldset>
          ))}
        </div>
      </Section>

      <Section title="Social links" description="Leave a link empty to hide its icon.">
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

      <Section
        title="Inquiry emails"
        description="Private: who gets an email for every new inquiry. Only staff see these addresses."
      >
        <TextListField
          form={form}
          name="notificationEmails"
          legend="Notification emails"
          itemLabel="Email"
          type="email"
          min={1}
          max={10}
        />
      </Section>
    </SettingsFormFrame>
  );
}
