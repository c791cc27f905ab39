import { type ChangeEvent, useEffect, useId, useRef } from 'react';
import { Camera, Check, RotateCcw, X } from 'lucide-react';
import { SERVICE_FORM_PHOTOS_FIELD, SERVICE_REQUEST_MAX_PHOTOS } from '@capstan/shared';
import { type Translator, useT } from '@/lib/i18n';
import { cn } from '@/lib/utils';
import { formatClockTime } from '../lib/dates';
import { useAppRunning } from '../lib/use-app-running';
import type { ChosenPhoto, PhotoUpload } from '../lib/use-chosen-photos';

/** Why photo `number` did not upload, and what to do about it. */
function failedNote(translator: Translator, upload: Extract<PhotoUpload, { state: 'failed' }>, number: number) {
  const { t } = translator;
  if (upload.reason === 'busy' && upload.retryAt) {
    return t('service.photoUploadBusy', { number, time: formatClockTime(translator, upload.retryAt) });
  }
  return upload.reason === 'notKept'
    ? t('service.photoNotKept', { number })
    : t('service.photoUploadFailed', { number });
}

/** The upload's state drawn over a thumbnail: its progress, done, or a retry. */
function UploadState({ upload, number, onRetry }: { upload: PhotoUpload; number: number; onRetry: () => void }) {
  const { t } = useT();
  if (upload.state === 'uploading') {
    const percent = Math.round(upload.fraction * 100);
    return (
      <progress
        value={upload.fraction}
        max={1}
        aria-label={t('service.photoUploadingNumber', { number, percent })}
        className="absolute inset-x-1 bottom-1 h-1.5 w-[calc(100%-0.5rem)] overflow-hidden rounded-full accent-primary"
      />
    );
  }
  if (upload.state === 'uploaded') {
    return (
      <span className="absolute bottom-1 left-1 inline-flex size-6 items-center justify-center rounded-full bg-emerald-600 text-white">
        <Check aria-hidden="true" className="size-4" />
        <span className="sr-only">{t('service.photoUploaded', { number })}</span>
      </span>
    );
  }
  return (
    <button
      type="button"
      onClick={onRetry}
      aria-label={t('service.photoRetryLabel', { number })}
      className="absolute inset-x-1 bottom-1 inline-flex min-h-8 items-center justify-center gap-1 rounded-md bg-destructive px-2 text-xs font-medium text-white hover:bg-destructive/90 focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
    >
      <RotateCcw aria-hidden="true" className="size-3.5" />
      {t('service.photoRetry')}
    </button>
  );
}

/**
 * The photos field. In the server's HTML it is a plain file input the form posts (no JavaScript);
 * once the app runs, each chosen photo is made ready and uploaded at once, shown as a thumbnail
 * with its upload's progress (or a retry), and can be removed. No `capture` attribute: a phone
 * then offers its camera and its gallery both.
 */
export function PhotoPicker({
  photos,
  refusals,
  preparing,
  uploading,
  error,
  onAdd,
  onRemove,
  onRetry,
}: {
  photos: readonly ChosenPhoto[];
  refusals: readonly string[];
  preparing: boolean;
  uploading: boolean;
  error: string | undefined;
  onAdd: (files: File[]) => void;
  onRemove: (id: number) => void;
  onRetry: (id: number) => void;
}) {
  const translator = useT();
  const { t } = translator;
  const id = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const helpId = `${id}-help`;
  const errorId = `${id}-error`;
  const full = photos.length >= SERVICE_REQUEST_MAX_PHOTOS;
  // Without the app the browser's own file input shows what was chosen; with it, the thumbnails do.
  const running = useAppRunning();

  const take = (input: HTMLInputElement) => {
    const files = Array.from(input.files ?? []);
    // The app holds the photos from here on; emptied, the input can take the same photo again.
    input.value = '';
    if (files.length > 0) onAdd(files);
  };

  // Photos chosen in the server's HTML before the app took the page over.
  useEffect(() => {
    if (inputRef.current && (inputRef.current.files?.length ?? 0) > 0) take(inputRef.current);
    // Once, on taking the page over.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const failures = photos.flatMap((photo, index) =>
    photo.upload.state === 'failed' ? [failedNote(translator, photo.upload, index + 1)] : [],
  );
  const notes = [...(error ? [error] : []), ...failures, ...refusals];
  return (
    <fieldset className="grid gap-2" aria-describedby={notes.length > 0 ? `${helpId} ${errorId}` : helpId}>
      <legend className="mb-2 text-sm leading-none font-medium">
        {t('service.photos')}
        <span className="font-normal text-muted-foreground">{` ${t('service.optional')}`}</span>
      </legend>
      <p id={helpId} className="text-sm text-muted-foreground">
        {t('service.photosHelp', { max: SERVICE_REQUEST_MAX_PHOTOS })}
      </p>
      {photos.length > 0 ? (
        <ul className="grid grid-cols-3 gap-2 sm:grid-cols-6">
          {photos.map((photo, index) => (
            <li
              key={photo.id}
              className={cn('relative rounded-md', photo.upload.state === 'failed' && 'ring-2 ring-destructive')}
            >
              {photo.previewUrl === '' ? (
                <span className="flex aspect-square items-center justify-center rounded-md bg-muted p-1 text-center text-xs break-all">
                  {photo.file.name}
                </span>
              ) : (
                <img
                  src={photo.previewUrl}
                  alt={t('service.photoAlt', { number: index + 1 })}
                  className={cn(
                    'aspect-square w-full rounded-md bg-muted object-cover',
                    photo.upload.state !== 'uploaded' && 'opacity-70',
                  )}
                />
              )}
              <UploadState upload={photo.upload} number={index + 1} onRetry={() => onRetry(photo.id)} />
              <button
                type="button"
                onClick={() => onRemove(photo.id)}
                aria-label={t('service.photoRemove', { number: index + 1 })}
                className="absolute top-1 right-1 inline-flex size-8 items-center justify-center rounded-full bg-slate-900/75 text-white hover:bg-slate-900 focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
              >
                <X aria-hidden="true" className="size-4" />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      <div className="flex flex-wrap items-center gap-3">
        <label
          className={cn(
            running &&
              'ui-button ui-button-icons ui-button-outline ui-button-md cursor-pointer focus-within:ring-2 focus-within:ring-ring',
            running && full && 'hidden',
          )}
        >
          {running ? (
            <>
              <Camera aria-hidden="true" />
              {t('service.photosAdd')}
            </>
          ) : (
            <span className="sr-only">{t('service.photosAdd')}</span>
          )}
          <input
            ref={inputRef}
            type="file"
            name={SERVICE_FORM_PHOTOS_FIELD}
            accept="image/*"
            multiple
            disabled={running && full}
            onChange={(event: ChangeEvent<HTMLInputElement>) => take(event.currentTarget)}
            aria-describedby={helpId}
            // Once the app runs the label is the button; the input stays in the page for the keyboard.
            className={running ? 'sr-only' : 'block w-full text-sm'}
          />
        </label>
        <span className="text-sm text-muted-foreground" aria-live="polite">
          {preparing
            ? t('service.photosPreparing')
            : uploading
              ? t('service.photosUploading')
              : photos.length > 0
                ? t('service.photosChosen', { count: photos.length, max: SERVICE_REQUEST_MAX_PHOTOS })
                : null}
        </span>
      </div>
      {notes.length > 0 ? (
        <div id={errorId} className="grid gap-1 text-sm text-destructive">
          {notes.map((note) => (
            <p key={note}>{note}</p>
          ))}
        </div>
      ) : null}
    </fieldset>
  );
}
