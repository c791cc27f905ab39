import type { ServiceRequest, ServiceRequestEvent } from '@capstan/shared';
import { type AdminTranslator, useAdminT } from '@/lib/i18n/admin';
import { EVENT_LABELS, formatDay, formatMoment, isDay, SERVICE_STATUS_LABELS } from '../lib/labels';

/** What an event says: the server's few words (a name, a serial, a day) set in the reader's sentence. */
function eventText({ t, intl }: AdminTranslator, event: ServiceRequestEvent): string {
  const detail = event.detail ?? '';
  return t(EVENT_LABELS[event.kind], {
    detail: isDay(detail) ? formatDay(intl, detail) : detail || '—',
    status: event.status ? t(SERVICE_STATUS_LABELS[event.status]) : '—',
  });
}

/** Every change of the request in order, with who made it and when (the customer is emailed each). */
export function RequestTimeline({ request }: { request: Pick<ServiceRequest, 'events' | 'name'> }) {
  const translator = useAdminT();
  const { t, intl } = translator;
  const events = [...request.events].sort((a, b) => a.at.localeCompare(b.at));
  return (
    <section className="grid content-start gap-3 rounded-lg border bg-card p-4 sm:p-5">
      <h2 className="text-base font-semibold">{t('adminService.timeline')}</h2>
      {events.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t('adminService.noEvents')}</p>
      ) : (
        <ol className="grid gap-3 border-l pl-4 text-sm" aria-label={t('adminService.timeline')}>
          {events.map((event, index) => (
            <li key={`${event.at}-${index}`} className="relative" data-testid="timeline-event">
              <span aria-hidden="true" className="absolute top-1.5 -left-[1.3rem] size-2 rounded-full bg-primary" />
              <p className="font-medium break-words">{eventText(translator, event)}</p>
              <p className="text-xs text-muted-foreground">
                <time dateTime={event.at}>{formatMoment(intl, event.at)}</time>
                {' · '}
                {t('adminService.eventBy', {
                  name: event.actorName ?? (event.kind === 'created' ? request.name : t('adminService.actorSystem')),
                })}
              </p>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
