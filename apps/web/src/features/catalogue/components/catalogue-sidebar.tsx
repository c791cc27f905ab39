import { Link } from 'react-router';
import { ArrowLeft, Cog, Headset, Package, Phone, Wrench } from 'lucide-react';
import { COMPANY_PHONES } from '@/config/company';
import { paths } from '@/config/paths';
import { cn } from '@/lib/utils';
import { CATALOGUE_TABS, TAB_LABELS, type CatalogueTab } from '../lib/catalogue-items';

const TAB_ICONS = { machines: Cog, spares: Package, services: Wrench } as const;

type CatalogueSidebarProps = {
  tab: CatalogueTab;
  counts: Record<CatalogueTab, number>;
  onSelectTab: (tab: CatalogueTab) => void;
};

/** SPEC §2: the three tabs with counts, Back to Home and the Need Help box. */
export function CatalogueSidebar({ tab, counts, onSelectTab }: CatalogueSidebarProps) {
  const phone = COMPANY_PHONES[0];
  return (
    <div className="flex flex-col gap-6">
      <Link
        to={paths.home}
        className="inline-flex items-center gap-2 self-start rounded-md text-sm font-medium text-primary hover:underline focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
      >
        <ArrowLeft aria-hidden="true" className="size-4" />
        Back to Home
      </Link>
      <nav aria-label="Catalogue categories">
        <h2 className="mb-2 px-3 text-xs font-semibold tracking-wider text-muted-foreground uppercase">Categories</h2>
        <ul className="flex flex-col gap-1">
          {CATALOGUE_TABS.map((value) => {
            const Icon = TAB_ICONS[value];
            const active = value === tab;
            return (
              <li key={value}>
                <button
                  type="button"
                  aria-pressed={active}
                  onClick={() => onSelectTab(value)}
                  className={cn(
                    'flex w-full items-center gap-3 rounded-md px-3 py-2.5 text-left text-sm font-medium transition-colors focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none motion-reduce:transition-none',
                    active ? 'bg-primary text-primary-foreground' : 'text-slate-700 hover:bg-muted',
                  )}
                >
                  <Icon aria-hidden="true" className="size-4 shrink-0" />
                  <span className="flex-1">{TAB_LABELS[value]}</span>
                  <span className="sr-only">, </span>
                  <span
                    className={cn(
                      'rounded-full px-2 py-0.5 text-xs tabular-nums',
                      active ? 'bg-white/20' : 'bg-muted text-muted-foreground',
                    )}
                  >
                    {counts[value].toLocaleString('en-IN')}
                  </span>
                </button>
              </li>
            );
          })}
        </ul>
      </nav>
      <section aria-labelledby="need-help-heading" className="rounded-lg bg-primary/5 p-4 ring-1 ring-primary/15">
        <h2 id="need-help-heading" className="flex items-center gap-2 font-semibold text-foreground">
          <Headset aria-hidden="true" className="size-4 text-primary" />
          Need Help?
        </h2>
        <p className="mt-2 text-sm text-muted-foreground">
          Our engineers will help you choose the right machine, part or service.
        </p>
        <a
          href={`tel:${phone.tel}`}
          className="mt-3 flex items-center gap-2 rounded-md text-sm font-medium text-primary hover:underline focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
        >
          <Phone aria-hidden="true" className="size-4" />
          {phone.display}
        </a>
        <Link
          to={paths.contact}
          className="mt-2 inline-block rounded-md text-sm font-medium text-primary hover:underline focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
        >
          Contact us
        </Link>
      </section>
    </div>
  );
}
