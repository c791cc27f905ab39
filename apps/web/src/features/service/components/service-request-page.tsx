import { Link } from 'react-router';
import { Phone, Wrench } from 'lucide-react';
import { paths } from '@/config/paths';
import { useT } from '@/lib/i18n';
import { phonesOf, useSiteSettings } from '@/lib/site-settings';
import { usePageTitle } from '../lib/use-page-title';
import { ServiceRequestForm } from './service-request-form';

/** The company's numbers to call, as staff set them: a stopped machine is often quicker on the phone. */
export function CallUs() {
  const { t } = useT();
  const site = useSiteSettings();
  const phones = site ? phonesOf(site) : [];
  if (phones.length === 0) return null;
  return (
    <section aria-labelledby="service-call-heading" className="rounded-xl border bg-card p-5 shadow-sm">
      <h2 id="service-call-heading" className="font-semibold">
        {t('service.machineStopped')}
      </h2>
      <p className="mt-1 text-sm text-muted-foreground">{t('service.callServiceDesk')}</p>
      <ul className="mt-3 grid gap-2">
        {phones.map((phone) => (
          <li key={phone.tel}>
            <a
              href={`tel:${phone.tel}`}
              className="inline-flex items-center gap-2 font-medium text-primary underline-offset-4 hover:underline"
            >
              <Phone aria-hidden="true" className="size-4" />
              {phone.display}
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** `/service` (issue 40): ask for an engineer, with or without the app. */
export function ServiceRequestPage() {
  const { t } = useT();
  usePageTitle(t('service.title'));
  return (
    <div className="mx-auto max-w-6xl px-4 py-6 sm:px-6 sm:py-10">
      <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{t('service.title')}</h1>
      <p className="mt-2 max-w-2xl text-muted-foreground">{t('service.intro')}</p>
      <div className="mt-6 grid grid-cols-1 gap-6 lg:grid-cols-3 lg:gap-10">
        <section className="rounded-xl border bg-card p-5 shadow-sm sm:p-8 lg:col-span-2">
          <ServiceRequestForm />
        </section>
        <aside className="grid content-start gap-4">
          <CallUs />
          <section aria-labelledby="service-follow-heading" className="rounded-xl border bg-card p-5 shadow-sm">
            <h2 id="service-follow-heading" className="font-semibold">
              {t('service.followTitle')}
            </h2>
            <p className="mt-1 text-sm text-muted-foreground">{t('service.followText')}</p>
            <Link
              to={paths.myMachine}
              className="mt-3 inline-flex items-center gap-2 font-medium text-primary underline-offset-4 hover:underline"
            >
              <Wrench aria-hidden="true" className="size-4" />
              {t('service.followLink')}
            </Link>
          </section>
        </aside>
      </div>
    </div>
  );
}
