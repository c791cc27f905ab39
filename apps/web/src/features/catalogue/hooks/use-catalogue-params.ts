import { startTransition, useDeferredValue, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useLocation, useNavigationType, useSearchParams } from 'react-router';
import { cataloguePageQuery } from '../api/get-catalogue';
import {
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
 * The catalogue's state, kept in the URL (tab, q, sort, view, page) so it survives a reload and
 * can be shared, except the search box, which is local so typing is never held up by the URL.
 */
export function useCatalogueParams() {
  const [searchParams, setSearchParams] = useSearchParams();
  const location = useLocation();
  const navigationType = useNavigationType();
  const queryClient = useQueryClient();
  const url = readCataloguePageQuery(searchParams);
  const view = parseView(searchParams.get('view'));
  const urlText = searchParams.get('q') ?? '';

  // The URL follows the input in a transition.
  const [text, setText] = useState(urlText);
  const [seenLocationKey, setSeenLocationKey] = useState(location.key);
  if (location.key !== seenLocationKey) {
    setSeenLocationKey(location.key);
    // Back/Forward or a link changed the search: show it. Our own typing replaces the entry.
    if (navigationType !== 'REPLACE' && urlText !== text) setText(urlText);
  }
  // Every keystroke asks the server (no debounce); deferring keeps the input itself responsive.
  const deferredText = useDeferredValue(text);
  const term = searchTermOf(deferredText);

  // A new search starts at page 1; until the URL catches up, its page belongs to the old search.
  const query: CataloguePageQuery = { ...url, term, page: term === url.term ? url.page : 1 };

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
  const pageParam = (page: number) => (page === 1 ? null : String(page));

  return {
    query,
    view,
    /** What the search box shows. */
    text,
    /** Changes whenever the deferred input does, even when the term it searches for does not. */
    deferredText,
    selectTab: (tab: CatalogueTab) => {
      if (tab !== url.tab) updateParams({ tab: tab === 'machines' ? null : tab, page: null });
    },
    changeText: (value: string) => {
      markSearchInput(searchTermOf(value));
      // Asked for at the keystroke, not after the deferred render that follows it has committed:
      // the screen's query then finds the answer in flight or already here.
      void queryClient.prefetchQuery(cataloguePageQuery({ ...url, term: searchTermOf(value), page: 1 }));
      setText(value);
      startTransition(() => updateParams({ q: value, page: null }, true));
    },
    changeSort: (sort: CatalogueSort) => updateParams({ sort: sort === 'name' ? null : sort, page: null }),
    changeView: (next: CatalogueView) => updateParams({ view: next === 'grid' ? null : next }),
    goToPage: (page: number) => updateParams({ page: pageParam(page) }),
    /** Points the URL at the page actually shown, without a history entry of its own. */
    correctPage: (page: number) => updateParams({ page: pageParam(page) }, true),
  };
}
