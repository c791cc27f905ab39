import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { LayoutGrid, List, SlidersHorizontal } from 'lucide-react';
import type { CatalogueSummary } from '@capstan/shared';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { useLocalizedHref, useT } from '@/lib/i18n';
import { partRequestLink } from '@/lib/quote-link';
import {
  cataloguePageQuery,
  cataloguePageUrl,
  tabCounts,
  useCataloguePage,
  useCatalogueSummary,
  type CataloguePage,
} from '../api/get-catalogue';
import { useCatalogueFacets } from '../api/get-catalogue-facets';
import { useCatalogueParams } from '../hooks/use-catalogue-params';
import { useFavourites } from '../hooks/use-favourites';
import {
  activeFilterCount,
  FILTERS_OPEN,
  FILTERS_PARAM,
  filterParams,
  filtersOpenAtStart,
  TAB_MESSAGES,
} from '../lib/catalogue-items';
import { markCatalogueCardsPainted, markCatalogueDataArrived, markSearchResultsPainted } from '../lib/perf-marks';
import { CatalogueFilterPanel } from './catalogue-filter-panel';
import { CatalogueFrame } from './catalogue-frame';
import { CatalogueResults } from './catalogue-results';
import { CatalogueSearchBox } from './catalogue-search-box';
import { MachineFilter, useMachineFilterLabel } from './catalogue-filters';
import { CatalogueSortSelect } from './catalogue-sort-select';
import { FavouritesView } from './favourites-view';

function LoadFailed() {
  const { t } = useT();
  return (
    <section role="alert" className="mx-auto flex max-w-xl flex-col items-center px-4 py-24 text-center">
      <h1 className="text-2xl font-bold tracking-tight">{t('catalogue.loadFailedTitle')}</h1>
      <p className="mt-3 text-muted-foreground">{t('catalogue.loadFailedText')}</p>
      <Button className="mt-8" onClick={() => window.location.reload()}>
        {t('catalogue.tryAgain')}
      </Button>
    </section>
  );
}

function Loading() {
  const { t } = useT();
  return (
    <div role="status" className="flex min-h-[50vh] flex-col items-center justify-center gap-3 text-muted-foreground">
      <Spinner size="lg" />
      <p>{t('catalogue.loadingProducts')}</p>
    </div>
  );
}

export function CatalogueScreen() {
  const params = useCatalogueParams();
  return params.favouritesView ? <FavouritesCatalogue params={params} /> : <ListCatalogue params={params} />;
}

/** `/products?tab=favourites`, which needs the tab counts but no list page. */
function FavouritesCatalogue({ params }: { params: ReturnType<typeof useCatalogueParams> }) {
  const summary = useCatalogueSummary();
  if (summary.isError) return <LoadFailed />;
  if (summary.data === undefined) return <Loading />;
  const counts = tabCounts(summary.data);
  return (
    <FavouritesView
      counts={{ machines: counts.machines.total, spares: counts.spares.total, services: counts.services.total }}
      tabHref={params.tabHref}
      favouritesHref={params.favouritesHref}
      view={params.view}
    />
  );
}

function ListCatalogue({ params }: { params: ReturnType<typeof useCatalogueParams> }) {
  // SPEC §7: the counts and the page are asked for in parallel, each aborted after 5 s.
  const summary = useCatalogueSummary();
  const page = useCataloguePage(params.query);

  if (summary.isError || page.isError) return <LoadFailed />;

  // Only the first visit waits here: later pages, searches, orders and tabs keep the cards on screen.
  if (summary.data === undefined || page.data === undefined) return <Loading />;

  return <LoadedCatalogue params={params} summary={summary.data} shown={page.data} stale={page.isPlaceholderData} />;
}

type LoadedCatalogueProps = {
  params: ReturnType<typeof useCatalogueParams>;
  summary: CatalogueSummary;
  shown: CataloguePage;
  stale: boolean;
};

