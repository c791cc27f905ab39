import { useId } from 'react';
import { DatabaseBackup, Download } from 'lucide-react';
import type { BackupRun } from '@capstan/shared';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/hooks/use-toast';
import { ApiError } from '@/lib/api-client';
import { useDownloadBackup } from '../api/download-backup';
import { useStartBackup } from '../api/start-backup';
import { describeCounts, formatRunTime, formatSize } from '../lib/describe-run';
import { type AdminTranslator, useAdminT } from '@/lib/i18n/admin';
import { useAdminRefusal } from '@/lib/i18n/admin-validation';
import { COLUMN_KEYS, NONE, STATUS_LABELS, TRIGGER_LABELS } from './backups-text';

const serverMessage = (error: unknown, otherwise: string) =>
  error instanceof ApiError && error.serverMessage ? error.serverMessage : otherwise;

function ResultBadge({ status }: { status: BackupRun['status'] }) {
  const { t } = useAdminT();
  const variant = status === 'failed' ? 'destructive' : status === 'succeeded' ? 'secondary' : 'outline';
  return (
    <Badge variant={variant} className="gap-1">
      {status === 'running' ? <Spinner size="xs" /> : null}
      {t(STATUS_LABELS[status])}
    </Badge>
  );
}

function Started({ run }: { run: BackupRun }) {
  const { locale } = useAdminT();
  return <time dateTime={run.startedAt}>{formatRunTime(run.startedAt, locale)}</time>;
}

function FailureReason({ run }: { run: BackupRun }) {
  if (run.status !== 'failed' || !run.error) return null;
  return <p className="mt-1 break-words text-destructive">{run.error}</p>;
}

const size = (run: BackupRun, translator: AdminTranslator) =>
  run.sizeBytes === null ? NONE : formatSize(run.sizeBytes, translator);
const contents = (run: BackupRun, translator: AdminTranslator) =>
  run.counts ? describeCounts(run.counts, translator) : NONE;

/** Download while the archive is kept; "Removed" once a newer backup pushed it out. */
function Archive({
  run,
  downloading,
  onDownload,
}: {
  run: BackupRun;
  downloading: boolean;
  onDownload: (run: BackupRun) => void;
}) {
  const { t, locale } = useAdminT();
  if (run.downloadable) {
    return (
      <Button variant="outline" size="sm" disabled={downloading} onClick={() => onDownload(run)}>
        <Download aria-hidden="true" /> {downloading ? t('adminBackups.downloading') : t('adminBackups.download')}
        <span className="sr-only">
          {' '}
          {t('adminBackups.downloadWhich', { startedAt: formatRunTime(run.startedAt, locale) })}
        </span>
      </Button>
    );
  }
  if (run.status === 'succeeded') return <span className="text-muted-foreground">{t('adminBackups.removed')}</span>;
  return <span className="text-muted-foreground">{NONE}</span>;
}

type RowProps = { run: BackupRun; downloading: boolean; onDownload: (run: BackupRun) => void };

function RunRow({ run, downloading, onDownload }: RowProps) {
  const translator = useAdminT();
  const { t } = translator;
  return (
    <tr className="border-b align-top last:border-b-0">
      <td className="px-3 py-2 whitespace-nowrap">
        <Started run={run} />
      </td>
      <td className="px-3 py-2 whitespace-nowrap">{t(TRIGGER_LABELS[run.trigger])}</td>
      <td className="min-w-[8rem] px-3 py-2">
        <ResultBadge status={run.status} />
        <FailureReason run={run} />
      </td>
      <td className="px-3 py-2 whitespace-nowrap">{size(run, translator)}</td>
      <td className="min-w-[14rem] px-3 py-2">{contents(run, translator)}</td>
      <td className="px-3 py-2 whitespace-nowrap">
        <Archive run={run} downloading={downloading} onDownload={onDownload} />
      </td>
    </tr>
  );
}

