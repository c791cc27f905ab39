import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  type ExportFormat,
  type ImportKind,
  type ImportMode,
  type ImportProgressLine,
  type ImportSummary,
  type PicturesImportResult,
  importProgressLineSchema,
} from '@capstan/shared';
import { api, apiFetchResponse } from '@/lib/api-client';
import { invalidateCatalogue } from '@/lib/catalogue-cache';
import { downloadFile } from '@/lib/download-file';

const importPath = (kind: ImportKind) => `/api/catalogue-import/${kind}`;
export const exportPath = (kind: ImportKind, format: ExportFormat) => `/api/catalogue-export/${kind}?format=${format}`;

function fileForm(file: File): FormData {
  const body = new FormData();
  body.append('file', file);
  return body;
}

/** Downloads the catalogue's file through the session (the link alone would carry no token). */
export function downloadExport(kind: ImportKind, format: ExportFormat): Promise<void> {
  return downloadFile(exportPath(kind, format), `${kind}-${new Date().toISOString().slice(0, 10)}.${format}`);
}

export function useDownloadExport() {
  return useMutation({
    mutationFn: ({ kind, format }: { kind: ImportKind; format: ExportFormat }) => downloadExport(kind, format),
  });
}

export function previewImport(kind: ImportKind, file: File): Promise<ImportSummary> {
  return api.post<ImportSummary>(`${importPath(kind)}?mode=preview`, fileForm(file));
}

export function usePreviewImport() {
  return useMutation({ mutationFn: ({ kind, file }: { kind: ImportKind; file: File }) => previewImport(kind, file) });
}

/** What an import did; with `valid-rows`, the rows it left out as a CSV file's text. */
export interface ImportOutcome {
  summary: ImportSummary;
  rejectedCsv: string | null;
}

/**
 * Imports the previewed file (`apply`), or its valid rows alone (`valid-rows`): the server answers
 * one JSON line per step (NDJSON), read as it arrives so the screen can show how far the import
 * is. Resolves with the final summary and the rejected rows.
 */
export async function applyImport(
  kind: ImportKind,
  file: File,
  planId: string,
  mode: Exclude<ImportMode, 'preview'>,
  onProgress: (done: number, total: number) => void,
): Promise<ImportOutcome> {
  const query = new URLSearchParams({ mode, planId });
  const response = await apiFetchResponse(`${importPath(kind)}?${query.toString()}`, {
    method: 'POST',
    body: fileForm(file),
  });
  const reader = response.body?.pipeThrough(new TextDecoderStream()).getReader();
  if (!reader) throw new Error('The import answered nothing');
  let buffered = '';
  let outcome: ImportProgressLine | undefined;
  const take = (text: string) => {
    if (text.trim() === '') return;
    const line = importProgressLineSchema.parse(JSON.parse(text));
    if (line.type === 'progress') onProgress(line.done, line.total);
    else outcome = line;
  };
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    buffered += value;
    const lines = buffered.split('\n');
    buffered = lines.pop() ?? '';
    lines.forEach(take);
  }
  take(buffered);
  if (outcome?.type === 'done') return { summary: outcome.summary, rejectedCsv: outcome.rejectedCsv ?? null };
  throw new Error(outcome?.type === 'error' ? outcome.message : 'The import stopped before it finished');
}

export function useApplyImport(onProgress: (done: number, total: number) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({
      kind,
      file,
      planId,
      mode,
    }: {
      kind: ImportKind;
      file: File;
      planId: string;
      mode: Exclude<ImportMode, 'preview'>;
    }) => applyImport(kind, file, planId, mode, onProgress),
    onSettled: () => invalidateCatalogue(queryClient),
  });
}

export function importPictures(kind: ImportKind, file: File): Promise<PicturesImportResult> {
  return api.post<PicturesImportResult>(`${importPath(kind)}/pictures`, fileForm(file));
}

export function useImportPictures() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ kind, file }: { kind: ImportKind; file: File }) => importPictures(kind, file),
    onSettled: () => invalidateCatalogue(queryClient),
  });
}
