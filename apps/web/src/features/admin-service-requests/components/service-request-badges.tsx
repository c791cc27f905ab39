import { AlarmClock, CircleAlert, CircleHelp } from 'lucide-react';
import type { ServiceRequest, ServiceRequestStatus } from '@capstan/shared';
import { Badge } from '@/components/ui/badge';
import { useAdminT } from '@/lib/i18n/admin';
import { SERVICE_STATUS_BADGES, SERVICE_STATUS_LABELS } from '../lib/labels';

export function ServiceStatusBadge({ status }: { status: ServiceRequestStatus }) {
  const { t } = useAdminT();
  return (
    <Badge variant={SERVICE_STATUS_BADGES[status]} data-status={status}>
      {t(SERVICE_STATUS_LABELS[status])}
    </Badge>
  );
}

/**
 * What needs attention about a request at a glance: the machine is down (red), the serial is not in
 * the register, the request is overdue. Each in words as well as colour.
 */
export function AttentionBadges({
  request,
}: {
  request: Pick<ServiceRequest, 'machineDown' | 'registered' | 'overdue'>;
}) {
  const { t } = useAdminT();
  return (
    <>
      {request.machineDown ? (
        <Badge variant="destructive" data-badge="machine-down">
          <CircleAlert aria-hidden="true" className="size-3" /> {t('adminService.machineDown')}
        </Badge>
      ) : null}
      {request.registered ? null : (
        <Badge variant="outline" data-badge="unregistered">
          <CircleHelp aria-hidden="true" className="size-3" /> {t('adminService.unregistered')}
        </Badge>
      )}
      {request.overdue ? (
        <Badge variant="outline" data-badge="overdue" className="border-amber-600 bg-amber-50 text-amber-900">
          <AlarmClock aria-hidden="true" className="size-3" /> {t('adminService.overdue')}
        </Badge>
      ) : null}
    </>
  );
}
