import { useEffect, useRef } from 'react';
import { Link, Navigate, useLocation } from 'react-router';
import { CheckCircle2, Wrench } from 'lucide-react';
import { SERVICE_REFERENCE_PATTERN } from '@capstan/shared';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { useT } from '@/lib/i18n';
import { usePageTitle } from '../lib/use-page-title';

/** What the form hands this page in the router's state (never in the URL). */
export interface ServiceSentState {
  reference: string;
}

function sentReference(state: unknown): string | null {
  if (typeof state !== 'object' || state === null || !('reference' in state)) return null;
  const { reference } = state;
  return typeof reference === 'string' && SERVICE_REFERENCE_PATTERN.test(reference) ? reference : null;
}

/**
 * `/service/sent`: the request's reference in large type and what happens next. The reference
 * travels in the router's state; without it (an address typed or shared) there is nothing to show,
 * and the buyer is on the form again (the server sends such a request there too).
 */
export function ServiceSentPage() {
  const { t } = useT();
  const location = useLocation();
  const reference = sentReference(location.state);
  const headingRef = useRef<HTMLHeadingElement>(null);
  usePageTitle(t('service.sentTitle'));
  useEffect(() => headingRef.current?.focus(), []);

  if (reference === null) return <Navigate to={paths.service} replace />;

  return (
    <div className="mx-auto max-w-2xl px-4 py-8 sm:px-6 sm:py-12">
      <section role="status" aria-labelledby="service-sent-heading" className="grid justify-items-start gap-4">
        <CheckCircle2 aria-hidden="true" className="size-12 text-emerald-600" />
        <h1
          ref={headingRef}
          id="service-sent-heading"
          tabIndex={-1}
          className="text-2xl font-bold tracking-tight focus:outline-none sm:text-3xl"
        >
          {t('service.sentTitle')}
        </h1>
        <div className="w-full rounded-xl border bg-card p-5 shadow-sm sm:p-6">
          <p className="text-sm font-medium text-muted-foreground">{t('service.sentReference')}</p>
          <p className="mt-1 font-mono text-3xl font-bold tracking-wide break-all text-primary sm:text-4xl">
            {reference}
          </p>
          <p className="mt-3 text-sm text-muted-foreground">{t('service.sentKeep')}</p>
        </div>
      </section>
      <section aria-labelledby="service-next-heading" className="mt-8">
        <h2 id="service-next-heading" className="text-lg font-semibold">
          {t('service.nextHeading')}
        </h2>
        <ol className="mt-3 grid list-decimal gap-2 pl-5 text-muted-foreground marker:font-semibold marker:text-foreground">
          <li>{t('service.nextCall')}</li>
          <li>{t('service.nextVisit')}</li>
          <li>{t('service.nextEmail')}</li>
          <li>{t('service.nextFollow')}</li>
        </ol>
      </section>
      <div className="mt-8 flex flex-col gap-3 sm:flex-row sm:flex-wrap">
        <Button asChild size="lg">
          <Link to={paths.myMachine}>
            <Wrench aria-hidden="true" />
            {t('service.sentFollow')}
          </Link>
        </Button>
        <Button asChild size="lg" variant="outline">
          <Link to={paths.service}>{t('service.sentAnother')}</Link>
        </Button>
      </div>
    </div>
  );
}
