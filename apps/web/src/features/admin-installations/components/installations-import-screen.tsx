import { type ReactNode, useEffect, useId, useState } from 'react';
import { Link } from 'react-router';
import { ArrowLeft, Download, FileUp } from 'lucide-react';
import { type ExportFormat, INSTALLATION_IMPORT_COLUMNS, type InstallationImportSummary } from '@capstan/shared';
import { ImportReport } from '@/components/import-report';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { toast } from '@/hooks/use-toast';
import { errorReason } from '@/lib/api-client';
import { type AdminTranslator, useAdminT } from '@/lib/i18n/admin';
import { translateAdminRefusal } from '@/lib/i18n/admin-validation';
import {
  useApplyInstallationsImport,
  useDownloadInstallations,
  usePreviewInstallationsImport,
} from '../api/installation-files';

/** The rows a valid-rows import left out go back as a file named after the one imported. */
const rejectedName = (fileName: string) => `${fileName.replace(/\.(csv|xlsx)$/i, '')}-rejected-rows.csv`;

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="flex flex-col gap-3 rounded-lg border bg-card p-4 sm:p-6">
      <h2 className="text-lg font-semibold">{title}</h2>
      {children}
    </section>
  );
}

function importedText({ t }: AdminTranslator, summary: InstallationImportSummary): string {
  const counts = { created: summary.create, updated: summary.update, unchanged: summary.unchanged };
  return summary.invalidRows > 0
    ? t('adminInstallations.importedCountsLeftOut', { ...counts, leftOut: summary.invalidRows })
    : t('adminInstallations.importedCounts', counts);
}

/**
 * The register as a file (CSV, Excel) and back: a file is previewed first (what it would create
 * and update, and every invalid cell by line), then imported as previewed, or only its valid rows.
 */
