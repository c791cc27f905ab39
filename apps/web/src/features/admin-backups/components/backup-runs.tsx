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
import { BACKUPS_TEXT as TEXT, STATUS_LABELS, TRIGGER_LABELS } from './backups-text';

const serverMessage = (error: unknown, otherwise: string) =>
  error instanceof ApiError && error.serverMessage ? error.serverMessage : otherwise;

function ResultBadge({ status }: { status: BackupRun['status'] }) {
  const variant = status === 'failed' ? 'destructive' : status === 'succeeded' ? 'secondary' : 'outline';
  return (
    <Badge variant={variant} className="gap-1">
      {status === 'running' ? <Spinner className="size-3" /> : null}
      {STATUS_LABELS[status]}
    </Badge>
  );
}

function Started({ run }: { run: BackupRun }) {
  return <time dateTime={run.startedAt}>{formatRunTime(run.startedAt)}</time>;
}

function FailureReason({ run }: { run: BackupRun }) {
  if (run.status !== 'failed' || !run.error) return null;
  return <p className="mt-1 break-words text-destructive">{run.error}</p>;
}

const size = (run: BackupRun) => (run.sizeBytes === null ? TEXT.none : formatSize(run.sizeBytes));
const contents = (run: BackupRun) => (run.counts ? describeCounts(run.counts) : TEXT.none);

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
  if (run.downloadable) {
    return (
      <Button variant="outline" size="sm" disabled={downloading} onClick={() => onDownload(run)}>
        <Download aria-hidden="true" /> {downloading ? TEXT.downloading : TEXT.download}
        <span className="sr-only">{TEXT.downloadWhich(formatRunTime(run.startedAt))}</span>
      </Button>
    );
  }
  if (run.status === 'succeeded') return <span className="text-muted-foreground">{TEXT.removed}</span>;
  return <span className="text-muted-foreground">{TEXT.none}</span>;
}

type RowProps = { run: BackupRun; downloading: boolean; onDownload: (run: BackupRun) => void };

function RunRow({ run, downloading, onDownload }: RowProps) {
  return (
    <tr className="border-b align-top last:border-b-0">
      <td className="px-3 py-2 whitespace-nowrap">
        <Started run={run} />
      </td>
      <td className="px-3 py-2 whitespace-nowrap">{TRIGGER_LABELS[run.trigger]}</td>
      <td className="min-w-[8rem] px-3 py-2">
        <ResultBadge status={run.status} />
        <FailureReason run={run} />
      </td>
      <td className="px-3 py-2 whitespace-nowrap">{size(run)}</td>
      <td className="min-w-[14rem] px-3 py-2">{contents(run)}</td>
      <td className="px-3 py-2 whitespace-nowrap">
        <Archive run={run} downloading={downloading} onDownload={onDownload} />
      </td>
    </tr>
  );
}

function RunCard({ run, downloading, onDownload }: RowProps) {
  return (
    <li className="flex flex-col gap-2 rounded-lg border bg-background p-4 text-sm" data-testid="backup-card">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <ResultBadge status={run.status} />
        <span className="text-muted-foreground">
          <Started run={run} />
        </span>
      </div>
      <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1">
        <dt className="text-muted-foreground">{TEXT.columns.by}</dt>
        <dd>{TRIGGER_LABELS[run.trigger]}</dd>
        <dt className="text-muted-foreground">{TEXT.columns.size}</dt>
        <dd>{size(run)}</dd>
        <dt className="text-muted-foreground">{TEXT.columns.contents}</dt>
        <dd>{contents(run)}</dd>
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
  const headingId = useId();
  const running = runs.some((run) => run.status === 'running');
  const start = useStartBackup({
    onError: (error) =>
      toast({
        variant: 'destructive',
        title: TEXT.notStartedTitle,
        description: serverMessage(error, TEXT.notStarted),
      }),
  });
  const download = useDownloadBackup({
    onError: (error) =>
      toast({
        variant: 'destructive',
        title: TEXT.downloadFailedTitle,
        description: serverMessage(error, TEXT.downloadFailed),
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
            {TEXT.history}
          </h2>
          <p className="text-sm text-muted-foreground">{TEXT.historyHint}</p>
        </div>
        {/* The server refuses a second run while one is going (409); so does the button. */}
        <Button
          className="self-start sm:self-auto"
          disabled={start.isPending || running}
          onClick={() => start.mutate()}
        >
          <DatabaseBackup aria-hidden="true" /> {start.isPending ? TEXT.starting : TEXT.backUpNow}
        </Button>
      </div>
      {running ? (
        <p role="status" className="flex items-center gap-2 text-sm text-muted-foreground">
          <Spinner className="size-4" /> {TEXT.running}
        </p>
      ) : null}

      {runs.length === 0 ? (
        <p className="rounded-lg border bg-background p-6 text-muted-foreground">{TEXT.empty}</p>
      ) : (
        <>
          {/* Phones get cards, as the other admin lists do: six columns do not fit 390 px. */}
          <ul aria-label={TEXT.list} className="flex flex-col gap-3 sm:hidden">
            {runs.map((run) => (
              <RunCard key={run.id} {...rowProps(run)} />
            ))}
          </ul>
          {/* Focusable, so keyboard users can scroll it sideways when it is wider than the screen. */}
          <div
            role="region"
            aria-label={TEXT.table}
            tabIndex={0}
            className="hidden overflow-x-auto rounded-lg border bg-background focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none sm:block"
          >
            <table className="w-full text-left text-sm">
              <caption className="sr-only">{TEXT.list}</caption>
              <thead className="border-b bg-muted/50 text-xs text-muted-foreground uppercase">
                <tr>
                  {Object.values(TEXT.columns).map((column) => (
                    <th key={column} scope="col" className="px-3 py-2 font-medium">
                      {column}
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
