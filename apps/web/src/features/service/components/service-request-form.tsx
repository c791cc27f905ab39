import { useId, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate, useSearchParams } from 'react-router';
import { Send } from 'lucide-react';
import {
  indianToday,
  SERIAL_MAX_LENGTH,
  SERVICE_FORM_PHOTOS_FIELD,
  SERVICE_PHOTO_IDS_FIELD,
  SERVICE_SERIAL_PARAM,
  type ServiceRequestFormValues,
  type ServiceRequestInput,
} from '@capstan/shared';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import { translateRefusal, type Translator, useT } from '@/lib/i18n';
import { createServiceRequest } from '../api/create-service-request';
import { formatClockTime } from '../lib/dates';
import { lazyServiceRequestResolver, preloadValidators } from '../lib/lazy-validators';
import { translatePhotoRefusal } from '../lib/photo-refusal';
import { PublicRequestError, retryTime } from '../lib/request-error';
import { useAppRunning } from '../lib/use-app-running';
import { type ChosenPhoto, uploadProgress, useChosenPhotos } from '../lib/use-chosen-photos';
import { FormField } from './form-field';
import { PhotoPicker } from './photo-picker';
import type { ServiceSentState } from './service-sent-page';

type TextField = 'serial' | 'phone' | 'name' | 'email' | 'symptom' | 'machineDown' | 'preferredDate';
const TEXT_FIELDS: readonly TextField[] = [
  'serial',
  'phone',
  'name',
  'email',
  'symptom',
  'machineDown',
  'preferredDate',
];
const isTextField = (name: unknown): name is TextField => TEXT_FIELDS.includes(name as TextField);

/** The serial a link brought (My machine's "Request service for this machine"), as typed there. */
function useSerialPrefill(): string {
  const [searchParams] = useSearchParams();
  return (searchParams.get(SERVICE_SERIAL_PARAM) ?? '').trim().slice(0, SERIAL_MAX_LENGTH);
}

/** What to tell the buyer when the request did not go: the server's refusal in their language where known. */
function failureMessage(error: unknown, translator: Translator): string {
  const { t } = translator;
  if (error instanceof PublicRequestError && error.status === 429) {
    return t('service.tooMany', { time: formatClockTime(translator, retryTime(error)) });
  }
  if (error instanceof ApiError) {
    // A refusal says what to change; a failure of the server's own (5xx) only that it did not go.
    const message = error.status < 500 ? (error.serverMessage ?? undefined) : undefined;
    if (message === undefined) return t('service.notSent');
    return translatePhotoRefusal(translator, message) ?? translateRefusal(translator, message) ?? t('service.notSent');
  }
  return t('service.networkError');
}

/**
 * The form's body as the route (and the plain form) reads it: the text fields and the ids of the
 * photos already uploaded, comma-separated in one field. No photo travels at Send.
 */
function formBody(data: ServiceRequestInput, locale: string, photoIds: readonly string[]): FormData {
  const body = new FormData();
  body.append('serial', data.serial);
  body.append('phone', data.phone);
  body.append('name', data.name);
  if (data.email) body.append('email', data.email);
  body.append('symptom', data.symptom);
  if (data.machineDown) body.append('machineDown', 'true');
  if (data.preferredDate) body.append('preferredDate', data.preferredDate);
  body.append('locale', locale);
  if (photoIds.length > 0) body.append(SERVICE_PHOTO_IDS_FIELD, photoIds.join(','));
  return body;
}

/** "Photos 2 and 3 were not uploaded…" for the photos whose upload failed; null when none did. */
function failedUploads(photos: readonly ChosenPhoto[], translator: Translator): string | null {
  const numbers = photos.flatMap((photo, index) => (photo.upload.state === 'failed' ? [String(index + 1)] : []));
  if (numbers.length === 0) return null;
  return translator.t('service.photosNotUploaded', {
    count: numbers.length,
    numbers: translator.intl.formatList(numbers, { type: 'conjunction' }),
  });
}

