import type { AmcStatus, Installation } from '@capstan/shared';
import { Badge } from '@/components/ui/badge';
import { useAdminT } from '@/lib/i18n/admin';
import { AMC_STATUS_BADGES, AMC_STATUS_LABELS, useFormats } from '../lib/labels';
import { warrantyState } from '../lib/warranty';

/** In warranty, ending in N days (the time to offer an AMC), or expired. */
export function WarrantyBadge({ endsOn, today }: { endsOn: string; today?: string }) {
  const { t } = useAdminT();
  const state = warrantyState(endsOn, today);
  switch (state.kind) {
    case 'inWarranty':
      return (
        <Badge variant="default" data-warranty="in">
          {t('adminInstallations.inWarranty')}
        </Badge>
      );
    case 'ending':
      return (
        <Badge variant="destructive" data-warranty="ending">
          {t('adminInstallations.warrantyEndsInDays', { days: state.days })}
        </Badge>
      );
    case 'expired':
      return (
        <Badge variant="outline" data-warranty="expired">
          {t('adminInstallations.warrantyExpired')}
        </Badge>
      );
  }
}

export function AmcStatusBadge({ status }: { status: AmcStatus }) {
  const { t } = useAdminT();
  return (
    <Badge variant={AMC_STATUS_BADGES[status]} data-amc={status}>
      {t(AMC_STATUS_LABELS[status])}
    </Badge>
  );
}

/** A row's AMC: its current (or latest) contract's status and end, "No AMC", or nothing when the list does not say. */
export function AmcSummary({ amc }: { amc: Installation['amc'] }) {
  const { t } = useAdminT();
  const formats = useFormats();
  if (amc === undefined) return <span className="text-muted-foreground">—</span>;
  if (amc === null) return <span className="text-muted-foreground">{t('adminInstallations.noAmc')}</span>;
  return (
    <span className="flex flex-wrap items-center gap-x-2 gap-y-1">
      <AmcStatusBadge status={amc.status} />
      <span className="text-xs text-muted-foreground">
        {t('adminInstallations.amcUntil', { date: formats.day(amc.endsOn) })}
      </span>
    </span>
  );
}
