import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ExportFormat, ImportMode, InstallationImportSummary } from '@capstan/shared';
import { api } from '@/lib/api-client';
import { downloadFile } from '@/lib/download-file';
import { INSTALLATIONS_URL } from './get-installations';

const IMPORT_URL = `${INSTALLATIONS_URL}/import`;
export const installationsExportUrl = (format: ExportFormat) => `${INSTALLATIONS_URL}/export?format=${format}`;

function fileForm(file: File): FormData {
  const body = new FormData();
  body.append('file', file);
  return body;
}

/** The register as CSV or Excel, fetched with the session (a plain link would carry no token). */
export function downloadInstallations(format: ExportFormat): Promise<void> {
  return downloadFile(
    installationsExportUrl(format),
    `installed-machines-${new Date().toISOString().slice(0, 10)}.${format}`,
  );
}

export function useDownloadInstallations() {
  return useMutation({ mutationFn: downloadInstallations });
}

/** What a file would do: the machines it would register and change, and every invalid cell. */
export function previewInstallationsImport(file: File): Promise<InstallationImportSummary> {
  return api.post<InstallationImportSummary>(`${IMPORT_URL}?mode=preview`, fileForm(file));
}

export function usePreviewInstallationsImport() {
  return useMutation({ mutationFn: previewInstallationsImport });
}

/**
 * Imports the previewed file (`apply`) or only its valid rows (`valid-rows`), named by the
 * preview's plan: a register changed since the preview is refused, to be previewed again.
 */
export function applyInstallationsImport({
  file,
  planId,
  mode,
}: {
  file: File;
  planId: string;
  mode: Exclude<ImportMode, 'preview'>;
}): Promise<InstallationImportSummary> {
  const query = new URLSearchParams({ mode, planId });
  return api.post<InstallationImportSummary>(`${IMPORT_URL}?${query.toString()}`, fileForm(file));
}

export function useApplyInstallationsImport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: applyInstallationsImport,
    onSettled: () => queryClient.invalidateQueries({ queryKey: [INSTALLATIONS_URL] }),
  });
}
