import { useId, useState } from 'react';
import { Download, Images } from 'lucide-react';
import { IMPORT_ITEM_KIND, IMPORT_KINDS, type ImportKind, type ImportSummary } from '@capstan/shared';
import { ImportFileStep, type ImportMode, useRejectedRowsFile } from '@/components/import-file-step';
import { TitledSection } from '@/components/titled-section';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Spinner } from '@/components/ui/spinner';
import { useCan } from '@/hooks/use-can';
import { toast } from '@/hooks/use-toast';
import { errorReason } from '@/lib/api-client';
import { type AdminTranslator, type BackOfficeKey, useAdminT } from '@/lib/i18n/admin';
import { translateAdminRefusal } from '@/lib/i18n/admin-validation';
import { cn } from '@/lib/utils';
import { useApplyImport, useDownloadExport, useImportPictures, usePreviewImport } from '../api/catalogue-files';
import { ColumnHelp } from './column-help';

const TAB_LABELS: Record<ImportKind, BackOfficeKey> = {
  'spare-parts': 'adminImport.tabSpareParts',
  machines: 'adminImport.tabMachines',
  services: 'adminImport.tabServices',
};
const TAB_ORDER: readonly ImportKind[] = ['spare-parts', 'machines', 'services'];

/**
 * What the screen says to those who may change the catalogue, and to those who may only download
 * it (sales, who quote from its prices: decision 050).
 */
const SCREEN_TEXTS = {
  writer: {
    title: 'adminImport.writerTitle',
    intro: 'adminImport.writerIntro',
    exportNote: 'adminImport.writerExportNote',
  },
  reader: {
    title: 'adminImport.readerTitle',
    intro: 'adminImport.readerIntro',
    exportNote: 'adminImport.readerExportNote',
  },
} as const satisfies Record<string, Record<string, BackOfficeKey>>;

function importedText({ t }: AdminTranslator, summary: ImportSummary): string {
  const counts = { created: summary.create, updated: summary.update, unchanged: summary.unchanged };
  // Only an import of the valid rows leaves rows out; a whole-file import has none invalid.
  return summary.invalidRows > 0
    ? t('adminImport.importedCountsLeftOut', { ...counts, leftOut: summary.invalidRows })
    : t('adminImport.importedCounts', counts);
}

