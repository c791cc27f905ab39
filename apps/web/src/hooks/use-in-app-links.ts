import type { MouseEvent } from 'react';
import { createPath, useLocation, useNavigate } from 'react-router';
import { splitLocalePath } from '@capstan/shared';

/** Marks a plain `<a href>` whose click the surrounding `useInAppLinks` handler follows in the app. */
export const IN_APP_LINK = { 'data-in-app': '' } as const;

/**
 * One click handler for a list of many links, in place of a router `<Link>` each. A `<Link>` costs
 * a set of hooks and a layout effect on every render; the catalogue's 24 cards hold 48 of them,
 * which a profile of a search keystroke showed re-rendering with every new page of results.
 * Plain anchors marked with `IN_APP_LINK` render the same HTML, and a click on one that the browser
 * would follow in the same tab is followed by the router instead, as `<Link>` would.
 */
export function useInAppLinks({
  preventScrollReset = false,
  onFollow,
}: {
  /** As `<Link preventScrollReset>`: the page keeps its scroll position. */
  preventScrollReset?: boolean;
  /** A link was followed in the app. */
  onFollow?: () => void;
} = {}): (event: MouseEvent<HTMLElement>) => void {
  const navigate = useNavigate();
  const location = useLocation();
  return (event) => {
    if (event.defaultPrevented || event.button !== 0) return;
    if (event.metaKey || event.altKey || event.ctrlKey || event.shiftKey) return;
    const anchor = event.target instanceof Element ? event.target.closest('a[data-in-app]') : null;
    if (!(anchor instanceof HTMLAnchorElement) || !event.currentTarget.contains(anchor)) return;
    if ((anchor.target !== '' && anchor.target !== '_self') || anchor.hasAttribute('download')) return;
    const url = new URL(anchor.href, window.location.href);
    if (url.origin !== window.location.origin) return;
    event.preventDefault();
    // The href carries the page's language ('/ta/products'); the router adds it back (its basename).
    const to = { pathname: splitLocalePath(url.pathname).path, search: url.search, hash: url.hash };
    // As <Link> does: following a link to the page already shown replaces its entry.
    navigate(to, { replace: createPath(to) === createPath(location), preventScrollReset });
    onFollow?.();
  };
}