/**
 * The service request (issue 40). A real multipart form to POST /service that the server answers
 * when the app is not running; once it runs, each photo is made smaller and uploaded as soon as it
 * is chosen, the shared schema checks the form, Send posts the text with the photos' ids to the
 * API (after any upload still under way), and the reference is shown on a page of its own.
 */
export function ServiceRequestForm() {
  const translator = useT();
  const { t, locale } = translator;
  const idPrefix = useId();
  const navigate = useNavigate();
  const serialPrefill = useSerialPrefill();
  const photos = useChosenPhotos();
  const inFlight = useRef(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [photoError, setPhotoError] = useState<string | undefined>(undefined);
  // Send first waits for the photos still uploading (`photos`), then posts the request (`request`).
  const [sending, setSending] = useState<'photos' | 'request' | null>(null);
  const running = useAppRunning();
  // Drawn by the browser only: the server's page is kept for days, and its "today" would go stale.
  const earliestDay = running ? indianToday() : undefined;

  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<ServiceRequestFormValues, unknown, ServiceRequestInput>({
    resolver: lazyServiceRequestResolver,
    defaultValues: { serial: serialPrefill, phone: '', name: '', email: '', symptom: '', preferredDate: '' },
  });
  const refusal = (message: string | undefined) => translateRefusal(translator, message);

  const onSubmit = async (data: ServiceRequestInput) => {
    // A second tap before React re-renders the disabled button must not send twice.
    if (inFlight.current) return;
    inFlight.current = true;
    setSending('photos');
    setFailure(null);
    setPhotoError(undefined);
    let photoIds: string[] = [];
    try {
      const settled = await photos.settled();
      const notUploaded = failedUploads(settled, translator);
      if (notUploaded !== null) {
        setFailure(notUploaded);
        return;
      }
      photoIds = settled.flatMap((photo) => (photo.upload.state === 'uploaded' ? [photo.upload.photoId] : []));
      setSending('request');
      const { reference } = await createServiceRequest(formBody(data, locale, photoIds));
      const state: ServiceSentState = { reference };
      void navigate(paths.serviceSent, { state });
    } catch (error) {
      // What was typed stays, so the buyer can simply send again.
      let fieldRefused = false;
      if (error instanceof PublicRequestError && error.status === 400) {
        const notKept: string[] = [];
        for (const issue of error.issues) {
          const [field, index] = issue.path;
          if (isTextField(field)) {
            setError(field, { type: 'server', message: issue.message });
            fieldRefused = true;
          } else if (field === SERVICE_FORM_PHOTOS_FIELD) {
            setPhotoError(translatePhotoRefusal(translator, issue.message) ?? refusal(issue.message));
            fieldRefused = true;
          } else if (field === SERVICE_PHOTO_IDS_FIELD) {
            // A photo the server no longer keeps shows a retry on its thumbnail, which says why.
            const photoId = typeof index === 'number' ? photoIds[index] : undefined;
            if (photoId !== undefined) notKept.push(photoId);
            else setPhotoError(refusal(issue.message));
            fieldRefused = true;
          }
        }
        photos.markNotKept(notKept);
      }
      setFailure(fieldRefused ? t('service.checkFields') : failureMessage(error, translator));
    } finally {
      inFlight.current = false;
      setSending(null);
    }
  };
  const progress = sending === 'photos' ? uploadProgress(photos.photos) : null;

  const field = (name: string) => `${idPrefix}-${name}`;
  return (
    <form
      method="post"
      action={paths.serviceForm}
      encType="multipart/form-data"
      // The app says what is wrong itself, field by field in the page's language; without it the
      // browser's own checks stand in.
      noValidate={running}
      onSubmit={(event) => {
        // Only a failed download of the validation code can reject here (onSubmit catches its own errors).
        handleSubmit(onSubmit)(event).catch(() => setFailure(t('service.networkError')));
      }}
      // Focus bubbles in React: the first field focused starts loading the validation code.
      onFocus={() => void preloadValidators().catch(() => undefined)}
      aria-label={t('service.formLabel')}
      className="grid gap-5"
    >
      <FormField
        id={field('serial')}
        label={t('service.serial')}
        help={t('service.serialHelp')}
        error={refusal(errors.serial?.message)}
      >
        {(a11y) => (
          <Input
            {...a11y}
            {...register('serial')}
            // In the server's HTML too, so the plain form from a My machine link carries it.
            defaultValue={serialPrefill}
            autoCapitalize="characters"
            autoComplete="off"
            spellCheck={false}
            maxLength={SERIAL_MAX_LENGTH}
            required
            className="font-mono uppercase"
          />
        )}
      </FormField>
      <div className="grid gap-5 sm:grid-cols-2">
        <FormField id={field('phone')} label={t('service.phone')} error={refusal(errors.phone?.message)}>
          {(a11y) => <Input {...a11y} {...register('phone')} type="tel" autoComplete="tel" required />}
        </FormField>
        <FormField id={field('name')} label={t('service.name')} error={refusal(errors.name?.message)}>
          {(a11y) => <Input {...a11y} {...register('name')} autoComplete="name" required />}
        </FormField>
      </div>
      <FormField
        id={field('email')}
        label={t('service.email')}
        optional
        help={t('service.emailHelp')}
        error={refusal(errors.email?.message)}
      >
        {(a11y) => <Input {...a11y} {...register('email')} type="email" autoComplete="email" />}
      </FormField>
      <FormField id={field('symptom')} label={t('service.symptom')} error={refusal(errors.symptom?.message)}>
        {(a11y) => (
          <Textarea
            {...a11y}
            {...register('symptom')}
            rows={5}
            placeholder={t('service.symptomPlaceholder')}
            required
          />
        )}
      </FormField>
      <div className="grid gap-1">
        <label className="flex items-start gap-3 rounded-lg border p-3 has-checked:border-destructive has-checked:bg-destructive/5">
          <input
            {...register('machineDown')}
            type="checkbox"
            aria-describedby={`${field('machineDown')}-help`}
            className="mt-0.5 size-5 shrink-0 accent-destructive"
          />
          <span className="grid gap-0.5">
            <span className="font-medium">{t('service.machineDown')}</span>
            <span id={`${field('machineDown')}-help`} className="text-sm text-muted-foreground">
              {t('service.machineDownHelp')}
            </span>
          </span>
        </label>
        {errors.machineDown?.message ? (
          <p className="text-sm text-destructive">{refusal(errors.machineDown.message)}</p>
        ) : null}
      </div>
      <FormField
        id={field('preferredDate')}
        label={t('service.preferredDate')}
        optional
        error={refusal(errors.preferredDate?.message)}
        className="sm:max-w-xs"
      >
        {(a11y) => <Input {...a11y} {...register('preferredDate')} type="date" min={earliestDay} />}
      </FormField>
      <PhotoPicker
        photos={photos.photos}
        refusals={photos.refusals}
        preparing={photos.preparing}
        uploading={photos.uploading}
        error={photoError}
        onAdd={photos.add}
        onRemove={photos.remove}
        onRetry={photos.retry}
      />
      {/* The form posted without JavaScript says it too: its action is the same for every language. */}
      <input type="hidden" name="locale" value={locale} />
      {failure ? (
        <p
          role="alert"
          className="rounded-md border border-destructive/40 bg-destructive/5 p-3 text-sm text-destructive"
        >
          {failure}
        </p>
      ) : null}
      <div className="grid gap-2">
        <Button type="submit" size="lg" disabled={sending !== null} className="w-full sm:w-auto sm:justify-self-start">
          <Send aria-hidden="true" />
          {sending === null
            ? t('service.send')
            : progress !== null
              ? t('service.photosUploading')
              : t('service.sending')}
        </Button>
        {progress !== null ? (
          <div role="status" className="grid gap-1 text-sm text-muted-foreground">
            <span>{t('service.photosUploadProgress', { percent: Math.round(progress * 100) })}</span>
            <progress value={progress} max={1} className="h-2 w-full max-w-sm accent-primary" />
          </div>
        ) : null}
      </div>
    </form>
  );
}
