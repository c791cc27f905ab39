import { startTransition, useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useLocation, useNavigationType, useSearchParams } from 'react-router';
import { paths } from '@/config/paths';
import { useT } from '@/lib/i18n';
import { cataloguePageQuery } from '../api/get-catalogue';
import type { SpecRange } from '@capstan/shared';
import {
  FAVOURITES_TAB,
  FILTERS_OPEN,
  FILTERS_PARAM,
  filterParams,
  isFavouritesView,
  normalizeFilters,
  parseView,
  readCataloguePageQuery,
  searchTermOf,
  type CataloguePageQuery,
  type CatalogueSort,
  type CatalogueTab,
  type CatalogueView,
} from '../lib/catalogue-items';
import { markSearchInput } from '../lib/perf-marks';

/**
 * Typing writes the search to the URL once it pauses this long (or when the box is left, or on
 * Enter), not at each keystroke: a URL change re-renders every link of the page, header and
 * footer included, about half of a keystroke's script time in a profile (decision 060).
 */
const SEARCH_URL_DELAY_MS = 400;

/**
 * A keystroke's results replace the cards when they are here; only an answer slower than this
 * first shows the cards on screen as the previous search's, faded, with "Searching for…" (the box
 * shows its spinner at once). Rendering that state for every keystroke put a render and a frame
 * in front of the answer, which had usually arrived by then (decision 060).
 */
export const SEARCH_SHOWN_PENDING_AFTER_MS = 100;

type ParamChanges = Record<string, string | readonly string[] | null>;

/** `previous` with each changed parameter set (a string, or one entry per array item) or removed (null, ''). */
function withChanges(previous: URLSearchParams, changes: ParamChanges): URLSearchParams {
  const next = new URLSearchParams(previous);
  for (const [key, value] of Object.entries(changes)) {
    next.delete(key);
    if (typeof value === 'string' && value !== '') next.set(key, value);
    else if (Array.isArray(value)) for (const one of value as readonly string[]) next.append(key, one);
  }
  return next;
}

/**
 * The catalogue's state, kept in the URL (tab, q, sort, view, page) so it survives a reload and
 * can be shared, except the search box, which is local so typing is never held up by the URL.
 */
