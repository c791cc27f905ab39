import { Suspense, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { Heart, Menu } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle, DialogTrigger } from '@/components/ui/dialog';
import { useT } from '@/lib/i18n';
import { cn } from '@/lib/utils';
import { TAB_MESSAGES, type CatalogueTab } from '../lib/catalogue-items';
import { CatalogueSidebar } from './catalogue-sidebar';
import { CatalogueTabs } from './catalogue-tabs';

type CatalogueFrameProps = {
  /** The list tab shown, or null for the Favourites view. */
  tab: CatalogueTab | null;
  counts: Record<CatalogueTab, number>;
  tabHref: (tab: CatalogueTab) => string;
  /** How many favourites this browser keeps (null until read from storage). */
  favouriteCount: number | null;
  favouritesHref: string;
  children: ReactNode;
};

/**
 * What every view of the catalogue shares: the sidebar (a drawer below lg), the heading with the
 * Favourites link, and the tab row narrow screens show above the cards (decision 014).
 */
export function CatalogueFrame({
  tab,
  counts,
  tabHref,
  favouriteCount,
  favouritesHref,
  children,
}: CatalogueFrameProps) {
  const { t, intl } = useT();
  const [drawerOpen, setDrawerOpen] = useState(false);
  const closeDrawer = () => setDrawerOpen(false);
  const sidebar = <CatalogueSidebar tab={tab} counts={counts} tabHref={tabHref} onFollow={closeDrawer} />;
  const favouritesShown = tab === null;

  return (
    <div className="mx-auto grid max-w-7xl gap-8 px-4 py-4 sm:px-6 sm:py-10 lg:grid-cols-[16rem_minmax(0,1fr)]">
      <aside aria-label={t('catalogue.sidebar')} className="hidden lg:block">
        <div className="sticky top-24">
          <Suspense>{sidebar}</Suspense>
        </div>
      </aside>

      <div className="min-w-0">
        {/* On a phone the first card must show on the first screen: one line of heading, one of
            tabs, compact tiles and one line of search. */}
        <div className="flex items-center justify-between gap-3 sm:items-end">
          <div className="min-w-0">
            <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{t('catalogue.title')}</h1>
            <p className="mt-1 hidden text-muted-foreground sm:block">{t('catalogue.intro')}</p>
          </div>
          <div className="flex shrink-0 items-center gap-2">
            {/* The favourites marked on the cards, of every kind, in one view. */}
            <Button
              asChild
              variant={favouritesShown ? 'default' : 'outline'}
              className="max-sm:relative max-sm:size-10 max-sm:px-0"
            >
              <Link to={favouritesHref} aria-current={favouritesShown ? 'page' : undefined}>
                <Heart aria-hidden="true" className={cn(!favouritesShown && 'text-red-500')} />
                <span className="max-sm:sr-only">{t('catalogue.favourites')}</span>
                {favouriteCount !== null && favouriteCount > 0 ? (
                  <span
                    className={cn(
                      'rounded-full px-1.5 text-xs tabular-nums max-sm:absolute max-sm:-top-1.5 max-sm:-right-1.5',
                      favouritesShown ? 'bg-white/20' : 'bg-red-500 text-white',
                    )}
                  >
                    <span className="sr-only">, </span>
                    {intl.formatNumber(favouriteCount)}
                  </span>
                ) : null}
              </Link>
            </Button>
            <Dialog open={drawerOpen} onOpenChange={setDrawerOpen}>
              <DialogTrigger asChild>
                <Button variant="outline" className="max-sm:size-10 max-sm:px-0 lg:hidden">
                  <Menu aria-hidden="true" />
                  <span className="max-sm:sr-only">
                    {tab === null ? t('catalogue.categories') : t(TAB_MESSAGES[tab].label)}
                  </span>
                  <span className="sr-only">{t('catalogue.openCategories')}</span>
                </Button>
              </DialogTrigger>
              <DialogContent
                placement="left"
                className="grid w-80 content-start gap-4 border-r bg-background p-5 pt-12"
              >
                <DialogTitle className="sr-only">{t('catalogue.catalogueCategories')}</DialogTitle>
                <DialogDescription className="sr-only">{t('catalogue.drawerDescription')}</DialogDescription>
                {drawerOpen ? sidebar : null}
              </DialogContent>
            </Dialog>
          </div>
        </div>

        {/* The tabs as links on narrow screens too, where the sidebar is a drawer that needs the app. */}
        <nav
          aria-label={t('catalogue.catalogueTabs')}
          className="-mx-4 mt-3 overflow-x-auto px-4 py-0.5 sm:-mx-6 sm:px-6 lg:hidden"
        >
          <CatalogueTabs tab={tab} counts={counts} tabHref={tabHref} layout="row" />
        </nav>

        {children}
      </div>
    </div>
  );
}
