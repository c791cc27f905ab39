import { useCallback, useEffect, useRef, useState } from 'react';
import { MAX_IMAGES_PER_ITEM } from '@capstan/shared';

export interface NewImage {
  id: string;
  file: File;
  previewUrl: string;
}

let sequence = 0;

/**
 * Existing image URLs (kept in order) plus newly chosen files with object-URL previews.
 * SPEC §5/§9: at most MAX_IMAGES_PER_ITEM in total; a batch that would exceed it is refused whole.
 */
export function useImageSelection(initialExisting: readonly string[] = []) {
  const [existing, setExisting] = useState<string[]>(() => [...initialExisting]);
  const [added, setAdded] = useState<NewImage[]>([]);
  const addedRef = useRef<NewImage[]>([]);
  useEffect(() => {
    addedRef.current = added;
  }, [added]);

  // Object URLs hold the file in memory until revoked; release them when the form goes away.
  useEffect(
    () => () => {
      for (const image of addedRef.current) URL.revokeObjectURL(image.previewUrl);
    },
    [],
  );

  const total = existing.length + added.length;

  /** Returns false (and adds nothing) when the batch would pass the limit. */
  const addFiles = useCallback(
    (files: readonly File[]): boolean => {
      const images = files.filter((file) => file.type.startsWith('image/'));
      if (images.length === 0) return true;
      if (total + images.length > MAX_IMAGES_PER_ITEM) return false;
      const next = images.map((file) => {
        sequence += 1;
        return { id: `new-${sequence}`, file, previewUrl: URL.createObjectURL(file) };
      });
      setAdded((current) => [...current, ...next]);
      return true;
    },
    [total],
  );

  const removeAdded = useCallback((id: string) => {
    setAdded((current) => {
      const gone = current.find((image) => image.id === id);
      if (gone) URL.revokeObjectURL(gone.previewUrl);
      return current.filter((image) => image.id !== id);
    });
  }, []);

  const removeExisting = useCallback((url: string) => {
    setExisting((current) => current.filter((value) => value !== url));
  }, []);

  return {
    existing,
    setExisting,
    added,
    total,
    isFull: total >= MAX_IMAGES_PER_ITEM,
    addFiles,
    removeAdded,
    removeExisting,
  };
}

export type ImageSelection = ReturnType<typeof useImageSelection>;
