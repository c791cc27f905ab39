import { useMutation } from '@tanstack/react-query';
import type { UploadImagesResponse } from '@capstan/shared';
import { api } from '@/lib/api-client';

/** SPEC §7: POST /api/upload-images, multipart `images` → { imageUrls }. */
export function uploadImages(files: readonly File[]): Promise<UploadImagesResponse> {
  const body = new FormData();
  for (const file of files) body.append('images', file);
  return api.post<UploadImagesResponse>('/api/upload-images', body);
}

export function useUploadImages() {
  return useMutation({ mutationFn: uploadImages });
}