function RunCard({ run, downloading, onDownload }: RowProps) {
  const translator = useAdminT();
  const { t } = translator;
  return (
    <li className="flex flex-col gap-2 rounded-lg border bg-background p-4 text-sm" data-testid="backup-card">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <ResultBadge status={run.status} />
        <span className="text-muted-foreground">
          <Started run={run} />
        </span>
      </div>
      <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1">
        <dt className="text-muted-foreground">{t('adminBackups.columnBy')}</dt>
        <dd>{t(TRIGGER_LABELS[run.trigger])}</dd>
        <dt className="text-muted-foreground">{t('adminBackups.columnSize')}</dt>
        <dd>{size(run, translator)}</dd>
        <dt className="text-muted-foreground">{t('adminBackups.columnContents')}</dt>
        <dd>{contents(run, translator)}</dd>
      </dl>
      <FailureReason run={run} />
      {/* A card has no Archive column to fill: nothing is shown while there is no archive. */}
      {run.status === 'succeeded' ? (
        <div className="self-start">
          <Archive run={run} downloading={downloading} onDownload={onDownload} />
        </div>
      ) : null}
    </li>
  );
}

/** Every backup run, newest first, with "Back up now" above them. */
export function BackupRuns({ runs }: { runs: BackupRun[] }) {
  const { t } = useAdminT();
  const refusal = useAdminRefusal();
  const headingId = useId();
  const running = runs.some((run) => run.status === 'running');
  const start = useStartBackup({
    onError: (error) =>
      toast({
        variant: 'destructive',
        title: t('adminBackups.notStartedTitle'),
        description: refusal(serverMessage(error, t('adminBackups.notStarted'))),
      }),
  });
  const download = useDownloadBackup({
    onError: (error) =>
      toast({
        variant: 'destructive',
        title: t('adminBackups.downloadFailedTitle'),
        description: refusal(serverMessage(error, t('adminBackups.downloadFailed'))),
      }),
  });
  const rowProps = (run: BackupRun): RowProps => ({
    run,
    downloading: download.isPending && download.variables?.id === run.id,
    onDownload: (chosen) => download.mutate(chosen),
  });

  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-4">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h2 id={headingId} className="text-lg font-semibold">
            {t('adminBackups.history')}
          </h2>
          <p className="text-sm text-muted-foreground">{t('adminBackups.historyHint')}</p>
        </div>
        {/* The server refuses a second run while one is going (409); so does the button. */}
        <Button
          className="self-start sm:self-auto"
          disabled={start.isPending || running}
          onClick={() => start.mutate()}
        >
          <DatabaseBackup aria-hidden="true" />{' '}
          {start.isPending ? t('adminBackups.starting') : t('adminBackups.backUpNow')}
        </Button>
      </div>
      {running ? (
        <p role="status" className="flex items-center gap-2 text-sm text-muted-foreground">
          <Spinner size="sm" /> {t('adminBackups.running')}
        </p>
      ) : null}

      {runs.length === 0 ? (
        <p className="rounded-lg border bg-background p-6 text-muted-foreground">{t('adminBackups.empty')}</p>
      ) : (
        <>
          {/* Phones get cards, as the other admin lists do: six columns do not fit 390 px. */}
          <ul aria-label={t('adminBackups.list')} className="flex flex-col gap-3 sm:hidden">
            {runs.map((run) => (
              <RunCard key={run.id} {...rowProps(run)} />
            ))}
          </ul>
          {/* Focusable, so keyboard users can scroll it sideways when it is wider than the screen. */}
          <div
            role="region"
            aria-label={t('adminBackups.table')}
            tabIndex={0}
            className="hidden overflow-x-auto rounded-lg border bg-background focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none sm:block"
          >
            <table className="w-full text-left text-sm">
              <caption className="sr-only">{t('adminBackups.list')}</caption>
              <thead className="border-b bg-muted/50 text-xs text-muted-foreground uppercase">
                <tr>
                  {COLUMN_KEYS.map((column) => (
                    <th key={column} scope="col" className="px-3 py-2 font-medium">
                      {t(column)}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {runs.map((run) => (
                  <RunRow key={run.id} {...rowProps(run)} />
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}
    </section>
  );
}
