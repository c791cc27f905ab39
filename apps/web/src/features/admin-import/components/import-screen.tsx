import { useEffect, useId, useState } from 'react';
import { Download, FileUp, Images } from 'lucide-react';
import { IMPORT_KIND_LABELS, IMPORT_KINDS, type ImportKind, type ImportSummary } from '@capstan/shared';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Spinner } from '@/components/ui/spinner';
import { useCan } from '@/hooks/use-can';
import { toast } from '@/hooks/use-toast';
import { errorReason } from '@/lib/api-client';
import { formatIndianNumber } from '@/lib/format';
import { cn } from '@/lib/utils';
import { useApplyImport, useDownloadExport, useImportPictures, usePreviewImport } from '../api/catalogue-files';
import { ColumnHelp } from './column-help';
import { ImportReport } from './import-report';

const TAB_LABELS: Record<ImportKind, string> = {
  'spare-parts': 'Spare parts',
  machines: 'Machines',
  services: 'Services',
};
const TAB_ORDER: readonly ImportKind[] = ['spare-parts', 'machines', 'services'];

/**
 * What the screen says to those who may change the catalogue, and to those who may only download
 * it (sales, who quote from its prices: decision 050).
 */
export const IMPORT_SCREEN_TEXTS = {
  writer: {
    title: 'Import and export',
    intro:
      'Keep the catalogue in a spreadsheet: export it, edit it in Excel, import it back. A preview shows what a file would change before anything does.',
    exportNote: (one: string) =>
      `Every ${one} in the columns the import reads. Imported again without edits, it changes nothing.`,
  },
  reader: {
    title: 'Download the catalogue',
    intro:
      'The catalogue with its prices as a spreadsheet (CSV or Excel), to quote from. Your role can download it; changing it is for catalogue editors.',
    exportNote: (one: string) => `Every ${one} with its code, details and price, as stored now.`,
  },
} as const;

/** What the screen says about importing a file's valid rows and the rows it leaves out. */
export const VALID_ROWS_TEXTS = {
  importValid: (rows: number) => `Import the ${formatIndianNumber(rows)} valid ${rows === 1 ? 'row' : 'rows'}`,
  leftOut: (rows: number) =>
    `${formatIndianNumber(rows)} ${rows === 1 ? 'row has' : 'rows have'} problems: fix the file and preview it again, or import the valid rows now and download the others with their errors to fix and import later.`,
  download: (rows: number) =>
    `Download the ${formatIndianNumber(rows)} rejected ${rows === 1 ? 'row' : 'rows'} with their errors (CSV)`,
  leftOutCount: (rows: number) => `${formatIndianNumber(rows)} ${rows === 1 ? 'row' : 'rows'} left out`,
  rejectedName: (fileName: string) => `${fileName.replace(/\.(csv|xlsx)$/i, '')}-rejected-rows.csv`,
} as const;

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <section className="flex flex-col gap-3 rounded-lg border bg-card p-4 sm:p-6">
      <h2 className="text-lg font-semibold">{title}</h2>
      {children}
    </section>
  );
}

function importedText(summary: ImportSummary): string {
  const counts = `${formatIndianNumber(summary.create)} created, ${formatIndianNumber(summary.update)} updated, ${formatIndianNumber(summary.unchanged)} unchanged`;
  // Only an import of the valid rows leaves rows out; a whole-file import has none invalid.
  return summary.invalidRows > 0 ? `${counts}, ${VALID_ROWS_TEXTS.leftOutCount(summary.invalidRows)}.` : `${counts}.`;
}