/** Admin → Import / export: bulk catalogue files (CSV, Excel) and ZIPs of pictures (decision 034). */
export function CatalogueImportScreen() {
  const [kind, setKind] = useState<ImportKind>('spare-parts');
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<ImportSummary | null>(null);
  const [result, setResult] = useState<ImportSummary | null>(null);
  const rejectedRows = useRejectedRowsFile();
  const [progress, setProgress] = useState<{ done: number; total: number } | null>(null);
  const [zip, setZip] = useState<File | null>(null);
  const [zipKey, setZipKey] = useState(0);
  const zipId = useId();

  const download = useDownloadExport();
  const previewCall = usePreviewImport();
  const applyCall = useApplyImport((done, total) => setProgress({ done, total }));
  const picturesCall = useImportPictures();
  const translator = useAdminT();
  const { t } = translator;
  // The kind as the messages choose their words by it: machine, spare, service.
  const itemKind = IMPORT_ITEM_KIND[kind];
  const busy = previewCall.isPending || applyCall.isPending;
  const canImport = useCan('catalogue.write');
  const texts = canImport ? SCREEN_TEXTS.writer : SCREEN_TEXTS.reader;

  const reset = () => {
    setPreview(null);
    setResult(null);
    rejectedRows.clear();
    setProgress(null);
  };
  const chooseKind = (next: ImportKind) => {
    setKind(next);
    setFile(null);
    reset();
  };

  const runPreview = () => {
    if (!file) return;
    reset();
    previewCall.mutate(
      { kind, file },
      {
        onSuccess: setPreview,
        onError: (error) =>
          toast({
            variant: 'destructive',
            title: t('adminImport.previewFailed'),
            description: translateAdminRefusal(translator, errorReason(error)),
          }),
      },
    );
  };

  const runImport = (mode: ImportMode) => {
    if (!file || !preview) return;
    setProgress({ done: 0, total: preview.create + preview.update });
    applyCall.mutate(
      { kind, file, planId: preview.planId, mode },
      {
        onSuccess: ({ summary, rejectedCsv }) => {
          setResult(summary);
          setPreview(null);
          if (rejectedCsv !== null) rejectedRows.offer(rejectedCsv, summary.invalidRows, file.name);
          toast({ title: t('adminImport.importedTitle'), description: importedText(translator, summary) });
        },
        onError: (error) => {
          setProgress(null);
          toast({
            variant: 'destructive',
            title: t('adminImport.importFailed'),
            description: translateAdminRefusal(translator, errorReason(error)),
          });
        },
      },
    );
  };

  const runPictures = () => {
    if (!zip) return;
    picturesCall.mutate(
      { kind, file: zip },
      {
        onSuccess: (done) => {
          setZip(null);
          setZipKey((key) => key + 1);
          toast({
            title: t('adminImport.picturesImported'),
            description: t('adminImport.picturesImportedText', {
              pictures: done.pictures,
              items: done.items,
              kind: itemKind,
            }),
          });
        },
        onError: (error) =>
          toast({
            variant: 'destructive',
            title: t('adminImport.picturesFailed'),
            description: translateAdminRefusal(translator, errorReason(error)),
          }),
      },
    );
  };

  return (
    <div className="flex flex-col gap-6">
      <div>
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{t(texts.title)}</h1>
        <p className="text-sm text-muted-foreground">{t(texts.intro)}</p>
      </div>

      <div role="group" aria-label={t('adminImport.kindsLabel')} className="flex flex-wrap gap-2">
        {TAB_ORDER.filter((k) => IMPORT_KINDS.includes(k)).map((k) => (
          <Button
            key={k}
            variant={k === kind ? 'default' : 'outline'}
            aria-pressed={k === kind}
            onClick={() => chooseKind(k)}
            disabled={busy}
          >
            {t(TAB_LABELS[k])}
          </Button>
        ))}
      </div>

      <TitledSection title={t('adminImport.exportTitle', { kind: itemKind })}>
        <p className="text-sm text-muted-foreground">{t(texts.exportNote, { kind: itemKind })}</p>
        <div className="flex flex-wrap gap-2">
          {(['csv', 'xlsx'] as const).map((format) => (
            <Button
              key={format}
              variant="outline"
              disabled={download.isPending}
              onClick={() =>
                download.mutate(
                  { kind, format },
                  {
                    onError: (error) =>
                      toast({
                        variant: 'destructive',
                        title: t('adminImport.exportFailed'),
                        description: translateAdminRefusal(translator, errorReason(error)),
                      }),
                  },
                )
              }
            >
              <Download aria-hidden="true" />{' '}
              {format === 'csv' ? t('adminImport.downloadCsv') : t('adminImport.downloadXlsx')}
            </Button>
          ))}
        </div>
      </TitledSection>

      {canImport && (
        <>
          <TitledSection title={t('adminImport.importTitle', { kind: itemKind })}>
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
              importStatus={progress && { text: t('adminImport.importing', progress), progress }}
              result={result && { fileName: file?.name ?? '', counts: importedText(translator, result) }}
              rejected={rejectedRows.rejected}
            />
          </TitledSection>

          <TitledSection title={t('adminImport.picturesTitle', { kind: itemKind })}>
            <div className="flex flex-col gap-2">
              <Label htmlFor={zipId}>{t('adminImport.zipLabel')}</Label>
              <Input
                key={zipKey}
                id={zipId}
                type="file"
                accept=".zip,application/zip"
                disabled={picturesCall.isPending}
                onChange={(event) => setZip(event.target.files?.[0] ?? null)}
              />
            </div>
            <Button
              className={cn('self-start')}
              onClick={runPictures}
              disabled={!zip || picturesCall.isPending}
              variant="outline"
            >
              {picturesCall.isPending ? <Spinner /> : <Images aria-hidden="true" />} {t('adminImport.uploadPictures')}
            </Button>
            {picturesCall.isPending && (
              <p role="status" className="text-sm text-muted-foreground">
                {t('adminImport.processingPictures')}
              </p>
            )}
          </TitledSection>

          <ColumnHelp kind={kind} />
        </>
      )}
    </div>
  );
}
