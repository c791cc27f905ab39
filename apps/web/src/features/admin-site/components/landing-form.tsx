import { useId } from 'react';
import { useFieldArray, useForm } from 'react-hook-form';
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
import { adminSiteQuery, useSaveLanding } from '../api/site-settings';
import { AddButton, ErrorText, fieldError, RowActions, Section, TextField, TextListField } from './fields';
import { HeroPictureField } from './hero-picture-field';
import { SettingsFormFrame, StaleNotice, useSettingsSave } from './settings-form';

const resolver = zodResolver(landingInputSchema);

const ICON_LABELS: Record<(typeof SERVICE_ICONS)[number], string> = {
  lathe: 'Lathe',
  cnc: 'CNC',
  parts: 'Spare parts',
  installation: 'Installation',
  maintenance: 'Maintenance',
  retrofit: 'Retrofit',
  training: 'Training',
  custom: 'Custom work',
};

const numberValue = (value: unknown) => (value === '' ? Number.NaN : Number(value));
const selectClass =
  'flex h-10 w-full rounded-md border border-input bg-background px-3 py-2 text-sm focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none';

export function LandingForm({ landing }: { landing: LandingContent }) {
  const id = useId();
  const queryClient = useQueryClient();
  const saveLanding = useSaveLanding();
  const form = useForm<LandingFormValues, unknown, LandingInput>({ resolver, defaultValues: landing });
  const services = useFieldArray({ control: form.control, name: 'services' });
  const reasons = useFieldArray({ control: form.control, name: 'reasons' });
  const testimonials = useFieldArray({ control: form.control, name: 'testimonials' });
  const { onSubmit, staleMessage, onReload } = useSettingsSave<LandingFormValues, LandingContent>({
    form,
    what: 'Landing page',
    save: (values) => saveLanding.mutateAsync(values as LandingInput),
    reload: async () => (await queryClient.fetchQuery({ ...adminSiteQuery, staleTime: 0 })).landing,
  });

  return (
    <SettingsFormFrame
      title="Landing page"
      description="The home page: hero text and picture, statistics, about, services, reasons and testimonials."
      onSubmit={(event) => void form.handleSubmit((values) => onSubmit(values))(event)}
      submitting={form.formState.isSubmitting}
      stale={staleMessage ? <StaleNotice message={staleMessage} onReload={onReload} /> : null}
    >
      <Section title="Hero">
        <TextField form={form} name="hero.eyebrow" label="Line above the heading (optional)" />
        <TextField form={form} name="hero.heading" label="Hero heading" />
        <TextField form={form} name="hero.text" label="Hero text" multiline />
        <HeroPictureField form={form} />
      </Section>

      <Section title="Statistics" description="The four figures of the strip under the hero.">
        <div className="grid gap-3">
          {landing.stats.map((_, index) => (
            <fieldset key={index} className="grid gap-3 rounded-md border p-3 sm:grid-cols-[1fr_6rem_2fr]">
              <legend className="sr-only">{`Statistic ${index + 1}`}</legend>
              <TextField
                form={form}
                name={`stats.${index}.value`}
                label={`Figure ${index + 1}`}
                type="number"
                options={{ setValueAs: numberValue }}
              />
              <TextField form={form} name={`stats.${index}.suffix`} label={`Suffix ${index + 1}`} />
              <TextField form={form} name={`stats.${index}.label`} label={`Label ${index + 1}`} />
            </fieldset>
          ))}
        </div>
      </Section>

      <Section title="About">
        <TextField form={form} name="about.heading" label="About heading" />
        <TextListField
          form={form}
          name="about.paragraphs"
          legend="Paragraphs"
          itemLabel="Paragraph"
          multiline
          min={1}
          max={6}
        />
        <TextListField form={form} name="about.highlights" legend="Highlights" itemLabel="Highlight" max={8} />
      </Section>

      <Section title="Services" description="The cards of the Our Services section, in this order.">
        {services.fields.map((field, index) => (
          <fieldset key={field.id} className="grid gap-3 rounded-md border p-3">
            <legend className="sr-only">{`Service ${index + 1}`}</legend>
            <div className="flex flex-wrap items-end justify-between gap-3">
              <div className="grid gap-2">
                <Label htmlFor={`${id}-service-${index}-icon`}>{`Icon ${index + 1}`}</Label>
                <select
                  id={`${id}-service-${index}-icon`}
                  className={selectClass}
                  {...form.register(`services.${index}.icon`)}
                >
                  {SERVICE_ICONS.map((icon) => (
                    <option key={icon} value={icon}>
                      {ICON_LABELS[icon]}
                    </option>
                  ))}
                </select>
              </div>
              <RowActions
                index={index}
                count={services.fields.length}
                what={`service ${index + 1}`}
                onMove={services.move}
                onRemove={services.remove}
                canRemove={services.fields.length > 1}
              />
            </div>
            <TextField form={form} name={`services.${index}.title`} label={`Service ${index + 1} title`} />
            <TextField
              form={form}
              name={`services.${index}.description`}
              label={`Service ${index + 1} description`}
              multiline
            />
          </fieldset>
        ))}
        <ErrorText id={`${id}-services-error`} message={fieldError(form, 'services')} />
        <AddButton
          onClick={() => services.append({ icon: 'custom', title: '', description: '' })}
          disabled={services.fields.length >= 12}
        >
          Add service
        </AddButton>
      </Section>

      <Section title="Why choose us">
        {reasons.fields.map((field, index) => (
          <fieldset key={field.id} className="grid gap-3 rounded-md border p-3">
            <legend className="sr-only">{`Reason ${index + 1}`}</legend>
            <div className="flex justify-end">
              <RowActions
                index={index}
                count={reasons.fields.length}
                what={`reason ${index + 1}`}
                onMove={reasons.move}
                onRemove={reasons.remove}
                canRemove={reasons.fields.length > 1}
              />
            </div>
            <TextField form={form} name={`reasons.${index}.title`} label={`Reason ${index + 1} title`} />
            <TextField form={form} name={`reasons.${index}.description`} label={`Reason ${index + 1} description`} />
          </fieldset>
        ))}
        <ErrorText id={`${id}-reasons-error`} message={fieldError(form, 'reasons')} />
        <AddButton onClick={() => reasons.append({ title: '', description: '' })} disabled={reasons.fields.length >= 8}>
          Add reason
        </AddButton>
      </Section>

      <Section title="Testimonials" description="Shown in this order; hidden ones stay here but not on the site.">
        {testimonials.fields.map((field, index) => (
          <fieldset key={field.id} className="grid gap-3 rounded-md border p-3">
            <legend className="sr-only">{`Testimonial ${index + 1}`}</legend>
            <div className="flex flex-wrap items-end justify-between gap-3">
              <div className="flex items-end gap-4">
                <div className="grid gap-2">
                  <Label htmlFor={`${id}-testimonial-${index}-rating`}>{`Rating ${index + 1}`}</Label>
                  <select
                    id={`${id}-testimonial-${index}-rating`}
                    className={selectClass}
                    {...form.register(`testimonials.${index}.rating`, { setValueAs: numberValue })}
                  >
                    {[5, 4, 3, 2, 1].map((stars) => (
                      <option key={stars} value={stars}>
                        {`${stars} of 5`}
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
                  <Label htmlFor={`${id}-testimonial-${index}-hidden`}>{`Hide testimonial ${index + 1}`}</Label>
                </div>
              </div>
              <RowActions
                index={index}
                count={testimonials.fields.length}
                what={`testimonial ${index + 1}`}
                onMove={testimonials.move}
                onRemove={testimonials.remove}
              />
            </div>
            <TextField form={form} name={`testimonials.${index}.text`} label={`Testimonial ${index + 1}`} multiline />
            <div className="grid gap-3 sm:grid-cols-[2fr_2fr_1fr]">
              <TextField form={form} name={`testimonials.${index}.author`} label={`Author ${index + 1}`} />
              <TextField form={form} name={`testimonials.${index}.position`} label={`Position ${index + 1}`} />
              <TextField form={form} name={`testimonials.${index}.initials`} label={`Initials ${index + 1}`} />
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
          Add testimonial
        </AddButton>
      </Section>
    </SettingsFormFrame>
  );
}
