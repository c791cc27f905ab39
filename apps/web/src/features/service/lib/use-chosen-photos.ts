import { useCallback, useEffect, useRef, useState } from 'react';
import { SERVICE_REQUEST_MAX_PHOTOS } from '@capstan/shared';
import { type Translator, useT } from '@/lib/i18n';
import { uploadServicePhoto } from '../api/upload-service-photo';
import { photoRefusal, translatePhotoRefusal } from './photo-refusal';
import { PublicRequestError, retryTime } from './request-error';
import { shrinkPhoto } from './shrink-photo';

/** Where a chosen photo's upload stands. */
export type PhotoUpload =
  | { state: 'uploading'; fraction: number }
  | { state: 'uploaded'; photoId: string }
  /**
   * Worth trying again: no connection or a server failure (`network`), too many photos from this
   * connection until `retryAt` (`busy`), or the request found it no longer kept (`notKept`).
   */
  | { state: 'failed'; reason: 'network' | 'busy' | 'notKept'; retryAt: Date | null };

export interface ChosenPhoto {
  id: number;
  /** What is uploaded: the photo as chosen, or its smaller JPEG (shrink-photo). */
  file: File;
  /** An object URL of `file` for its thumbnail; '' where the browser makes none. */
  previewUrl: string;
  upload: PhotoUpload;
}

const previewOf = (file: File): string => (typeof URL.createObjectURL === 'function' ? URL.createObjectURL(file) : '');
const release = (photo: ChosenPhoto) => {
  if (photo.previewUrl !== '') URL.revokeObjectURL(photo.previewUrl);
};

/**
 * The server's refusal of the photo itself (not an image, too large…) in the page's language:
 * trying again would not help, so the photo is dropped with this note. Null for a failure worth
 * retrying (no connection, a server error, too many photos for now).
 */
function uploadRefusal(error: unknown, file: File, translator: Translator): string | null {
  if (!(error instanceof PublicRequestError)) return null;
  if (error.status >= 500 || error.status === 408 || error.status === 429) return null;
  return (
    translatePhotoRefusal(translator, error.serverMessage ?? '') ??
    translator.t('service.photoRefused', { name: file.name })
  );
}

/**
 * How much of the photos has gone, from 0 to 1, weighed by their size: what Send shows while it
 * waits. Null when no photo is uploading.
 */
export function uploadProgress(photos: readonly ChosenPhoto[]): number | null {
  if (!photos.some((photo) => photo.upload.state === 'uploading')) return null;
  let total = 0;
  let sent = 0;
  for (const { file, upload } of photos) {
    if (upload.state === 'failed') continue;
    const size = Math.max(file.size, 1);
    total += size;
    sent += upload.state === 'uploaded' ? size : size * upload.fraction;
  }
  return total === 0 ? 0 : sent / total;
}

interface PendingUpload {
  /** Settles (never rejects) once the upload has answered, failed or been cancelled. */
  done: Promise<void>;
  cancel: () => void;
}

/**
 * The photos of a service request. Each is made ready (shrunk) as soon as it is chosen, one after
 * the other so a phone never holds several camera pictures decoded at once, then uploaded at once
 * while the buyer still types: Send then carries only the text and the photos' ids.
 */
