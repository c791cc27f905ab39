import { QueryState } from '@/components/query-state';
import { formatIndianNumber } from '@/lib/format';
import { useAdminT } from '@/lib/i18n/admin';
import { useOutbox } from '../api/get-outbox';
import { OutboxList } from './outbox-list';

/** Admin → Outbox: every email about inquiries and where it stands. */
export function OutboxScreen() {
  const outbox = useOutbox();
  const translator = useAdminT();
  const { t } = translator;
  return (
    <div className="flex flex-col gap-6">
      <div>
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{t('adminOutbox.title')}</h1>
        <p className="text-sm text-muted-foreground">{t('adminOutbox.intro')}</p>
      </div>
      <QueryState query={outbox} errorText={t('adminOutbox.loadFailed')}>
        {(data) => (
          <>
            <p className="text-sm">
              {t('adminOutbox.counts', {
                pending: formatIndianNumber(data.pending, translator),
                failed: formatIndianNumber(data.failed, translator),
              })}
            </p>
            <OutboxList messages={data.messages} />
          </>
        )}
      </QueryState>
    </div>
  );
}
