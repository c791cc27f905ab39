import { useId, useState } from 'react';
import { CalendarCheck, CheckCircle2, FileDown, RotateCcw, UserCheck } from 'lucide-react';
import { type ServiceRequest, type ServiceRequestUpdate, serviceRequestUpdateSchema } from '@capstan/shared';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { toast } from '@/hooks/use-toast';
import { useAdminT } from '@/lib/i18n/admin';
import { useAdminRefusal } from '@/lib/i18n/admin-validation';
import { downloadServiceReport } from '../api/download-service-report';
import { useEngineers } from '../api/get-engineers';
import { useUpdateServiceRequest } from '../api/update-service-request';
import { formatMoment } from '../lib/labels';
import { refusalOf } from '../lib/refusal';

export const selectClass =
  'h-10 w-full rounded-md border border-input bg-background px-3 text-sm focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:outline-none disabled:opacity-60';

const UNASSIGNED = '';

/**
 * Sends one step of the flow, checked first with the route's own schema. `done` is the toast's
 * title once stored. A refusal (the schema's or the server's, in English: the caller translates it)
 * goes to `onRefused` with the error, whose 400 may name fields.
 */
export function useFlowStep(request: ServiceRequest, onRefused: (message: string, error?: unknown) => void) {
  const { t } = useAdminT();
  const update = useUpdateServiceRequest();
  const run = (change: ServiceRequestUpdate, done: string) => {
    const checked = serviceRequestUpdateSchema.safeParse(change);
    if (!checked.success) {
      onRefused(checked.error.issues[0]?.message ?? t('adminService.notSavedTryAgain'));
      return;
    }
    update.mutate(
      { id: request.id, update: checked.data },
      {
        onSuccess: () => toast({ title: done }),
        onError: (error) => onRefused(refusalOf(error) ?? t('adminService.notSavedTryAgain'), error),
      },
    );
  };
  return { run, busy: update.isPending };
}

/**
 * The flow's next steps for the request's status: assign an engineer (who is emailed), schedule the
 * visit, mark it resolved; the report that closes it is its own form (ReportForm). A step the server refuses says
 * why here, and the request is read again.
 */
export function FlowActions({ request }: { request: ServiceRequest }) {
  const { t, intl } = useAdminT();
  const refusal = useAdminRefusal();
  const [refused, setRefused] = useState<string | null>(null);
  const { run, busy } = useFlowStep(request, setRefused);
  const step = (change: ServiceRequestUpdate, done: string) => {
    setRefused(null);
    run(change, done);
  };
  const open = request.status === 'new' || request.status === 'assigned' || request.status === 'scheduled';
  const visitable = request.status === 'assigned' || request.status === 'scheduled';
  const titleId = useId();

  return (
    <section className="grid content-start gap-4 rounded-lg border bg-card p-4 sm:p-5" aria-labelledby={titleId}>
      <h2 id={titleId} className="text-base font-semibold">
        {t('adminService.flowTitle')}
      </h2>
      {open ? (
        <AssignStep
          // Each starts again from what is stored once that changes (a step of ours or a colleague's);
          // the refusal above them stays until the next step.
          key={request.assigneeId ?? ''}
          request={request}
          busy={busy}
          onAssign={(assigneeId, name) =>
            step(
              // The first engineer moves a new request on; a later one only changes who goes.
              request.status === 'new' ? { assigneeId, status: 'assigned' } : { assigneeId },
              t('adminService.assignedToast', { name }),
            )
          }
        />
      ) : null}
      {visitable ? (
        <ScheduleStep
          key={request.visitOn ?? ''}
          request={request}
          busy={busy}
          onSchedule={(visitOn) =>
            step(
              request.status === 'assigned' ? { visitOn, status: 'scheduled' } : { visitOn },
              t('adminService.scheduledToast'),
            )
          }
        />
      ) : null}
      {/* Usually after the visit; straight from assigned when the engineer fixed it over the phone. */}
      {visitable ? (
        <Button
          type="button"
          variant="secondary"
          disabled={busy}
          onClick={() => step({ status: 'resolved' }, t('adminService.resolvedToast'))}
        >
          <CheckCircle2 aria-hidden="true" /> {t('adminService.markResolved')}
        </Button>
      ) : null}
      {/* One step back: the fault came back before the report was written. */}
      {request.status === 'resolved' ? (
        <Button
          type="button"
          variant="outline"
          disabled={busy}
          onClick={() => step({ status: request.visitOn ? 'scheduled' : 'assigned' }, t('adminService.reopenedToast'))}
        >
          <RotateCcw aria-hidden="true" /> {t('adminService.reopen')}
        </Button>
      ) : null}
      {request.status === 'new' ? <p className="text-sm text-muted-foreground">{t('adminService.newHint')}</p> : null}
      {request.status === 'resolved' ? (
        <p className="text-sm text-muted-foreground">{t('adminService.resolvedHint')}</p>
      ) : null}
      {request.status === 'closed' ? (
        <>
          <p className="text-sm">
            {request.closedAt
              ? t('adminService.closedOn', { date: formatMoment(intl, request.closedAt) })
              : t('adminService.statusClosed')}
          </p>
          {request.report ? <ReportPdfButton request={request} /> : null}
        </>
      ) : null}
      <div role="alert" className="text-sm text-destructive empty:hidden">
        {refused ? refusal(refused) : null}
      </div>
    </section>
  );
}

