import { useEffect, useId, useRef, useState } from 'react';
import { Download, FileUp } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Spinner } from '@/components/ui/spinner';
import { useAdminT } from '@/lib/i18n/admin';
import { ImportReport, type ImportReportSummary } from './import-report';

/** `apply`: the file as previewed, refused if any row is invalid; `valid-rows`: its valid rows alone. */
export type ImportMode = 'apply' | 'valid-rows';

/** The rows an import of the valid rows left out, as a CSV file to download. */
export type RejectedRowsFile = { url: string; rows: number; name: string };

/**
 * The rejected rows as a file named after the one imported (`parts.xlsx` → `parts-rejected-rows.csv`),
 * kept as an object URL until it is replaced, cleared, or the screen goes.
 */
export function useRejectedRowsFile() {
  const [rejected, setRejected] = useState<RejectedRowsFile | null>(null);
  useEffect(() => (rejected ? () => URL.revokeObjectURL(rejected.url) : undefined), [rejected]);
  return {
    rejected,
    offer: (csv: string, rows: number, importedName: string) => {
      const url = URL.createObjectURL(new Blob([csv], { type: 'text/csv;charset=utf-8' }));
      setRejected({ url, rows, name: `${importedName.replace(/\.(csv|xlsx)$/i, '')}-rejected-rows.csv` });
    },
    clear: () => setRejected(null),
  };
}

export interface ImportFileStepProps {
  /** The file chosen; null empties the file input (another kind chosen, the file imported). */
  file: File | null;
  onFileChange: (file: File | null) => void;
  /** What the chosen file would do, until it is imported or another file is chosen. */
  preview: ImportReportSummary | null;
  onPreview: () => void;
  onImport: (mode: ImportMode) => void;
  previewing: boolean;
  importing: boolean;
  /** What the screen says while its import runs, with how far it got where the server says so. */
  importStatus: { text: string; progress?: { done: number; total: number } } | null;
  /** The last import: the file's name and what it did, in the screen's words (created, registered…). */
  result: { fileName: string; counts: string } | null;
  rejected: RejectedRowsFile | null;
}

/**
 * The back office's spreadsheet import, from choosing the file to what it did, for the catalogue and
 * the installed machines alike: each screen makes the calls and keeps the state.
 */
export function ImportFileStep({
  file,
  onFileChange,
  preview,
  onPreview,
  onImport,
  previewing,
  importing,
  importStatus,
  result,
  rejected,
}: ImportFileStepProps) {
  const { t } = useAdminT();
  const fileId = useId();
  const input = useRef<HTMLInputElement>(null);
  const busy = previewing || importing;
  const toWrite = preview ? preview.create + preview.update : 0;
  // A file with problems can still have its valid rows imported on their own.
  const hasErrors = preview !== null && preview.errorCount > 0;

  // A file input cannot be set from state, only emptied: do so when the screen lets go of the file.
  useEffect(() => {
    if (!file && input.current) input.current.value = '';
  }, [file]);

  return (
    <>
      <div className="flex flex-col gap-2">
        <Label htmlFor={fileId}>{t('adminImportFile.fileLabel')}</Label>
        <Input
          ref={input}
          id={fileId}
          type="file"
          accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
          disabled={busy}
          onChange={(event) => onFileChange(event.target.files?.[0] ?? null)}
        />
      </div>
      <div className="flex flex-wrap gap-2">
        <Button onClick={onPreview} disabled={!file || busy} variant={preview ? 'outline' : 'default'}>
          {previewing ? <Spinner /> : <FileUp aria-hidden="true" />} {t('adminImportFile.preview')}
        </Button>
        {preview ? (
          <Button onClick={() => onImport(hasErrors ? 'valid-rows' : 'apply')} disabled={busy || toWrite === 0}>
            {importing ? <Spinner /> : null}
            {toWrite === 0
              ? hasErrors
                ? t('adminImportFile.fixToImport')
                : t('adminImportFile.nothingToImport')
              : hasErrors
                ? t('adminImportFile.importValidRows', { count: toWrite })
                : t('adminImportFile.importRows', { count: toWrite })}
          </Button>
        ) : null}
      </div>
      {hasErrors && toWrite > 0 ? (
        <p className="text-sm text-muted-foreground">
          {t('adminImportFile.rowsLeftOut', { count: preview.invalidRows })}
        </p>
      ) : null}
      {previewing ? (
        <p role="status" className="text-sm text-muted-foreground">
          {t('adminImportFile.checkingFile')}
        </p>
      ) : null}
      {importing && importStatus ? (
        <div className="flex flex-col gap-1">
          {importStatus.progress ? (
            <progress
              className="h-2 w-full overflow-hidden rounded-full accent-primary"
              aria-label={t('adminImportFile.importProgress')}
              max={Math.max(importStatus.progress.total, 1)}
              value={importStatus.progress.done}
            />
          ) : null}
          <p role="status" className="text-sm text-muted-foreground">
            {importStatus.text}
          </p>
        </div>
      ) : null}
      {result ? (
        <p role="status" className="rounded-md bg-green-50 px-3 py-2 text-sm text-green-900">
          {result.fileName
            ? t('adminImportFile.importedFile', { name: result.fileName, counts: result.counts })
            : t('adminImportFile.importedUnnamed', { counts: result.counts })}
        </p>
      ) : null}
      {rejected ? (
        <a
          href={rejected.url}
          download={rejected.name}
          className="inline-flex items-center gap-2 self-start text-sm font-medium text-primary underline underline-offset-4"
        >
          <Download aria-hidden="true" className="size-4" />{' '}
          {t('adminImportFile.downloadRejected', { count: rejected.rows })}
        </a>
      ) : null}
      {preview ? <ImportReport summary={preview} /> : null}
    </>
  );
}