export function InstallationsImportScreen() {
  const translator = useAdminT();
  const { t } = translator;
  const [file, setFile] = useState<File | null>(null);
  const [fileKey, setFileKey] = useState(0);
  const [preview, setPreview] = useState<InstallationImportSummary | null>(null);
  const [result, setResult] = useState<{ summary: InstallationImportSummary; name: string } | null>(null);
  const [rejected, setRejected] = useState<{ url: string; rows: number; name: string } | null>(null);
  const fileId = useId();
  const download = useDownloadInstallations();
  const previewCall = usePreviewInstallationsImport();
  const applyCall = useApplyInstallationsImport();
  const busy = previewCall.isPending || applyCall.isPending;

  // The rejected rows' file lives as an object URL until it is replaced or the screen goes.
  useEffect(() => (rejected ? () => URL.revokeObjectURL(rejected.url) : undefined), [rejected]);

  const reset = () => {
    setPreview(null);
    setResult(null);
    setRejected(null);
  };

  const failed = (title: string) => (error: unknown) =>
    toast({ variant: 'destructive', title, description: translateAdminRefusal(translator, errorReason(error)) });

  const exportAs = (format: ExportFormat) =>
    download.mutate(format, { onError: failed(t('adminInstallations.exportFailed')) });

  const runPreview = () => {
    if (!file) return;
    reset();
    previewCall.mutate(file, { onSuccess: setPreview, onError: failed(t('adminInstallations.previewFailed')) });
  };

  const runImport = (mode: 'apply' | 'valid-rows') => {
    if (!file || !preview) return;
    applyCall.mutate(
      { file, planId: preview.planId, mode },
      {
        onSuccess: ({ rejectedCsv, ...summary }) => {
          setResult({ summary, name: file.name });
          setPreview(null);
          setFile(null);
          setFileKey((key) => key + 1);
          if (rejectedCsv !== undefined) {
            const url = URL.createObjectURL(new Blob([rejectedCsv], { type: 'text/csv;charset=utf-8' }));
            setRejected({ url, rows: summary.invalidRows, name: rejectedName(file.name) });
          }
          toast({ title: t('adminInstallations.importedTitle'), description: importedText(translator, summary) });
        },
        onError: failed(t('adminInstallations.importFailed')),
      },
    );
  };

  const toWrite = preview ? preview.create + preview.update : 0;

  return (
    <div className="mx-auto flex w-full max-w-5xl flex-col gap-6">
      <div className="grid gap-3">
        <Link
          to={paths.admin.installations}
          className="inline-flex items-center gap-1 justify-self-start rounded-sm text-sm text-muted-foreground hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
        >
          <ArrowLeft aria-hidden="true" className="size-4" />
          {t('adminInstallations.backToList')}
        </Link>
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{t('adminInstallations.importTitle')}</h1>
        <p className="text-sm text-muted-foreground">{t('adminInstallations.importIntro')}</p>
      </div>

      <Section title={t('adminInstallations.exportSection')}>
        <p className="text-sm text-muted-foreground">{t('adminInstallations.exportNote')}</p>
        <div className="flex flex-wrap gap-2">
          {(['csv', 'xlsx'] as const).map((format) => (
            <Button key={format} variant="outline" disabled={download.isPending} onClick={() => exportAs(format)}>
              <Download aria-hidden="true" />{' '}
              {format === 'csv' ? t('adminInstallations.downloadCsv') : t('adminInstallations.downloadXlsx')}
            </Button>
          ))}
        </div>
      </Section>

      <Section title={t('adminInstallations.importSection')}>
        <p className="text-sm text-muted-foreground">{t('adminInstallations.importNote')}</p>
        <div className="flex flex-col gap-2">
          <Label htmlFor={fileId}>{t('adminInstallations.fileLabel')}</Label>
          <Input
            key={fileKey}
            id={fileId}
            type="file"
            accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
            disabled={busy}
            onChange={(event) => {
              setFile(event.target.files?.[0] ?? null);
              reset();
            }}
          />
        </div>
        <div className="flex flex-wrap gap-2">
          <Button onClick={runPreview} disabled={!file || busy} variant={preview ? 'outline' : 'default'}>
            {previewCall.isPending ? <Spinner /> : <FileUp aria-hidden="true" />} {t('adminInstallations.preview')}
          </Button>
          {preview && preview.errorCount > 0 && toWrite > 0 ? (
            <Button onClick={() => runImport('valid-rows')} disabled={busy}>
              {applyCall.isPending ? <Spinner /> : null}
              {t('adminInstallations.importValidRows', { count: toWrite })}
            </Button>
          ) : preview ? (
            <Button onClick={() => runImport('apply')} disabled={busy || preview.errorCount > 0 || toWrite === 0}>
              {applyCall.isPending ? <Spinner /> : null}
              {preview.errorCount > 0
                ? t('adminInstallations.fixToImport')
                : toWrite === 0
                  ? t('adminInstallations.nothingToImport')
                  : t('adminInstallations.importRows', { count: toWrite })}
            </Button>
          ) : null}
        </div>
        {preview && preview.errorCount > 0 && toWrite > 0 ? (
          <p className="text-sm text-muted-foreground">
            {t('adminInstallations.rowsLeftOut', { count: preview.invalidRows })}
          </p>
        ) : null}
        {previewCall.isPending ? (
          <p role="status" className="text-sm text-muted-foreground">
            {t('adminInstallations.checkingFile')}
          </p>
        ) : null}
        {applyCall.isPending ? (
          <p role="status" className="text-sm text-muted-foreground">
            {t('adminInstallations.importing', { count: toWrite })}
          </p>
        ) : null}
        {result ? (
          <p role="status" className="rounded-md bg-green-50 px-3 py-2 text-sm text-green-900">
            {t('adminInstallations.importedFile', {
              name: result.name,
              counts: importedText(translator, result.summary),
            })}
          </p>
        ) : null}
        {rejected ? (
          <a
            href={rejected.url}
            download={rejected.name}
            className="inline-flex items-center gap-2 self-start text-sm font-medium text-primary underline underline-offset-4"
          >
            <Download aria-hidden="true" className="size-4" />{' '}
            {t('adminInstallations.downloadRejected', { count: rejected.rows })}
          </a>
        ) : null}
        {preview ? <ImportReport summary={preview} /> : null}
      </Section>

      <Section title={t('adminInstallations.columnsTitle')}>
        <p className="text-sm text-muted-foreground">{t('adminInstallations.columnsIntro')}</p>
        <ul className="flex flex-wrap gap-2" aria-label={t('adminInstallations.columnsTitle')}>
          {INSTALLATION_IMPORT_COLUMNS.map((column) => (
            <li key={column}>
              <code className="rounded bg-muted px-1.5 py-0.5 text-sm">{column}</code>
            </li>
          ))}
        </ul>
        <ul className="list-inside list-disc text-sm text-muted-foreground">
          <li>{t('adminInstallations.columnsSerial')}</li>
          <li>{t('adminInstallations.columnsModel')}</li>
          <li>{t('adminInstallations.columnsValues')}</li>
        </ul>
      </Section>
    </div>
  );
}