function AssignStep({
  request,
  busy,
  onAssign,
}: {
  request: ServiceRequest;
  busy: boolean;
  onAssign: (assigneeId: string, name: string) => void;
}) {
  const { t } = useAdminT();
  const engineers = useEngineers();
  const [chosen, setChosen] = useState(request.assigneeId ?? UNASSIGNED);
  const selectId = useId();
  // A disabled account still shows on the requests it had; it is just not offered for new ones.
  const listed = engineers.data?.engineers ?? [];
  const options =
    request.assigneeId && !listed.some((engineer) => engineer.id === request.assigneeId)
      ? [...listed, { id: request.assigneeId, name: request.assigneeName ?? request.assigneeId }]
      : listed;
  const name = options.find((engineer) => engineer.id === chosen)?.name ?? '';

  return (
    <form
      className="grid gap-2"
      onSubmit={(event) => {
        event.preventDefault();
        if (chosen !== UNASSIGNED) onAssign(chosen, name);
      }}
    >
      <Label htmlFor={selectId}>{t('adminService.engineer')}</Label>
      <select
        id={selectId}
        className={selectClass}
        value={chosen}
        disabled={busy || engineers.isPending}
        onChange={(event) => setChosen(event.target.value)}
      >
        <option value={UNASSIGNED}>{t('adminService.chooseEngineer')}</option>
        {options.map((engineer) => (
          <option key={engineer.id} value={engineer.id}>
            {engineer.name}
          </option>
        ))}
      </select>
      {engineers.isError ? (
        <p className="text-sm text-destructive">
          {t('adminService.engineersFailed')}{' '}
          <Button type="button" variant="link" className="h-auto p-0" onClick={() => void engineers.refetch()}>
            {t('ui.retry')}
          </Button>
        </p>
      ) : null}
      <Button type="submit" disabled={busy || chosen === UNASSIGNED || chosen === request.assigneeId}>
        <UserCheck aria-hidden="true" />
        {request.assigneeId ? t('adminService.reassign') : t('adminService.assign')}
      </Button>
    </form>
  );
}

function ScheduleStep({
  request,
  busy,
  onSchedule,
}: {
  request: ServiceRequest;
  busy: boolean;
  onSchedule: (visitOn: string) => void;
}) {
  const { t } = useAdminT();
  // The buyer's preferred day is the first guess.
  const [visitOn, setVisitOn] = useState(request.visitOn ?? request.preferredDate ?? '');
  const inputId = useId();
  return (
    <form
      className="grid gap-2"
      onSubmit={(event) => {
        event.preventDefault();
        if (visitOn !== '') onSchedule(visitOn);
      }}
    >
      <Label htmlFor={inputId}>{t('adminService.visitDate')}</Label>
      <Input
        id={inputId}
        type="date"
        value={visitOn}
        disabled={busy}
        onChange={(event) => setVisitOn(event.target.value)}
      />
      <Button type="submit" variant="outline" disabled={busy || visitOn === '' || visitOn === request.visitOn}>
        <CalendarCheck aria-hidden="true" />
        {request.status === 'scheduled' ? t('adminService.reschedule') : t('adminService.scheduleVisit')}
      </Button>
    </form>
  );
}

export function ReportPdfButton({ request }: { request: ServiceRequest }) {
  const { t } = useAdminT();
  const refusal = useAdminRefusal();
  const [downloading, setDownloading] = useState(false);
  const download = async () => {
    setDownloading(true);
    try {
      await downloadServiceReport(request.id, request.reference);
    } catch (error) {
      const reason = refusalOf(error);
      toast({
        variant: 'destructive',
        title: t('adminService.pdfFailed'),
        description: reason ? refusal(reason) : t('adminService.tryAgain'),
      });
    } finally {
      setDownloading(false);
    }
  };
  return (
    <Button type="button" variant="outline" disabled={downloading} onClick={() => void download()}>
      <FileDown aria-hidden="true" />
      {downloading ? t('adminService.downloading') : t('adminService.reportPdf')}
    </Button>
  );
}