export function useChosenPhotos() {
  const translator = useT();
  const { t } = translator;
  const [photos, setPhotos] = useState<readonly ChosenPhoto[]>([]);
  const [refusals, setRefusals] = useState<readonly string[]>([]);
  const [preparing, setPreparing] = useState(0);
  const current = useRef<readonly ChosenPhoto[]>([]);
  const queue = useRef<Promise<void>>(Promise.resolve());
  const uploads = useRef(new Map<number, PendingUpload>());
  const waiting = useRef(0);
  const nextId = useRef(1);

  const show = useCallback((next: readonly ChosenPhoto[]) => {
    current.current = next;
    setPhotos(next);
  }, []);
  const setUpload = useCallback(
    (id: number, upload: PhotoUpload) =>
      show(current.current.map((photo) => (photo.id === id ? { ...photo, upload } : photo))),
    [show],
  );

  // The thumbnails' object URLs and the uploads under way go with the page.
  useEffect(() => {
    const pending = uploads.current;
    return () => {
      current.current.forEach(release);
      pending.forEach((upload) => upload.cancel());
    };
  }, []);

  const upload = useCallback(
    (id: number) => {
      const photo = current.current.find((one) => one.id === id);
      if (!photo) return;
      const controller = new AbortController();
      setUpload(id, { state: 'uploading', fraction: 0 });
      const pending: PendingUpload = { done: Promise.resolve(), cancel: () => controller.abort() };
      pending.done = uploadServicePhoto(photo.file, translator.locale, {
        signal: controller.signal,
        onProgress: (fraction) => {
          if (!controller.signal.aborted) setUpload(id, { state: 'uploading', fraction });
        },
      })
        .then(
          (answer) => setUpload(id, { state: 'uploaded', photoId: answer.id }),
          (error: unknown) => {
            // Removed meanwhile: nothing to tell.
            if (controller.signal.aborted) return;
            const refusal = uploadRefusal(error, photo.file, translator);
            if (refusal !== null) {
              release(photo);
              show(current.current.filter((one) => one.id !== id));
              setRefusals((before) => [...before, refusal]);
              return;
            }
            const busy = error instanceof PublicRequestError && error.status === 429;
            setUpload(id, {
              state: 'failed',
              reason: busy ? 'busy' : 'network',
              retryAt: busy ? retryTime(error) : null,
            });
          },
        )
        .finally(() => {
          if (uploads.current.get(id) === pending) uploads.current.delete(id);
        });
      uploads.current.set(id, pending);
    },
    [setUpload, show, translator],
  );

  const add = useCallback(
    (files: readonly File[]) => {
      const room = Math.max(0, SERVICE_REQUEST_MAX_PHOTOS - current.current.length - waiting.current);
      const taken = files.slice(0, room);
      const notes: string[] =
        files.length > room ? [t('service.photosTooMany', { max: SERVICE_REQUEST_MAX_PHOTOS })] : [];
      setRefusals(notes);
      waiting.current += taken.length;
      setPreparing(waiting.current);
      for (const original of taken) {
        queue.current = queue.current.then(async () => {
          const file = await shrinkPhoto(original).catch(() => original);
          const refusal = photoRefusal(file, translator);
          waiting.current -= 1;
          setPreparing(waiting.current);
          if (refusal !== null) {
            setRefusals((before) => [...before, refusal]);
            return;
          }
          const id = nextId.current++;
          show([
            ...current.current,
            { id, file, previewUrl: previewOf(file), upload: { state: 'uploading', fraction: 0 } },
          ]);
          upload(id);
        });
      }
    },
    [show, t, translator, upload],
  );

  const remove = useCallback(
    (id: number) => {
      uploads.current.get(id)?.cancel();
      uploads.current.delete(id);
      const photo = current.current.find((one) => one.id === id);
      if (photo) release(photo);
      show(current.current.filter((one) => one.id !== id));
      setRefusals([]);
    },
    [show],
  );

  /** Uploads a photo whose upload failed once more. */
  const retry = useCallback(
    (id: number) => {
      if (current.current.find((one) => one.id === id)?.upload.state === 'failed') upload(id);
    },
    [upload],
  );

  /** The request found these uploaded photos no longer kept (swept, taken): they show a retry. */
  const markNotKept = useCallback(
    (photoIds: readonly string[]) =>
      show(
        current.current.map((photo) =>
          photo.upload.state === 'uploaded' && photoIds.includes(photo.upload.photoId)
            ? { ...photo, upload: { state: 'failed', reason: 'notKept', retryAt: null } }
            : photo,
        ),
      ),
    [show],
  );

  /**
   * The photos once every one chosen is ready and its upload has answered (photos chosen while
   * waiting included): each is then uploaded or failed.
   */
  const settled = useCallback(async (): Promise<readonly ChosenPhoto[]> => {
    for (;;) {
      const shrinking = queue.current;
      await shrinking;
      const pending = [...uploads.current.values()];
      if (pending.length === 0 && shrinking === queue.current) return current.current;
      await Promise.all(pending.map((one) => one.done));
    }
  }, []);

  return {
    photos,
    refusals,
    preparing: preparing > 0,
    uploading: photos.some((photo) => photo.upload.state === 'uploading'),
    add,
    remove,
    retry,
    markNotKept,
    settled,
    setRefusals,
  };
}
