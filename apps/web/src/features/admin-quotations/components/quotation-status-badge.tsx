import type { QuotationStatus } from '@capstan/shared';
import { Badge } from '@/components/ui/badge';
import { useAdminT } from '@/lib/i18n/admin';
import { QUOTATION_STATUS_BADGES, QUOTATION_STATUS_LABELS } from '../lib/labels';

export function QuotationStatusBadge({ status }: { status: QuotationStatus }) {
  const { t } = useAdminT();
  return (
    <Badge variant={QUOTATION_STATUS_BADGES[status]} data-status={status}>
      {t(QUOTATION_STATUS_LABELS[status])}
    </Badge>
  );
}
