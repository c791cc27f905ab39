import { type ReactNode, useEffect, useId, useState } from 'react';
import { Link } from 'react-router';
import { AlertTriangle, FileText, LogOut, ShieldCheck, ShieldOff, Wrench } from 'lucide-react';
import type { MyMachineResponse, ServiceRequestStatus } from '@capstan/shared';
import { AddToQuote } from '@/components/add-to-quote';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import { saveBlob } from '@/lib/download-file';
import { formatRupees } from '@/lib/format';
import { type MessageKey, useT } from '@/lib/i18n';
import { quoteLink } from '@/lib/quote-link';
import { fetchMyMachineReport, useMyMachine } from '../api/my-machine';
import { formatDay, formatInstantDay } from '../lib/dates';

const STATUS_LABELS: Record<ServiceRequestStatus, MessageKey> = {
  new: 'service.statusNew',
  assigned: 'service.statusAssigned',
  scheduled: 'service.statusScheduled',
  resolved: 'service.statusResolved',
  closed: 'service.statusClosed',
};

const AMC_LABELS = {
  active: 'service.amcActive',
  upcoming: 'service.amcUpcoming',
  expired: 'service.amcExpired',
} as const satisfies Record<NonNullable<MyMachineResponse['amc']>['status'], MessageKey>;

const isEnded = (error: unknown) => error instanceof ApiError && error.status === 401;

/**
 * Opens a report: a plain link would carry no token, so the PDF is fetched with it and shown from a
 * blob. The tab is opened at the tap (a tab opened after waiting for the answer is a blocked popup);
 * where none can be opened the PDF is saved instead.
 */
async function openReport(reportUrl: string, reference: string, token: string): Promise<void> {
  const tab = window.open('', '_blank');
  try {
    const blob = await fetchMyMachineReport(reportUrl, token);
    if (tab === null) {
      saveBlob(blob, `${reference}.pdf`);
      return;
    }
    const url = URL.createObjectURL(blob);
    tab.location.href = url;
    // Long enough for the tab to have read it.
    setTimeout(() => URL.revokeObjectURL(url), 60_000);
  } catch (error) {
    tab?.close();
    throw error;
  }
}

function Card({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <section aria-labelledby={id} className="rounded-xl border bg-card p-5 shadow-sm">
      <h2 id={id} className="text-sm font-semibold tracking-wide text-muted-foreground uppercase">
        {title}
      </h2>
      <div className="mt-3">{children}</div>
    </section>
  );
}

function Warranty({ installation }: { installation: MyMachineResponse['installation'] }) {
  const translator = useT();
  const { t } = translator;
  const day = formatDay(translator, installation.warrantyEndsOn);
  return (
    <Card title={t('service.warrantyHeading')}>
      {installation.underWarranty ? (
        <Badge className="gap-1 bg-emerald-600 text-white">
          <ShieldCheck aria-hidden="true" className="size-3.5" />
          {t('service.underWarranty')}
        </Badge>
      ) : (
        <Badge variant="secondary" className="gap-1">
          <ShieldOff aria-hidden="true" className="size-3.5" />
          {t('service.warrantyEnded')}
        </Badge>
      )}
      <p className="mt-2 text-sm">
        {installation.underWarranty
          ? t('service.warrantyUntil', { date: day })
          : t('service.warrantyEndedOn', { date: day })}
      </p>
    </Card>
  );
}

