import { Link } from 'react-router';
import { ArrowLeft, Headset, Phone } from 'lucide-react';
import { phonesOf, useSiteSettings } from '@/lib/site-settings';
import { paths } from '@/config/paths';
import { useT } from '@/lib/i18n';
import type { CatalogueTab } from '../lib/catalogue-items';
import { CatalogueTabs } from './catalogue-tabs';

type CatalogueSidebarProps = {
  tab: CatalogueTab | null;
  counts: Record<CatalogueTab, number>;
  tabHref: (tab: CatalogueTab) => string;
  /** A tab was followed (the drawer closes). */
  onFollow?: () => void;
};

/** SPEC §2: the three tabs with counts, Back to Home and the Need Help box. */
export function CatalogueSidebar({ tab, counts, tabHref, onFollow }: CatalogueSidebarProps) {
  const { t } = useT();
  const site = useSiteSettings();
  const phone = site ? phonesOf(site)[0] : undefined;
  return (
    <div className="flex flex-col gap-6">
      <Link
        to={paths.home}
        className="inline-flex items-center gap-2 self-start rounded-md text-sm font-medium text-primary hover:underline focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
      >
        <ArrowLeft aria-hidden="true" className="size-4" />
        {t('catalogue.backHome')}
      </Link>
      <nav aria-label={t('catalogue.catalogueCategories')}>
        <h2 className="mb-2 px-3 text-xs font-semibold tracking-wider text-muted-foreground uppercase">
          {t('catalogue.categories')}
        </h2>
        <CatalogueTabs tab={tab} counts={counts} tabHref={tabHref} onFollow={onFollow} layout="list" />
      </nav>
      <section aria-labelledby="need-help-heading" className="rounded-lg bg-primary/5 p-4 ring-1 ring-primary/15">
        <h2 id="need-help-heading" className="flex items-center gap-2 font-semibold text-foreground">
          <Headset aria-hidden="true" className="size-4 text-primary" />
          {t('catalogue.needHelp')}
        </h2>
        <p className="mt-2 text-sm text-muted-foreground">{t('catalogue.needHelpText')}</p>
        {phone ? (
          <a
            href={`tel:${phone.tel}`}
            className="mt-3 flex items-center gap-2 rounded-md text-sm font-medium text-primary hover:underline focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
          >
            <Phone aria-hidden="true" className="size-4" />
            {phone.display}
          </a>
        ) : null}
        <Link
          to={paths.contact}
          className="mt-2 inline-block rounded-md text-sm font-medium text-primary hover:underline focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
        >
          {t('catalogue.contactUs')}
        </Link>
      </section>
    </div>
  );
}
