import { useEffect, useId, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Phone } from 'lucide-react';
import type { ServiceRequest } from '@capstan/shared';
import { QueryState } from '@/components/query-state';
import { Card } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Pagination } from '@/components/ui/pagination';
import { ADMIN_TITLES } from '@/config/admin-titles';
import { paths } from '@/config/paths';
import { formatAge } from '@/lib/format-age';
import { useAdminT } from '@/lib/i18n/admin';
import { cn } from '@/lib/utils';
import { SERVICE_REQUESTS_PAGE_SIZE, useServiceRequests } from '../api/get-service-requests';
import { formatDay, formatMoment, telHref } from '../lib/labels';
import { LIST_VIEWS, listParams, listSearch, type ListView, pageOf, VIEW_LABELS, viewOf } from '../lib/list-views';
import { AttentionBadges, ServiceStatusBadge } from './service-request-badges';

/** Typing settles for this long before the server is asked. */
const SEARCH_DELAY_MS = 300;

const linkClass =
  'rounded-sm text-primary underline-offset-4 hover:underline focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none';

/**
 * The service desk's list (issue 40): a view per step of the flow (open ones first), the overdue
 * ones, a search by reference, serial, name, phone or model, and pages. All of it lives in the
 * address, so a reload, Back or a shared link shows the same list.
 */