/** Admin → Import / export: bulk catalogue files (CSV, Excel) and ZIPs of pictures (decision 034). */
export function CatalogueImportScreen() {
  const [kind, setKind] = useState<ImportKind>('spare-parts');
  const [file, setFile] = useState<File | null>(null);
  const [fileKey, setFileKey] = useState(0);
  const [preview, setPreview] = useState<ImportSummary | null>(null);
  const [result, setResult] = useState<ImportSummary | null>(null);
  const [rejected, setRejected] = useState<{ url: string; rows: number; name: string } | null>(null);
  const [progress, setProgress] = useState<{ done: number; total: number } | null>(null);
  const [zip, setZip] = useState<File | null>(null);
  const [zipKey, setZipKey] = useState(0);
  const fileId = useId();
  const zipId = useId();

  const download = useDownloadExport();
  const previewCall = usePreviewImport();
  const applyCall = useApplyImport((done, total) => setProgress({ done, total }));
  const picturesCall = useImportPictures();
  const labels = IMPORT_KIND_LABELS[kind];
  const busy = previewCall.isPending || applyCall.isPending;
  const canImport = useCan('catalogue.write');
  const texts = canImport ? IMPORT_SCREEN_TEXTS.writer : IMPORT_SCREEN_TEXTS.reader;

  // The rejected rows' file lives as an object URL until it is replaced or the screen goes.
  useEffect(() => (rejected ? () => URL.revokeObjectURL(rejected.url) : undefined), [rejected]);

  const reset = () => {
    setPreview(null);
    setResult(null);
    setRejected(null);
    setProgress(null);
  };
  const chooseKind = (next: ImportKind) => {
    setKind(next);
    setFile(null);
    setFileKey((key) => key + 1);
    reset();
  };

  const runPreview = () => {
    if (!file) return;
    reset();
    previewCall.mutate(
      { kind, file },
      {
        onSuccess: setPreview,
        onError: (error) => toast({ variant: 'destructive', title: 'Preview failed', description: errorReason(error) }),
      },
    );
  };

  const runImport = (mode: 'apply' | 'valid-rows') => {
    if (!file || !preview) return;
    setProgress({ done: 0, total: preview.create + preview.update });
    applyCall.mutate(
      { kind, file, planId: preview.planId, mode },
      {
        onSuccess: ({ summary, rejectedCsv }) => {
          setResult(summary);
          setPreview(null);
          if (rejectedCsv !== null) {
            const url = URL.createObjectURL(new Blob([rejectedCsv], { type: 'text/csv;charset=utf-8' }));
            setRejected({ url, rows: summary.invalidRows, name: VALID_ROWS_TEXTS.rejectedName(file.name) });
          }
          toast({ title: 'Imported', description: importedText(summary) });
        },
        onError: (error) => {
          setProgress(null);
          toast({ variant: 'destructive', title: 'Import failed', description: errorReason(error) });
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
            title: 'Pictures imported',
            description: `${formatIndianNumber(done.pictures)} pictures for ${formatIndianNumber(done.items)} ${done.items === 1 ? labels.one : labels.many}.`,
          });
        },
        onError: (error) =>
          toast({ variant: 'destructive', title: 'Pictures not imported', description: errorReason(error) }),
      },
    );
  };

  const toWrite = preview ? preview.create + preview.update : 0;

  return (
    <div className="flex flex-col gap-6">
      <div>
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{texts.title}</h1>
        <p className="text-sm text-muted-foreground">{texts.intro}</p>
      </div>

      <div role="group" aria-label="What to import or export" className="flex flex-wrap gap-2">
        {TAB_ORDER.filter((k) => IMPORT_KINDS.includes(k)).map((k) => (
          <Button
            key={k}
            variant={k === kind ? 'default' : 'outline'}
            aria-pressed={k === kind}
            onClick={() => chooseKind(k)}
            disabled={busy}
          >
            {TAB_LABELS[k]}
          </Button>
        ))}
      </div>

      <Section title={`Export ${labels.many}`}>
        <p className="text-sm text-muted-foreground">{texts.exportNote(labels.one)}</p>
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
                      toast({ variant: 'destructive', title: 'Export failed', description: errorReason(error) }),
                  },
                )
              }
            >
              <Download aria-hidden="true" /> {format === 'csv' ? 'Download CSV' : 'Download Excel (.xlsx)'}
            </Button>
          ))}
        </div>
      </Section>

      {canImport && (
        <>
          <Section title={`Import ${labels.many}`}>
            <div className="flex flex-col gap-2">
              <Label htmlFor={fileId}>CSV or Excel (.xlsx) file</Label>
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
                {previewCall.isPending ? <Spinner /> : <FileUp aria-hidden="true" />} Preview
              </Button>
              {preview && preview.errorCount > 0 && toWrite > 0 ? (
                <Button onClick={() => runImport('valid-rows')} disabled={busy}>
                  {applyCall.isPending ? <Spinner /> : null}
                  {VALID_ROWS_TEXTS.importValid(toWrite)}
                </Button>
              ) : preview ? (
                <Button onClick={() => runImport('apply')} disabled={busy || preview.errorCount > 0 || toWrite === 0}>
                  {applyCall.isPending ? <Spinner /> : null}
                  {preview.errorCount > 0
                    ? 'Fix the file to import it'
                    : toWrite === 0
                      ? 'Nothing to import'
                      : `Import ${formatIndianNumber(toWrite)} ${toWrite === 1 ? 'row' : 'rows'}`}
                </Button>
              ) : null}
            </div>
            {preview && preview.errorCount > 0 && toWrite > 0 && (
              <p className="text-sm text-muted-foreground">{VALID_ROWS_TEXTS.leftOut(preview.invalidRows)}</p>
            )}
            {previewCall.isPending && (
              <p role="status" className="text-sm text-muted-foreground">
                Checking the file…
              </p>
            )}
            {progress && applyCall.isPending && (
              <div className="flex flex-col gap-1">
                <progress
                  className="h-2 w-full overflow-hidden rounded-full accent-primary"
                  aria-label="Import progress"
                  max={Math.max(progress.total, 1)}
                  value={progress.done}
                />
                <p role="status" className="text-sm text-muted-foreground">
                  Importing: {formatIndianNumber(progress.done)} of {formatIndianNumber(progress.total)} rows written
                </p>
              </div>
            )}
            {result && (
              <p role="status" className="rounded-md bg-green-50 px-3 py-2 text-sm text-green-900">
                Imported {file?.name ? `“${file.name}”` : 'the file'}: {importedText(result)}
              </p>
            )}
            {rejected && (
              <a
                href={rejected.url}
                download={rejected.name}
                className="inline-flex items-center gap-2 self-start text-sm font-medium text-primary underline underline-offset-4"
              >
                <Download aria-hidden="true" className="size-4" /> {VALID_ROWS_TEXTS.download(rejected.rows)}
              </a>
            )}
            {preview && <ImportReport summary={preview} />}
          </Section>

          <Section title={`Pictures for ${labels.many}`}>
            <div className="flex flex-col gap-2">
              <Label htmlFor={zipId}>ZIP of pictures named by code</Label>
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
              {picturesCall.isPending ? <Spinner /> : <Images aria-hidden="true" />} Upload pictures
            </Button>
            {picturesCall.isPending && (
              <p role="status" className="text-sm text-muted-foreground">
                Processing the pictures…
              </p>
            )}
          </Section>

          <ColumnHelp kind={kind} />
        </>
      )}
    </div>
  );
}
