import { apiFetchResponse } from './api-client';

/** Saves `blob` as a download named `fileName` (a link to it, clicked, then released). */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // After the click has started the download, never before.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/**
 * Saves a file the API gives only to the signed-in session (a catalogue export, a backup
 * archive): a plain link would carry no token, so the answer is fetched with it and saved from a
 * blob. A non-OK answer throws the ApiError, with the server's message, for the screen to show.
 */
export async function downloadFile(path: string, fileName: string): Promise<void> {
  const response = await apiFetchResponse(path, { method: 'GET', cache: 'no-store' });
  saveBlob(await response.blob(), fileName);
}