export function useCatalogueParams() {
  const [searchParams, setSearchParams] = useSearchParams();
  const location = useLocation();
  const navigationType = useNavigationType();
  const queryClient = useQueryClient();
  const { locale } = useT();
  const url = readCataloguePageQuery(searchParams);
  const view = parseView(searchParams.get('view'));
  const urlText = searchParams.get('q') ?? '';

  // What the search box last asked for. It changes in a transition: a keystroke itself re-renders
  // the search box alone (catalogue-search-box.tsx), and the screen follows when it can.
  const [searchText, setSearchText] = useState(urlText);
  // Bumped when the search changes from outside the box (Back/Forward, a Clear Search button), so
  // the box shows the new text instead of keeping what was typed.
  const [searchBoxKey, setSearchBoxKey] = useState(0);
  // The text typed last, until the screen shows its search (its answer came, or it was slow).
  const typed = useRef<{ value: string; timer: ReturnType<typeof setTimeout> } | null>(null);
  const [seenLocationKey, setSeenLocationKey] = useState(location.key);
  if (location.key !== seenLocationKey) {
    setSeenLocationKey(location.key);
    // Back/Forward or a link changed the search: show it. Our own typing replaces the entry. The
    // box may be ahead of `searchText` by a search still on its way, which this must compare with.
    // eslint-disable-next-line react-hooks/refs -- read once per location change, never rendered
    if (navigationType !== 'REPLACE' && urlText !== (typed.current?.value ?? searchText)) {
      setSearchText(urlText);
      setSearchBoxKey((key) => key + 1);
    }
  }
  const term = searchTermOf(searchText);

  // A new search starts at page 1; until the URL catches up, its page belongs to the old search.
  const query: CataloguePageQuery = { ...url, term, page: term === url.term ? url.page : 1 };

  const updateParams = (changes: ParamChanges, replace = false) => {
    // A search not yet in the URL goes with any other change, so the URL never drops what was typed.
    const text = typed.current?.value ?? searchText;
    const all = text === urlText ? changes : { q: text, page: null, ...changes };
    setSearchParams((previous) => withChanges(previous, all), { replace, preventScrollReset: true });
  };
  const pageParam = (page: number) => (page === 1 ? null : String(page));

  // Tabs and pages are links with real URLs, so crawlers and visitors without the app reach every
  // item; the router follows them in place once the app runs. Defaults stay out of the URL.
  // Filters belong to a tab's items, so another tab starts without them.
  const hrefWith = (changes: { tab?: CatalogueTab; page?: number }) => {
    const tab = changes.tab ?? url.tab;
    const page = changes.page ?? url.page;
    const sameTab = tab === url.tab;
    return paths.catalogue({
      tab: tab === 'machines' ? null : tab,
      category: sameTab ? url.category : null,
      machine: sameTab ? url.machine : null,
      q: searchText,
      sort: url.sort === 'name' ? null : url.sort,
      f: sameTab ? filterParams(url.filters) : [],
      view: view === 'grid' ? null : view,
      page: pageParam(page),
    });
  };

  /** Asked for at the keystroke, not after the render that follows it: that render then finds the answer in flight or here. */
  const prefetchSearch = (value: string): Promise<void> => {
    markSearchInput(searchTermOf(value));
    return queryClient.prefetchQuery(cataloguePageQuery({ ...url, term: searchTermOf(value), page: 1 }, locale));
  };

  /** The search box's text changed: ask for its results now, show them when they are here. */
  const changeText = (value: string) => {
    if (typed.current !== null) clearTimeout(typed.current.timer);
    const show = () => {
      if (typed.current?.value !== value) return;
      clearTimeout(typed.current.timer);
      typed.current = null;
      startTransition(() => setSearchText(value));
    };
    typed.current = { value, timer: setTimeout(show, SEARCH_SHOWN_PENDING_AFTER_MS) };
    void prefetchSearch(value).then(show);
  };
  // A search set from outside the box (Back/Forward, Clear Search) wins over one still being typed.
  useEffect(
    () => () => {
      if (typed.current !== null) clearTimeout(typed.current.timer);
      typed.current = null;
    },
    [searchBoxKey],
  );

  /** Puts the search in the URL now (the box was left, or Enter pressed); our own entry is replaced. */
  const commitText = (value: string) => {
    if (value !== urlText) updateParams({ q: value, page: null }, true);
  };

  // The URL follows the typing once it pauses. A keystroke, or a URL change from outside (which
  // also sets `searchText`), restarts or ends the wait.
  useEffect(() => {
    if (searchText === urlText) return;
    const timer = setTimeout(
      () =>
        startTransition(() =>
          setSearchParams((previous) => withChanges(previous, { q: searchText, page: null }), {
            replace: true,
            preventScrollReset: true,
          }),
        ),
      SEARCH_URL_DELAY_MS,
    );
    return () => clearTimeout(timer);
  }, [searchText, urlText, setSearchParams]);

  return {
    query,
    view,
    /** The URL asks for the filter panel open (the Filters button's link, followed without the app). */
    filtersAskedOpen: searchParams.get(FILTERS_PARAM) === FILTERS_OPEN,
    /** Where the Filters button leads without the app: this list with the panel open or closed. */
    filtersHref: (open: boolean) => {
      const next = withChanges(searchParams, { [FILTERS_PARAM]: open ? FILTERS_OPEN : null });
      const search = next.toString();
      return search === '' ? paths.products : `${paths.products}?${search}`;
    },
    /** The Favourites view instead of a list tab. */
    favouritesView: isFavouritesView(searchParams),
    /** The Favourites view, keeping the view (grid or list). */
    favouritesHref: paths.catalogue({ tab: FAVOURITES_TAB, view: view === 'grid' ? null : view }),
    /** The text the shown search was asked for (the box may be a keystroke ahead). */
    searchText,
    /** Changes when the search box must show `searchText` again, after an outside change. */
    searchBoxKey,
    /** A tab's first page, keeping the search, order and view. */
    tabHref: (tab: CatalogueTab) => hrefWith({ tab, page: 1 }),
    /** A page of the shown tab and search. */
    pageHref: (page: number) => hrefWith({ page }),
    changeText,
    commitText,
    /** Empties the search from outside the box (the empty state's Clear Search). */
    clearSearch: () => {
      void prefetchSearch('');
      setSearchText('');
      setSearchBoxKey((key) => key + 1);
      startTransition(() => updateParams({ q: null, page: null }, true));
    },
    /** Narrow the spare parts to one machine's (null: all). */
    changeMachine: (machine: string | null) => updateParams({ machine, page: null }),
    changeSort: (sort: CatalogueSort) => updateParams({ sort: sort === 'name' ? null : sort, page: null }),
    /** A machine category, or null for every machine. */
    changeCategory: (category: string | null) => updateParams({ category, page: null }),
    /** Sets one specification's range, or removes it (null). */
    changeFilter: (slug: string, range: Pick<SpecRange, 'min' | 'max'> | null) => {
      const others = url.filters.filter((filter) => filter.slug !== slug);
      const next =
        range === null || (range.min === null && range.max === null) ? others : [...others, { slug, ...range }];
      updateParams({ f: filterParams(normalizeFilters(next)), page: null });
    },
    /** The ranges a submitted filter form offered (`slugs`) replaced by those typed in it. */
    changeRanges: (slugs: readonly string[], ranges: readonly SpecRange[]) => {
      const offered = new Set(slugs);
      const next = normalizeFilters([...url.filters.filter((filter) => !offered.has(filter.slug)), ...ranges]);
      if (filterParams(next).join('&') === filterParams(url.filters).join('&')) return;
      updateParams({ f: filterParams(next), page: null });
    },
    /** Every filter off (the search and order stay). */
    resetFilters: () => updateParams({ category: null, machine: null, f: null, page: null }),
    changeView: (next: CatalogueView) => updateParams({ view: next === 'grid' ? null : next }),
    /** Points the URL at the page actually shown, without a history entry of its own. */
    correctPage: (page: number) => updateParams({ page: pageParam(page) }, true),
  };
}