function Amc({ machine }: { machine: MyMachineResponse }) {
  const translator = useT();
  const { t } = translator;
  const { amc, installation } = machine;
  const ask = quoteLink('service', `AMC – ${installation.model} (${installation.serial})`);
  return (
    <Card title={t('service.amcHeading')}>
      {amc === null ? (
        <>
          <p className="text-sm">{t('service.amcNone')}</p>
          <Link
            to={ask}
            className="mt-2 inline-block text-sm font-medium text-primary underline-offset-4 hover:underline"
          >
            {t('service.amcAsk')}
          </Link>
        </>
      ) : (
        <>
          <Badge
            variant={amc.status === 'active' ? 'default' : 'secondary'}
            className={amc.status === 'active' ? 'bg-emerald-600 text-white' : undefined}
          >
            {t(AMC_LABELS[amc.status])}
          </Badge>
          <p className="mt-2 text-sm">
            {t('service.amcPeriod', {
              start: formatDay(translator, amc.startsOn),
              end: formatDay(translator, amc.endsOn),
            })}
          </p>
          {amc.status === 'expired' ? (
            <Link
              to={ask}
              className="mt-2 inline-block text-sm font-medium text-primary underline-offset-4 hover:underline"
            >
              {t('service.amcRenew')}
            </Link>
          ) : (
            <p className="mt-1 text-sm font-medium">
              {t('service.amcVisitsLeft', { left: amc.visitsLeft, included: amc.visitsIncluded })}
            </p>
          )}
        </>
      )}
    </Card>
  );
}

