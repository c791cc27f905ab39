import {
  startTransition,
  Suspense,
  useDeferredValue,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { useLocation, useNavigationType, useSearchParams } from 'react-router';
import { LayoutGrid, List, Menu, Search, SearchX, SlidersHorizontal, X } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle, DialogTrigger } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Spinner } from '@/components/ui/spinner';
import { cn } from '@/lib/utils';
import { MACHINES_URL, SERVICES_URL, SPARE_PARTS_URL, useCatalogue, type CatalogueLists } from '../api/get-catalogue';
import { useFavourites } from '../hooks/use-favourites';
import {
  filterItems,
  parsePage,
  parseSort,
  parseTab,
  parseView,
  SORT_LABELS,
  SORT_OPTIONS,
  sortItems,
  TAB_LABELS,
  type CatalogueSort,
  type CatalogueTab,
  type CatalogueView,
} from '../lib/catalogue-items';
import {
  markCatalogueCardsPainted,
  markCatalogueDataArrived,
  markSearchInput,
  markSearchResultsPainted,
} from '../lib/perf-marks';
import { CatalogueCard } from './catalogue-card';
import { CatalogueSidebar } from './catalogue-sidebar';
import { Pagination } from './pagination';

/** At most this many cards are rendered at once, so 25,000 spare parts stay smooth. */
export const CATALOGUE_PAGE_SIZE = 24;
/** SPEC §2/§9: fixed tiles. */
const CATEGORY_COUNT = 3;
const SPARES_TILE = '2.5K+';

export function CatalogueScreen() {
  const catalogue = useCatalogue();

  if (catalogue.status === 'pending') {
    return (
      <div role="status" className="flex min-h-[50vh] flex-col items-center justify-center gap-3 text-muted-foreground">
        <Spinner className="size-8" />
        <p>Loading products...</p>
      </div>
    );
  }

  if (catalogue.status === 'error') {
    return (
      <section role="alert" className="mx-auto flex max-w-xl flex-col items-center px-4 py-24 text-center">
        <h1 className="text-2xl font-bold tracking-tight">Oops! Something went wrong</h1>
        <p className="mt-3 text-muted-foreground">Failed to load products. Please try again.</p>
        <Button className="mt-8" onClick={() => window.location.reload()}>
          Try Again
        </Button>
      </section>
    );
  }

  return <LoadedCatalogue lists={catalogue.lists} />;
}