export function ServiceRequestsScreen() {
  const { t } = useAdminT();
  const [params, setParams] = useSearchParams();
  const view = viewOf(params.get('status'));
  const q = params.get('q')?.trim() ?? '';
  const page = pageOf(params.get('page'));
  const [search, setSearch] = useState(q);
  const searchId = useId();
  const viewsId = useId();
  const requests = useServiceRequests(listParams(view, q, page));
  const [now] = useState(() => Date.now());

  useEffect(() => {
    const next = search.trim();
    if (next === q) return;
    // A new search starts at its first page.
    const timer = setTimeout(() => setParams(listSearch(view, next, 1), { replace: true }), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [search, q, view, setParams]);

  const show = (next: ListView) => setParams(listSearch(next, q, 1));

  return (
    <div className="flex flex-col gap-6">
      <div>
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{t(ADMIN_TITLES.serviceRequests)}</h1>
        <p className="text-sm text-muted-foreground">{t('adminService.intro')}</p>
      </div>
      <div className="flex flex-col gap-4 lg:flex-row lg:items-end lg:justify-between">
        <div className="flex min-w-0 flex-col gap-1.5">
          <span id={viewsId} className="text-sm leading-none font-medium">
            {t('adminService.show')}
          </span>
          {/* Swiped sideways on a phone rather than wrapped into a wall of buttons. */}
          <div
            role="group"
            aria-labelledby={viewsId}
            className="-mx-4 flex gap-1 overflow-x-auto px-4 pb-1 sm:mx-0 sm:flex-wrap sm:px-0"
          >
            {LIST_VIEWS.map((value) => (
              <button
                key={value}
                type="button"
                aria-pressed={value === view}
                onClick={() => show(value)}
                className={cn(
                  'h-9 shrink-0 rounded-md border px-3 text-sm font-medium whitespace-nowrap transition-colors focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:outline-none',
                  value === view
                    ? 'border-primary bg-primary text-primary-foreground'
                    : 'border-input bg-background hover:bg-muted',
                )}
              >
                {t(VIEW_LABELS[value])}
              </button>
            ))}
          </div>
        </div>
        <div className="flex flex-col gap-1.5 lg:w-80">
          <Label htmlFor={searchId}>{t('adminService.search')}</Label>
          <Input
            id={searchId}
            type="search"
            value={search}
            autoComplete="off"
            placeholder={t('adminService.searchPlaceholder')}
            onChange={(event) => setSearch(event.target.value)}
          />
        </div>
      </div>

      <QueryState query={requests} errorText={t('adminService.loadFailed')}>
        {(data) =>
          data.serviceRequests.length === 0 ? (
            <p className="rounded-lg border bg-background p-6 text-muted-foreground">
              {q ? t('adminService.noMatch', { q }) : t('adminService.emptyView', { view: t(VIEW_LABELS[view]) })}
            </p>
          ) : (
            <>
              <p className="text-sm text-muted-foreground" aria-live="polite">
                {t('adminService.count', { count: data.total })}
              </p>
              {/* Phones get cards: seven columns do not fit 390 px. */}
              <ul aria-label={t('adminService.cardsLabel')} className="flex flex-col gap-3 md:hidden">
                {data.serviceRequests.map((request) => (
                  <ServiceRequestCard key={request.id} request={request} now={now} />
                ))}
              </ul>
              <Card className="hidden overflow-x-auto p-0 md:block">
                <ServiceRequestTable requests={data.serviceRequests} now={now} />
              </Card>
              <Pagination
                page={data.page}
                pageCount={Math.max(1, Math.ceil(data.total / (data.pageSize || SERVICE_REQUESTS_PAGE_SIZE)))}
                onPage={(next) => setParams(listSearch(view, q, next))}
              />
            </>
          )
        }
      </QueryState>
    </div>
  );
}

function Age({ iso, now }: { iso: string; now: number }) {
  const { t, intl } = useAdminT();
  return (
    <time dateTime={iso} title={formatMoment(intl, iso)}>
      {formatAge(intl, iso, now, t('adminService.justNow'))}
    </time>
  );
}

function CallLink({ phone }: { phone: string }) {
  return (
    <a href={telHref(phone)} className={cn(linkClass, 'inline-flex items-center gap-1 whitespace-nowrap')}>
      <Phone aria-hidden="true" className="size-3.5 shrink-0" />
      {phone}
    </a>
  );
}

function ServiceRequestTable({ requests, now }: { requests: ServiceRequest[]; now: number }) {
  const { t, intl } = useAdminT();
  const head = 'px-3 py-2 text-left font-medium text-muted-foreground';
  return (
    <table className="w-full min-w-[56rem] text-sm">
      <caption className="sr-only">{t(ADMIN_TITLES.serviceRequests)}</caption>
      <thead className="bg-muted/50">
        <tr>
          <th scope="col" className={head}>
            {t('adminService.reference')}
          </th>
          <th scope="col" className={head}>
            {t('adminService.machine')}
          </th>
          <th scope="col" className={head}>
            {t('adminService.customer')}
          </th>
          <th scope="col" className={head}>
            {t('adminService.age')}
          </th>
          <th scope="col" className={head}>
            {t('adminService.status')}
          </th>
          <th scope="col" className={head}>
            {t('adminService.engineer')}
          </th>
          <th scope="col" className={head}>
            {t('adminService.visit')}
          </th>
        </tr>
      </thead>
      <tbody>
        {requests.map((request) => (
          <tr key={request.id} className="border-t align-top" data-testid="service-request-row">
            <td className="px-3 py-2">
              <Link
                to={paths.admin.serviceRequest(request.id)}
                className={cn(linkClass, 'font-mono whitespace-nowrap')}
              >
                {request.reference}
              </Link>
              <div className="mt-1 flex flex-wrap gap-1">
                <AttentionBadges request={request} />
              </div>
            </td>
            <td className="px-3 py-2">
              <span className="block font-mono">{request.serial}</span>
              <span className="block text-xs text-muted-foreground">{request.model ?? '—'}</span>
            </td>
            <td className="px-3 py-2">
              <span className="block break-words">{request.name}</span>
              <CallLink phone={request.phone} />
            </td>
            <td className="px-3 py-2 whitespace-nowrap">
              <Age iso={request.createdAt} now={now} />
            </td>
            <td className="px-3 py-2">
              <ServiceStatusBadge status={request.status} />
            </td>
            <td className="px-3 py-2 break-words">{request.assigneeName ?? t('adminService.unassigned')}</td>
            <td className="px-3 py-2 whitespace-nowrap">{request.visitOn ? formatDay(intl, request.visitOn) : '—'}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function ServiceRequestCard({ request, now }: { request: ServiceRequest; now: number }) {
  const { t, intl } = useAdminT();
  return (
    <li>
      <Card className="grid gap-2 p-4 text-sm" data-testid="service-request-card">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <Link
            to={paths.admin.serviceRequest(request.id)}
            className={cn(linkClass, 'font-mono text-base font-semibold')}
          >
            {request.reference}
          </Link>
          <ServiceStatusBadge status={request.status} />
        </div>
        <div className="flex flex-wrap gap-1">
          <AttentionBadges request={request} />
        </div>
        <p>
          <span className="font-mono">{request.serial}</span>
          {request.model ? <span className="text-muted-foreground"> · {request.model}</span> : null}
        </p>
        <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1">
          <span className="min-w-0 break-words">{request.name}</span>
          <CallLink phone={request.phone} />
        </div>
        <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-xs">
          <dt className="text-muted-foreground">{t('adminService.age')}</dt>
          <dd>
            <Age iso={request.createdAt} now={now} />
          </dd>
          <dt className="text-muted-foreground">{t('adminService.engineer')}</dt>
          <dd className="break-words">{request.assigneeName ?? t('adminService.unassigned')}</dd>
          <dt className="text-muted-foreground">{t('adminService.visit')}</dt>
          <dd>{request.visitOn ? formatDay(intl, request.visitOn) : '—'}</dd>
        </dl>
      </Card>
    </li>
  );
}
