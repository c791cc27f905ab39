import { useState } from 'react';
import { Link } from 'react-router';
import { ArrowLeft, Download } from 'lucide-react';
import { type ExportFormat, INSTALLATION_IMPORT_COLUMNS, type InstallationImportSummary } from '@capstan/shared';
import { ImportFileStep, type ImportMode, useRejectedRowsFile } from '@/components/import-file-step';
import { TitledSection } from '@/components/titled-section';
import { Button } from '@/components/ui/button';
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
  const [preview, setPreview] = useState<InstallationImportSummary | null>(null);
  const [result, setResult] = useState<{ summary: InstallationImportSummary; name: string } | null>(null);
  const rejectedRows = useRejectedRowsFile();
  const download = useDownloadInstallations();
  const previewCall = usePreviewInstallationsImport();
  const applyCall = useApplyInstallationsImport();

  const reset = () => {
    setPreview(null);
    setResult(null);
    rejectedRows.clear();
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

  const runImport = (mode: ImportMode) => {
    if (!file || !preview) return;
    applyCall.mutate(
      { file, planId: preview.planId, mode },
      {
        onSuccess: ({ rejectedCsv, ...summary }) => {
          setResult({ summary, name: file.name });
          setPreview(null);
          setFile(null);
          if (rejectedCsv !== undefined) rejectedRows.offer(rejectedCsv, summary.invalidRows, file.name);
          toast({ title: t('adminInstallations.importedTitle'), description: importedText(translator, summary) });
        },
        onError: failed(t('adminInstallations.importFailed')),
      },
    );
  };

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

      <TitledSection title={t('adminInstallations.exportSection')}>
        <p className="text-sm text-muted-foreground">{t('adminInstallations.exportNote')}</p>
        <div className="flex flex-wrap gap-2">
          {(['csv', 'xlsx'] as const).map((format) => (
            <Button key={format} variant="outline" disabled={download.isPending} onClick={() => exportAs(format)}>
              <Download aria-hidden="true" />{' '}
              {format === 'csv' ? t('adminInstallations.downloadCsv') : t('adminInstallations.downloadXlsx')}
            </Button>
          ))}
        </div>
      </TitledSection>

      <TitledSection title={t('adminInstallations.importSection')}>
        <p className="text-sm text-muted-foreground">{t('adminInstallations.importNote')}</p>
        <ImportFileStep
          file={file}
          onFileChange={(chosen) => {
            setFile(chosen);
            reset();
          }}
          preview={preview}
          onPreview={runPreview}
          onImport={runImport}
          previewing={previewCall.isPending}
          importing={applyCall.isPending}
          importStatus={
            preview && { text: t('adminInstallations.importing', { count: preview.create + preview.update }) }
          }
          result={result && { fileName: result.name, counts: importedText(translator, result.summary) }}
          rejected={rejectedRows.rejected}
        />
      </TitledSection>

      <TitledSection title={t('adminInstallations.columnsTitle')}>
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
      </TitledSection>
    </div>
  );
}
