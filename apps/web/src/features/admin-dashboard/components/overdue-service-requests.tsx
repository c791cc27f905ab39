import { useState } from 'react';
import { Link } from 'react-router';
import { AlarmClock, ArrowRight } from 'lucide-react';
import { QueryState } from '@/components/query-state';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader } from '@/components/ui/card';
import { paths } from '@/config/paths';
import { useCan } from '@/hooks/use-can';
import { formatAge } from '@/lib/format-age';
import { useAdminT } from '@/lib/i18n/admin';
import { useOverdueServiceRequests } from '@/lib/overdue-service-requests';

/**
 * The service requests past due (new for more than 4 working hours, or past their visit day), for
 * the roles that handle them: the first few with their age, and how many in all. Its own request:
 * the figures above neither wait for it nor fail with it (a failure offers Retry in the card). No
 * card at all for other roles.
 */
export function OverdueServiceRequests() {
  const can = useCan('service.manage');
  const overdue = useOverdueServiceRequests(can);
  const { t, intl } = useAdminT();
  const [now] = useState(() => Date.now());
  // Drawn once it has something to say: no second "Loading" under the figures'.
  if (!can || overdue.isPending) return null;
  return (
    <Card data-testid="overdue-service-requests">
      <CardHeader className="flex flex-row items-center justify-between gap-3">
        <h2 className="flex items-center gap-2 leading-tight font-semibold">
          <AlarmClock aria-hidden="true" className="size-5 text-primary" />
          {t('adminService.dashboardTitle')}
        </h2>
        {overdue.data && overdue.data.total > 0 ? (
          <Badge variant="destructive" data-testid="overdue-service-total">
            {intl.formatNumber(overdue.data.total)}
          </Badge>
        ) : null}
      </CardHeader>
      <CardContent>
        <QueryState query={overdue} errorText={t('adminService.dashboardLoadFailed')}>
          {(data) =>
            data.total === 0 ? (
              <p className="text-sm text-muted-foreground">{t('adminService.dashboardNone')}</p>
            ) : (
              <div className="grid gap-3">
                <ol className="grid gap-2 text-sm" aria-label={t('adminService.dashboardTitle')}>
                  {data.serviceRequests.map((request) => (
                    <li key={request.id} className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
                      <span className="flex min-w-0 flex-wrap items-baseline gap-x-2">
                        <Link
                          to={paths.admin.serviceRequest(request.id)}
                          className="rounded-sm font-mono text-primary underline-offset-4 hover:underline focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
                        >
                          {request.reference}
                        </Link>
                        {request.machineDown ? (
                          <Badge variant="destructive">{t('adminService.machineDown')}</Badge>
                        ) : null}
                        <span className="min-w-0 break-words text-muted-foreground">
                          {request.model ? `${request.serial} · ${request.model}` : request.serial}
                        </span>
                      </span>
                      <time dateTime={request.createdAt} className="shrink-0 text-muted-foreground tabular-nums">
                        {formatAge(intl, request.createdAt, now, t('adminService.justNow'))}
                      </time>
                    </li>
                  ))}
                </ol>
                <Button asChild variant="outline" className="justify-between">
                  <Link to={paths.admin.serviceRequestsWith('overdue')}>
                    {t('adminService.dashboardSeeAll', { count: data.total })} <ArrowRight aria-hidden="true" />
                  </Link>
                </Button>
              </div>
            )
          }
        </QueryState>
      </CardContent>
    </Card>
  );
}