function LoadedCatalogue({ params, summary, shown, stale }: LoadedCatalogueProps) {
  const { t, intl, locale } = useT();
  const localize = useLocalizedHref();
  const { query, view, searchText, searchBoxKey } = params;
  const { tab, sort } = query;
  const activeFilters = activeFilterCount(query);
  const [showFilters, setShowFilters] = useState(() => filtersOpenAtStart(query) || params.filtersAskedOpen);
  const filtersButton = useRef<HTMLAnchorElement>(null);
  const facets = useCatalogueFacets(query, showFilters);
  const machineLabel = useMachineFilterLabel(query.machine);
  const { favourites, ready, toggleFavourite } = useFavourites();
  const resultsHeadingRef = useRef<HTMLHeadingElement>(null);
  const queryClient = useQueryClient();
  const counts = tabCounts(summary);
  const tabMessages = TAB_MESSAGES[tab];

  // Asked for a page past the end, the list call answered the last page: the URL says so too.
  // The answer is filed under that page's own key, so following the URL fetches nothing.
  const { correctPage } = params;
  useEffect(() => {
    if (stale || shown.query.page === query.page) return;
    const shownKey = cataloguePageQuery(shown.query, locale).queryKey;
    const answer = queryClient.getQueryData(cataloguePageQuery(query, locale).queryKey);
    if (answer !== undefined && queryClient.getQueryData(shownKey) === undefined) {
      queryClient.setQueryData(shownKey, answer);
    }
    correctPage(shown.query.page);
  }, [stale, shown, query, queryClient, correctPage, locale]);

  // Benchmark marks (npm run bench): page data arrival → its cards painted, keystroke → its results painted.
  useLayoutEffect(() => {
    if (stale) return;
    markCatalogueDataArrived(cataloguePageUrl(shown.query, locale));
    markCatalogueCardsPainted();
  }, [stale, shown, locale]);
  // A layout effect, as above: it runs in the commit, before the frame that paints it. A passive
  // effect of a transition's commit runs only after that frame, and would time the frame after.
  useLayoutEffect(() => {
    // Also on input that did not change the search (a space), whose results are already painted.
    if (!stale) markSearchResultsPainted(shown.query.term);
  }, [stale, shown, searchText]);

  // A page link was followed: the new page's cards start at the results heading. It jumps there,
  // as a new page would open at its top: the page's smooth scrolling would draw every card it
  // passed on the way up and was still running under the next keystroke (decision 060).
  const showResultsTop = () => {
    const heading = resultsHeadingRef.current;
    heading?.focus({ preventScroll: true });
    heading?.scrollIntoView?.({ block: 'start', behavior: 'instant' });
  };
  const tabCountsShown = {
    machines: counts.machines.total,
    spares: counts.spares.total,
    services: counts.services.total,
  };

  const tiles = [
    { label: t(tabMessages.listed), value: intl.formatNumber(counts[tab].total) },
    // SPEC §2's tiles, counted from the data like the dashboard's, never fixed figures.
    { label: t('catalogue.tileCategories'), value: intl.formatNumber(summary.machineCategories ?? 0) },
    { label: t('catalogue.tileSparesRange'), value: intl.formatNumber(counts.spares.total) },
    { label: t('catalogue.tileFeatured'), value: intl.formatNumber(counts[tab].featured) },
  ];

  return (
    <CatalogueFrame
      tab={tab}
      counts={tabCountsShown}
      tabHref={params.tabHref}
      favouriteCount={ready ? favourites.size : null}
      favouritesHref={params.favouritesHref}
    >
      <dl className="mt-3 grid grid-cols-4 gap-2 sm:mt-5 sm:gap-3">
        {tiles.map((tile) => (
          <div key={tile.label} className="rounded-lg border bg-card px-2 py-2 shadow-sm sm:px-4 sm:py-3">
            <dt className="text-[11px] leading-tight font-medium text-muted-foreground sm:text-xs">{tile.label}</dt>
            <dd className="mt-1 text-base font-bold text-primary tabular-nums sm:text-xl">{tile.value}</dd>
          </div>
        ))}
      </dl>

      <div className="mt-3 flex items-center gap-2 sm:mt-5 sm:flex-wrap">
        {/* A GET form: without the app, Enter asks the server for the results page
              (/products?q=…&tab=…); with it, typing filters and submitting changes nothing. */}
        <form
          role="search"
          method="get"
          action={localize(paths.products)}
          onSubmit={(event) => event.preventDefault()}
          className="relative min-w-0 flex-1 sm:basis-64"
        >
          <CatalogueSearchBox
            tab={tab}
            text={searchText}
            resetKey={searchBoxKey}
            shownTerm={stale ? shown.query.term : query.term}
            onTextChange={params.changeText}
            onCommit={params.commitText}
          />
          {tab !== 'machines' ? <input type="hidden" name="tab" value={tab} /> : null}
          {query.category !== null ? <input type="hidden" name="category" value={query.category} /> : null}
          {query.machine !== null ? <input type="hidden" name="machine" value={query.machine} /> : null}
          {sort !== 'name' ? <input type="hidden" name="sort" value={sort} /> : null}
          {filterParams(query.filters).map((value) => (
            <input key={value} type="hidden" name="f" value={value} />
          ))}
          {view !== 'grid' ? <input type="hidden" name="view" value={view} /> : null}
        </form>
        {/* A link, so that without the app it asks the server for the list with the panel open;
            the app toggles the panel in place. */}
        <Button asChild variant="outline" className="max-sm:px-3">
          <a
            ref={filtersButton}
            href={localize(params.filtersHref(!showFilters))}
            role="button"
            aria-expanded={showFilters}
            aria-controls="catalogue-filters"
            onClick={(event) => {
              event.preventDefault();
              setShowFilters((shown) => !shown);
            }}
            onKeyDown={(event) => {
              // A button opens on Space too; a link would scroll the page.
              if (event.key !== ' ') return;
              event.preventDefault();
              setShowFilters((shown) => !shown);
            }}
          >
            <SlidersHorizontal aria-hidden="true" />
            <span className="max-sm:sr-only">{t('catalogue.filters')}</span>
            {activeFilters > 0 ? (
              <span className="rounded-full bg-primary px-1.5 text-xs leading-5 font-semibold text-primary-foreground tabular-nums">
                {intl.formatNumber(activeFilters)}
                <span className="sr-only"> {t('catalogue.filtersActive')}</span>
              </span>
            ) : null}
          </a>
        </Button>
        <div role="group" aria-label={t('catalogue.view')} className="flex rounded-md border bg-background p-0.5">
          {(
            [
              ['grid', t('catalogue.gridView'), LayoutGrid],
              ['list', t('catalogue.listView'), List],
            ] as const
          ).map(([value, label, Icon]) => (
            <Button
              key={value}
              size="sm"
              variant={view === value ? 'secondary' : 'ghost'}
              aria-pressed={view === value}
              aria-label={label}
              onClick={() => params.changeView(value)}
              className="h-8 px-2.5"
            >
              <Icon aria-hidden="true" />
            </Button>
          ))}
        </div>
      </div>

      {showFilters ? (
        <CatalogueFilterPanel
          tab={tab}
          category={query.category}
          facets={facets.data}
          failed={facets.isError}
          active={activeFilters}
          hiddenFields={[
            ...(tab !== 'machines' ? [['tab', tab] as const] : []),
            ...(searchText !== '' ? [['q', searchText] as const] : []),
            ...filterParams(query.filters).map((value) => ['f', value] as const),
            ...(view !== 'grid' ? [['view', view] as const] : []),
            [FILTERS_PARAM, FILTERS_OPEN] as const,
          ]}
          onCategory={params.changeCategory}
          onRange={params.changeFilter}
          onRanges={params.changeRanges}
          onReset={params.resetFilters}
          onClose={() => {
            setShowFilters(false);
            // The panel held the focus; it goes back to the button that opens it again.
            filtersButton.current?.focus();
          }}
        >
          <CatalogueSortSelect sort={sort} onSortChange={params.changeSort} />
          {tab === 'spares' ? <MachineFilter machine={query.machine} onMachineChange={params.changeMachine} /> : null}
        </CatalogueFilterPanel>
      ) : null}

      {machineLabel !== null ? (
        // The parts are narrowed to one machine's, which the visitor can see and undo.
        <div className="mt-4 flex flex-wrap items-center gap-x-3 gap-y-1">
          <p className="text-lg font-semibold">{t('catalogue.partsFor', { machine: machineLabel })}</p>
          <Button variant="link" className="h-auto p-0" onClick={() => params.changeMachine(null)}>
            {t('catalogue.showAllSpares')}
          </Button>
        </div>
      ) : null}

      <h2 ref={resultsHeadingRef} tabIndex={-1} className="sr-only">
        {t(tabMessages.results)}
      </h2>

      <CatalogueResults
        shown={shown}
        stale={stale}
        page={query.page}
        searchedTerm={query.term}
        tabTotal={counts[shown.query.tab].total}
        view={view}
        favourites={favourites}
        onToggleFavourite={toggleFavourite}
        pageHref={params.pageHref}
        onPage={showResultsTop}
        onClearSearch={params.clearSearch}
        // A part the catalogue does not list can still be asked for.
        partRequestHref={
          shown.total === 0 && shown.query.tab === 'spares' && (shown.query.term !== '' || machineLabel !== null)
            ? partRequestLink(shown.query.term, machineLabel)
            : null
        }
      />
    </CatalogueFrame>
  );
}