function ServiceRequests({
  machine,
  token,
  onEnded,
}: {
  machine: MyMachineResponse;
  token: string;
  onEnded: () => void;
}) {
  const translator = useT();
  const { t } = translator;
  const [reportFailed, setReportFailed] = useState<string | null>(null);
  const [opening, setOpening] = useState<string | null>(null);

  const open = async (reportUrl: string, reference: string) => {
    setReportFailed(null);
    setOpening(reference);
    try {
      await openReport(reportUrl, reference, token);
    } catch (error) {
      if (isEnded(error)) onEnded();
      else setReportFailed(reference);
    } finally {
      setOpening(null);
    }
  };

  return (
    <section aria-labelledby="my-machine-requests" className="mt-8">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="my-machine-requests" className="text-lg font-semibold">
          {t('service.requestsHeading')}
        </h2>
        <Button asChild>
          <Link to={paths.serviceFor(machine.installation.serial)}>
            <Wrench aria-hidden="true" />
            {t('service.requestService')}
          </Link>
        </Button>
      </div>
      {machine.serviceRequests.length === 0 ? (
        <p className="mt-3 text-muted-foreground">{t('service.requestsNone')}</p>
      ) : (
        <ul className="mt-4 grid gap-3">
          {machine.serviceRequests.map((request) => (
            <li key={request.reference} className="rounded-lg border bg-card p-4 shadow-sm">
              <div className="flex flex-wrap items-center gap-2">
                <span className="font-mono font-semibold">{request.reference}</span>
                <Badge variant={request.status === 'closed' ? 'secondary' : 'outline'}>
                  {t(STATUS_LABELS[request.status])}
                </Badge>
                {request.machineDown ? (
                  <Badge variant="destructive" className="gap-1">
                    <AlertTriangle aria-hidden="true" className="size-3.5" />
                    {t('service.machineDownBadge')}
                  </Badge>
                ) : null}
              </div>
              <p className="mt-2 line-clamp-3 text-sm break-words whitespace-pre-line">{request.symptom}</p>
              <p className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-sm text-muted-foreground">
                <span>{t('service.raisedOn', { date: formatInstantDay(translator, request.createdAt) })}</span>
                {request.visitOn ? (
                  <span>{t('service.visitOn', { date: formatDay(translator, request.visitOn) })}</span>
                ) : null}
                {request.closedAt ? (
                  <span>{t('service.closedOn', { date: formatInstantDay(translator, request.closedAt) })}</span>
                ) : null}
              </p>
              {request.reportUrl ? (
                <div className="mt-3">
                  <Button
                    type="button"
                    variant="outline"
                    size="sm"
                    disabled={opening === request.reference}
                    aria-label={t('service.reportOf', { reference: request.reference })}
                    onClick={() => void open(request.reportUrl!, request.reference)}
                  >
                    <FileText aria-hidden="true" />
                    {t('service.report')}
                  </Button>
                  {reportFailed === request.reference ? (
                    <p role="alert" className="mt-2 text-sm text-destructive">
                      {t('service.reportFailed')}
                    </p>
                  ) : null}
                </div>
              ) : null}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function PartsThatFit({ parts }: { parts: MyMachineResponse['partsThatFit'] }) {
  const translator = useT();
  const { t } = translator;
  return (
    <section aria-labelledby="my-machine-parts" className="mt-10">
      <h2 id="my-machine-parts" className="text-lg font-semibold">
        {t('service.partsHeading')}
      </h2>
      {parts.length === 0 ? (
        <p className="mt-3 text-muted-foreground">{t('service.partsNone')}</p>
      ) : (
        <>
          <p className="mt-1 text-sm text-muted-foreground">{t('service.partsIntro')}</p>
          <ul className="mt-4 grid gap-3 sm:grid-cols-2">
            {parts.map((part) => (
              <li key={part.id} className="flex flex-col gap-3 rounded-lg border bg-card p-4 shadow-sm">
                <div className="min-w-0">
                  <Link to={paths.product(part.id)} className="font-semibold break-words text-primary hover:underline">
                    {part.name}
                  </Link>
                  <p className="text-sm text-muted-foreground">
                    {t('service.partCode', { code: part.code })}
                    {' · '}
                    <span className="font-medium text-foreground">{formatRupees(part.price, translator)}</span>
                  </p>
                </div>
                <AddToQuote id={part.id} name={part.name} />
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}

/** Step 3: the machine the session sees, in the page's language. */
export function MyMachineView({
  token,
  onEnded,
  onSignOut,
}: {
  token: string;
  /** The session ran out (401): back to step 1, saying so. */
  onEnded: () => void;
  onSignOut: () => void;
}) {
  const translator = useT();
  const { t, locale } = translator;
  const query = useMyMachine(token, locale);
  const ended = isEnded(query.error);
  useEffect(() => {
    if (ended) onEnded();
  }, [ended, onEnded]);

  if (query.isPending || ended) {
    return (
      <div role="status" className="flex flex-col items-center gap-3 py-16 text-muted-foreground">
        <Spinner size="lg" />
        <p>{t('service.loadingMachine')}</p>
      </div>
    );
  }
  if (query.isError) {
    return (
      <div role="alert" className="flex flex-col items-center rounded-lg border px-4 py-16 text-center">
        <p className="font-medium">{t('service.loadFailed')}</p>
        <Button variant="outline" className="mt-5" onClick={() => void query.refetch()}>
          {t('service.tryAgain')}
        </Button>
      </div>
    );
  }

  const machine = query.data;
  const { installation } = machine;
  return (
    <div>
      <div className="flex flex-wrap items-start justify-between gap-4 rounded-xl border bg-card p-5 shadow-sm sm:p-6">
        <div className="min-w-0">
          <h2 className="text-xl font-bold tracking-tight break-words sm:text-2xl">{installation.model}</h2>
          <p className="mt-1 font-mono text-sm">{t('service.machineLabel', { serial: installation.serial })}</p>
          <p className="mt-1 text-sm text-muted-foreground">
            {t('service.installedAt', { company: installation.company })}
          </p>
          <p className="text-sm text-muted-foreground">
            {t('service.commissionedOn', { date: formatDay(translator, installation.commissionedOn) })}
          </p>
        </div>
        <Button type="button" variant="outline" onClick={onSignOut}>
          <LogOut aria-hidden="true" />
          {t('service.signOut')}
        </Button>
      </div>
      <div className="mt-4 grid gap-4 sm:grid-cols-2">
        <Warranty installation={installation} />
        <Amc machine={machine} />
      </div>
      <ServiceRequests machine={machine} token={token} onEnded={onEnded} />
      <PartsThatFit parts={machine.partsThatFit} />
    </div>
  );
}