function LoadedCatalogue({ lists }: { lists: CatalogueLists }) {
  const [searchParams, setSearchParams] = useSearchParams();
  const location = useLocation();
  const navigationType = useNavigationType();
  const tab = parseTab(searchParams.get('tab'));
  const sort = parseSort(searchParams.get('sort'));
  const view = parseView(searchParams.get('view'));
  const urlTerm = searchParams.get('q') ?? '';

  // The input is local state so typing is never held up by the URL; the URL follows in a transition.
  const [term, setTerm] = useState(urlTerm);
  const [seenLocationKey, setSeenLocationKey] = useState(location.key);
  if (location.key !== seenLocationKey) {
    setSeenLocationKey(location.key);
    // Back/Forward or a link changed the search: show it. Our own typing replaces the entry.
    if (navigationType !== 'REPLACE' && urlTerm !== term) setTerm(urlTerm);
  }
  const deferredTerm = useDeferredValue(term);
  const activeTerm = deferredTerm.trim();

  const [showFilters, setShowFilters] = useState(sort !== 'name');
  const [drawerOpen, setDrawerOpen] = useState(false);
  const { favourites, toggleFavourite } = useFavourites();
  const resultsHeadingRef = useRef<HTMLHeadingElement>(null);

  const items = lists[tab];
  // Sorted once per list and order; a keystroke only filters (filtering keeps the order).
  const sortedAll = useMemo(() => sortItems(items, sort), [items, sort]);
  const sorted = useMemo(() => filterItems(sortedAll, activeTerm), [sortedAll, activeTerm]);
  const pageCount = Math.max(1, Math.ceil(sorted.length / CATALOGUE_PAGE_SIZE));
  const page = Math.min(parsePage(searchParams.get('page')), pageCount);
  const pageItems = sorted.slice((page - 1) * CATALOGUE_PAGE_SIZE, page * CATALOGUE_PAGE_SIZE);
  const counts = { machines: lists.machines.length, spares: lists.spares.length, services: lists.services.length };
  const featuredCount = useMemo(() => items.filter((item) => item.featured).length, [items]);
  const noun = TAB_LABELS[tab].toLowerCase();

  // Benchmark marks (npm run bench): data arrival → first cards painted, keystroke → results painted.
  useLayoutEffect(() => {
    markCatalogueDataArrived([MACHINES_URL, SPARE_PARTS_URL, SERVICES_URL]);
    markCatalogueCardsPainted();
  }, [lists]);
  useEffect(() => markSearchResultsPainted(), [sorted]);

  const updateParams = (changes: Record<string, string | null>, replace = false) => {
    setSearchParams(
      (previous) => {
        const next = new URLSearchParams(previous);
        for (const [key, value] of Object.entries(changes)) {
          if (value === null || value === '') next.delete(key);
          else next.set(key, value);
        }
        return next;
      },
      { replace, preventScrollReset: true },
    );
  };

  const selectTab = (next: CatalogueTab) => {
    setDrawerOpen(false);
    if (next !== tab) updateParams({ tab: next === 'machines' ? null : next, page: null });
  };
  const changeTerm = (value: string) => {
    markSearchInput();
    setTerm(value);
    startTransition(() => updateParams({ q: value, page: null }, true));
  };
  const clearSearch = () => changeTerm('');
  const changeSort = (value: CatalogueSort) => updateParams({ sort: value === 'name' ? null : value, page: null });
  const changeView = (value: CatalogueView) => updateParams({ view: value === 'grid' ? null : value });
  const goToPage = (next: number) => {
    updateParams({ page: next === 1 ? null : String(next) });
    const heading = resultsHeadingRef.current;
    heading?.focus({ preventScroll: true });
    heading?.scrollIntoView?.({ block: 'start' });
  };

  const sidebar = <CatalogueSidebar tab={tab} counts={counts} onSelectTab={selectTab} />;
  const tiles = [
    { label: `${TAB_LABELS[tab]} listed`, value: items.length.toLocaleString('en-IN') },
    { label: 'Categories', value: String(CATEGORY_COUNT) },
    { label: 'Spare Parts Range', value: SPARES_TILE },
    { label: 'Featured', value: featuredCount.toLocaleString('en-IN') },
  ];

  return (
    <div className="mx-auto grid max-w-7xl gap-8 px-4 py-6 sm:px-6 sm:py-10 lg:grid-cols-[16rem_minmax(0,1fr)]">
      <aside aria-label="Catalogue sidebar" className="hidden lg:block">
        <div className="sticky top-24">
          <Suspense>{sidebar}</Suspense>
        </div>
      </aside>

      <div className="min-w-0">
        <div className="flex flex-wrap items-end justify-between gap-3">
          <div>
            <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Product Catalogue</h1>
            <p className="mt-1 text-sm text-muted-foreground sm:text-base">
              Capstan lathes, CNC machines, genuine spare parts and engineering services.
            </p>
          </div>
          <Dialog open={drawerOpen} onOpenChange={setDrawerOpen}>
            <DialogTrigger asChild>
              <Button variant="outline" className="lg:hidden">
                <Menu aria-hidden="true" />
                {TAB_LABELS[tab]}
                <span className="sr-only">: open categories</span>
              </Button>
            </DialogTrigger>
            <DialogContent className="top-0 left-0 h-dvh max-h-dvh w-80 max-w-[85vw] translate-x-0 translate-y-0 content-start rounded-none border-y-0 border-l-0 p-5 pt-12 data-[state=closed]:animate-fade-out data-[state=open]:animate-fade-in">
              <DialogTitle className="sr-only">Catalogue categories</DialogTitle>
              <DialogDescription className="sr-only">Choose machines, spare parts or services.</DialogDescription>
              {drawerOpen ? sidebar : null}
            </DialogContent>
          </Dialog>
        </div>

        <dl className="mt-5 grid grid-cols-2 gap-3 md:grid-cols-4">
          {tiles.map((tile) => (
            <div key={tile.label} className="rounded-lg border bg-card px-4 py-3 shadow-sm">
              <dt className="text-xs font-medium text-muted-foreground">{tile.label}</dt>
              <dd className="mt-1 text-xl font-bold text-primary tabular-nums">{tile.value}</dd>
            </div>
          ))}
        </dl>

        <div className="mt-5 flex flex-wrap items-center gap-2">
          <div className="relative min-w-0 flex-1 basis-full sm:basis-64">
            <Label htmlFor="catalogue-search" className="sr-only">
              Search {noun}
            </Label>
            <Search
              aria-hidden="true"
              className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
            />
            <Input
              id="catalogue-search"
              type="search"
              value={term}
              onChange={(event) => changeTerm(event.target.value)}
              placeholder={`Search ${noun}...`}
              autoComplete="off"
              className="pr-9 pl-9"
            />
            {term !== '' ? (
              <button
                type="button"
                onClick={clearSearch}
                aria-label="Clear search text"
                className="absolute top-1/2 right-2 -translate-y-1/2 rounded-sm p-1 text-muted-foreground hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
              >
                <X aria-hidden="true" className="size-4" />
              </button>
            ) : null}
          </div>
          <Button
            variant="outline"
            aria-expanded={showFilters}
            aria-controls="catalogue-filters"
            onClick={() => setShowFilters((shown) => !shown)}
          >
            <SlidersHorizontal aria-hidden="true" />
            Filters
          </Button>
          <div role="group" aria-label="View" className="flex rounded-md border bg-background p-0.5">
            {(
              [
                ['grid', 'Grid view', LayoutGrid],
                ['list', 'List view', List],
              ] as const
            ).map(([value, label, Icon]) => (
              <Button
                key={value}
                size="sm"
                variant={view === value ? 'secondary' : 'ghost'}
                aria-pressed={view === value}
                aria-label={label}
                onClick={() => changeView(value)}
                className="h-8 px-2.5"
              >
                <Icon aria-hidden="true" />
              </Button>
            ))}
          </div>
        </div>

        {showFilters ? (
          <div
            id="catalogue-filters"
            className="mt-3 flex flex-wrap items-center gap-3 rounded-lg border bg-muted/50 p-3"
          >
            <Label htmlFor="catalogue-sort">Sort by</Label>
            <select
              id="catalogue-sort"
              value={sort}
              onChange={(event) => changeSort(parseSort(event.target.value))}
              className="h-10 rounded-md border border-input bg-background px-3 text-sm focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
            >
              {SORT_OPTIONS.map((option) => (
                <option key={option} value={option}>
                  {SORT_LABELS[option]}
                </option>
              ))}
            </select>
          </div>
        ) : null}

        <h2 ref={resultsHeadingRef} tabIndex={-1} className="sr-only">
          {TAB_LABELS[tab]} results
        </h2>

        {sorted.length === 0 ? (
          <div className="mt-8 flex flex-col items-center rounded-lg border border-dashed px-4 py-16 text-center">
            <SearchX aria-hidden="true" className="size-10 text-muted-foreground" />
            <p className="mt-3 font-medium">
              {activeTerm !== '' && items.length > 0 ? `No results found for "${activeTerm}"` : `No ${noun} available`}
            </p>
            <Button variant="outline" className="mt-5" onClick={clearSearch}>
              Clear Search
            </Button>
          </div>
        ) : (
          <ul
            className={cn(
              'mt-6 grid gap-4',
              view === 'grid' ? 'grid-cols-1 sm:grid-cols-2 xl:grid-cols-3 lg:gap-6' : 'grid-cols-1',
            )}
          >
            {pageItems.map((item, index) => (
              <li key={item.id}>
                {/* A boundary per card: hydrating the server's list is many small tasks, not one long one. */}
                <Suspense>
                  <CatalogueCard
                    item={item}
                    view={view}
                    // The first card is the page's largest picture on a phone: it loads first; the rest lazily.
                    priority={index === 0}
                    favourite={favourites.has(item.id)}
                    onToggleFavourite={toggleFavourite}
                  />
                </Suspense>
              </li>
            ))}
          </ul>
        )}

        <div className="mt-8 flex flex-col items-center gap-4">
          <Pagination page={page} pageCount={pageCount} onPage={goToPage} />
          <p role="status" className="text-sm text-muted-foreground">
            {`Showing ${sorted.length.toLocaleString('en-IN')} of ${items.length.toLocaleString('en-IN')} ${noun}`}
            {activeTerm !== '' ? ` matching "${activeTerm}"` : null}
          </p>
        </div>
      </div>
    </div>
  );
}
