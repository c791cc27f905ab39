import { Cog, Cpu, GraduationCap, Package, RefreshCw, Settings, Wrench, Hammer, type LucideIcon } from 'lucide-react';
import type { ServiceIcon } from '@capstan/shared';
import { useT } from '@/lib/i18n';
import { useSiteSettings } from '@/lib/site-settings';
import { belowFoldHeights } from '@/lib/below-fold';

const ICONS: Record<ServiceIcon, LucideIcon> = {
  lathe: Cog,
  cnc: Cpu,
  parts: Package,
  installation: Settings,
  maintenance: Wrench,
  retrofit: RefreshCw,
  training: GraduationCap,
  custom: Hammer,
};

export function ServicesSection() {
  const { t } = useT();
  const services = useSiteSettings()?.landing.services ?? [];
  return (
    <section
      id="services"
      aria-labelledby="services-heading"
      className="below-fold scroll-mt-16 py-14 sm:py-16"
      style={belowFoldHeights(1810, 985, 660)}
    >
      <div className="mx-auto max-w-6xl px-4 sm:px-6">
        <p className="section-eyebrow">{t('landing.servicesEyebrow')}</p>
        <h2 id="services-heading" className="section-heading">
          {t('landing.servicesHeading')}
        </h2>
        <p className="mt-2 max-w-2xl text-muted-foreground">{t('landing.servicesIntro')}</p>
        <ul className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {services.map((service, index) => {
            const Icon = ICONS[service.icon];
            return (
              // Transition on hover only, as on the featured cards (featured-product-card.tsx says why).
              <li
                key={index}
                className="rounded-lg border bg-card p-6 shadow-sm hover:shadow-md hover:transition-shadow"
              >
                <span className="inline-flex size-11 items-center justify-center rounded-md bg-primary/10 text-primary">
                  <Icon aria-hidden="true" className="size-6" />
                </span>
                <h3 className="mt-4 font-semibold">{service.title}</h3>
                <p className="mt-2 text-sm text-muted-foreground">{service.description}</p>
              </li>
            );
          })}
        </ul>
      </div>
    </section>
  );
}
