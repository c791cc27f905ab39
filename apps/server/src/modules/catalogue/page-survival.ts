/**
 * The rule by which a cached page of a list without a search outlives a save (decision 067),
 * shared by the in-memory indexes (ListIndexes.pageUnchanged) and PostgreSQL's lists
 * (DatabaseList's page survivor), each of which gives it a changed item as it sees one; and the
 * way both engines ask it, and their searches' rule, one save after another (sinceLastHeld).
 */

/** Where an item stands against a page, in the page's order. */
export type PageSide = 'before' | 'on' | 'after';

/**
 * Where items stand against a page running from `ends.first` to `ends.last`. Past the end of an
 * empty page (no ends) every item is before it: it stays empty while the total stays.
 */
export function pageSide<K>(
  ends: { first: K; last: K } | undefined,
  compare: (a: K, b: K) => number,
): (key: K) => PageSide {
  return (key) =>
    ends === undefined || compare(key, ends.first) < 0 ? 'before' : compare(key, ends.last) > 0 ? 'after' : 'on';
}

/** What the rule asks of an engine about a page and the states of a changed item. */
export interface PageRule<I> {
  /** Whether the item is in the page's list (its category, its machine); null when not known. */
  inList: (item: I | undefined) => boolean | null;
  /** Whether the two states read alike for the page's range filters (always, without ranges). */
  sameForRanges: (was: I, now: I) => boolean;
  side: (item: I) => PageSide;
  /** The ids on the page. */
  onPage: ReadonlySet<string>;
}

/**
 * Whether the page is as it was after item `id` went from `was` to `now` (undefined: not in the
 * list's kind, or absent): it is in the page's list neither time, or both times with the same
 * reading for the ranges, standing before the page both times or after it both times. An item that
 * stood among the page's ends without being on it was not in the list (it failed a range), and with
 * the same reading for the ranges it is not now.
 */
export function leavesPageAsItWas<I>(rule: PageRule<I>, id: string, was: I | undefined, now: I | undefined): boolean {
  const wasIn = rule.inList(was);
  const isIn = rule.inList(now);
  if (wasIn === null || isIn === null) return false;
  if (!wasIn || !isIn) return !wasIn && !isIn;
  // In the list both times, so present both times.
  const [before, after] = [was!, now!];
  if (!rule.sameForRanges(before, after)) return false;
  const stood = rule.side(before);
  return stood === 'on' ? !rule.onPage.has(id) : stood === rule.side(after);
}

/**
 * A cached answer's `survives` from `unchanged(from, to)`, found at revision `from`: once it holds
 * at a revision, the next question starts there, so each save is judged alone. Judged from `from`
 * every time, an in-memory answer kept across a day's saves was checked against every patch since
 * it was built, a 1,000-part import among them, at every save: 12-14 ms of each save at 25,000
 * parts (decision 089). Both engines' pages and searches use it.
 */
export function sinceLastHeld(
  from: number,
  unchanged: (from: number, to: number) => Promise<boolean>,
): (to: number) => Promise<boolean> {
  let at = from;
  return async (to) => {
    const holds = await unchanged(at, to);
    // Asked out of order, a later revision may have held first: `at` never goes back.
    if (holds && to > at) at = to;
    return holds;
  };
}
