import { useState } from 'react';
import { Link } from 'react-router';
import { ArrowLeft, ExternalLink, Mail, Phone } from 'lucide-react';
import type { ServiceRequest } from '@capstan/shared';
import { QueryState } from '@/components/query-state';
import { Card } from '@/components/ui/card';
import { paths } from '@/config/paths';
import { formatAge } from '@/lib/format-age';
import { useAdminT } from '@/lib/i18n/admin';
import { cn } from '@/lib/utils';
import { useServiceRequest } from '../api/get-service-request';
import { formatDay, formatMoment, telHref } from '../lib/labels';
import { FlowActions } from './flow-actions';
import { MatchMachine } from './match-machine';
import { ReportForm } from './report-form';
import { ReportView } from './report-view';
import { RequestPhotos } from './request-photos';
import { RequestTimeline } from './request-timeline';
import { AttentionBadges, ServiceStatusBadge } from './service-request-badges';

const linkClass =
  'rounded-sm text-primary underline-offset-4 hover:underline focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none';

/** One service request: what the buyer sent, the machine, the flow's next step, the report and the timeline. */
export function ServiceRequestScreen({ serviceRequestId }: { serviceRequestId: string }) {
  const { t } = useAdminT();
  const request = useServiceRequest(serviceRequestId);
  return (
    <section className="mx-auto grid w-full max-w-6xl gap-6">
      <Link
        to={paths.admin.serviceRequests}
        className="inline-flex items-center gap-1 justify-self-start rounded-sm text-sm text-muted-foreground hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
      >
        <ArrowLeft aria-hidden="true" className="size-4" /> {t('adminService.backToList')}
      </Link>
      <QueryState query={request} errorText={t('adminService.loadOneFailed')}>
        {(data) => <ServiceRequestDetails request={data} />}
      </QueryState>
    </section>
  );
}

function ServiceRequestDetails({ request }: { request: ServiceRequest }) {
  const { t, intl } = useAdminT();
  const [now] = useState(() => Date.now());
  return (
    <>
      <div className="grid gap-2">
        <h1 className="flex flex-wrap items-center gap-2 text-2xl font-bold tracking-tight">
          <span className="font-mono">{request.reference}</span> <ServiceStatusBadge status={request.status} />
        </h1>
        <div className="flex flex-wrap items-center gap-2 text-sm text-muted-foreground">
          <AttentionBadges request={request} />
          <span>
            {t('adminService.receivedAt', {
              date: formatMoment(intl, request.createdAt),
              age: formatAge(intl, request.createdAt, now, t('adminService.justNow')),
            })}
          </span>
        </div>
      </div>
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_22rem]">
        <div className="grid min-w-0 content-start gap-6">
          <RequestCard request={request} />
          <MachineCard request={request} />
          {request.status === 'resolved' ? <ReportForm request={request} /> : null}
          {request.report ? <ReportView report={request.report} /> : null}
        </div>
        <div className="grid min-w-0 content-start gap-6">
          <FlowActions request={request} />
          <RequestTimeline request={request} />
        </div>
      </div>
    </>
  );
}

function RequestCard({ request }: { request: ServiceRequest }) {
  const { t, intl } = useAdminT();
  return (
    <Card className="grid content-start gap-4 p-4 text-sm sm:p-5">
      <h2 className="text-base font-semibold">{t('adminService.requestTitle')}</h2>
      <div>
        <h3 className="text-muted-foreground">{t('adminService.symptom')}</h3>
        {/* What the buyer typed goes through a text node: never rendered as HTML. */}
        <p className="mt-1 rounded-md bg-muted p-3 break-words whitespace-pre-wrap">{request.symptom}</p>
      </div>
      {request.photos.length > 0 ? <RequestPhotos request={request} /> : null}
      <dl className="grid gap-x-6 gap-y-3 sm:grid-cols-2">
        <div>
          <dt className="text-muted-foreground">{t('adminService.machineDownQuestion')}</dt>
          <dd className={cn(request.machineDown && 'font-semibold text-destructive')}>
            {request.machineDown ? t('adminService.yesDown') : t('adminService.no')}
          </dd>
        </div>
        <div>
          <dt className="text-muted-foreground">{t('adminService.preferredDate')}</dt>
          <dd>{request.preferredDate ? formatDay(intl, request.preferredDate) : t('adminService.noPreference')}</dd>
        </div>
        <div className="min-w-0">
          <dt className="text-muted-foreground">{t('adminService.contact')}</dt>
          <dd className="break-words">{request.name}</dd>
        </div>
        <div className="min-w-0">
          <dt className="text-muted-foreground">{t('adminService.phone')}</dt>
          <dd>
            <a href={telHref(request.phone)} className={cn(linkClass, 'inline-flex items-center gap-1')}>
              <Phone aria-hidden="true" className="size-4 shrink-0" />
              {request.phone}
            </a>
          </dd>
        </div>
        {request.email ? (
          <div className="min-w-0">
            <dt className="text-muted-foreground">{t('adminService.email')}</dt>
            <dd>
              <a href={`mailto:${request.email}`} className={cn(linkClass, 'inline-flex items-center gap-1 break-all')}>
                <Mail aria-hidden="true" className="size-4 shrink-0" />
                {request.email}
              </a>
            </dd>
          </div>
        ) : null}
      </dl>
    </Card>
  );
}

function MachineCard({ request }: { request: ServiceRequest }) {
  const { t } = useAdminT();
  return (
    <Card className="grid content-start gap-3 p-4 text-sm sm:p-5">
      <h2 className="text-base font-semibold">{t('adminService.machineTitle')}</h2>
      {request.registered && request.installationId ? (
        <>
          <dl className="grid gap-x-6 gap-y-3 sm:grid-cols-2">
            <div>
              <dt className="text-muted-foreground">{t('adminService.serial')}</dt>
              <dd className="font-mono">{request.serial}</dd>
            </div>
            <div className="min-w-0">
              <dt className="text-muted-foreground">{t('adminService.model')}</dt>
              <dd className="break-words">{request.model ?? '—'}</dd>
            </div>
          </dl>
          <Link
            to={paths.admin.installation(request.installationId)}
            className={cn(linkClass, 'inline-flex items-center gap-1 justify-self-start')}
          >
            <ExternalLink aria-hidden="true" className="size-4" />
            {t('adminService.openMachine', { serial: request.serial })}
          </Link>
        </>
      ) : (
        <>
          <p>{t('adminService.unregisteredSerial', { serial: request.serial })}</p>
          <p className="text-muted-foreground">{t('adminService.unregisteredHint')}</p>
          {request.status === 'closed' ? null : <MatchMachine request={request} />}
        </>
      )}
    </Card>
  );
}
