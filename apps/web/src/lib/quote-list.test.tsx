import { act, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { QUOTE_LIST_COOKIE, QUOTE_LIST_MAX_AGE_SECONDS, QUOTE_QUANTITY_MAX } from '@capstan/shared';
import { quoteCookie, quoteLines, setQuoteLines } from '@/testing/quote-list';
import {
  addManyToQuoteList,
  changeQuoteLines,
  clearQuoteList,
  QUOTE_LIST_MAX_LINES,
  readQuoteList,
  useQuoteList,
} from './quote-list';

const A = 'aaaaaaaa-0000-4000-8000-000000000001';
const B = 'bbbbbbbb-0000-4000-8000-000000000002';
const C = 'cccccccc-0000-4000-8000-000000000003';

const fullList = () =>
  Array.from({ length: QUOTE_LIST_MAX_LINES }, (_, index) => ({
    id: `00000000-0000-4000-8000-${String(index).padStart(12, '0')}`,
    quantity: 1,
  }));

describe('the quote list store (the quote_list cookie)', () => {
  it('adds a line, adds to a line already there, sets and removes, each written to the cookie', () => {
    expect(changeQuoteLines('add', A, 2)).toEqual({ full: false });
    expect(quoteCookie()).toBe(`${A}:2`);
    changeQuoteLines('add', B);
    changeQuoteLines('add', A, 3);
    expect(quoteLines()).toEqual([
      { id: A, quantity: 5 },
      { id: B, quantity: 1 },
    ]);
    changeQuoteLines('set', B, 40);
    expect(quoteCookie()).toBe(`${A}:5.${B}:40`);
    changeQuoteLines('remove', A);
    expect(quoteLines()).toEqual([{ id: B, quantity: 40 }]);
  });

  it('never goes past 9,999 of one item', () => {
    changeQuoteLines('add', A, QUOTE_QUANTITY_MAX);
    changeQuoteLines('add', A, 5);
    expect(quoteLines()).toEqual([{ id: A, quantity: QUOTE_QUANTITY_MAX }]);
  });

  it('refuses a 51st item and leaves the list as it was', () => {
    setQuoteLines(fullList());
    const before = quoteCookie();
    expect(changeQuoteLines('add', A)).toEqual({ full: true });
    expect(quoteCookie()).toBe(before);
    // More of an item already listed still fits.
    expect(changeQuoteLines('add', fullList()[0]!.id, 2)).toEqual({ full: false });
  });

  it('writes the cookie for the whole site, for 90 days, SameSite=Lax, and clears it when emptied', () => {
    const written = vi.spyOn(Document.prototype, 'cookie', 'set');
    changeQuoteLines('add', A);
    expect(written).toHaveBeenLastCalledWith(
      `${QUOTE_LIST_COOKIE}=${A}:1; Path=/; SameSite=Lax; Max-Age=${QUOTE_LIST_MAX_AGE_SECONDS}`,
    );
    clearQuoteList();
    expect(written).toHaveBeenLastCalledWith(`${QUOTE_LIST_COOKIE}=; Path=/; SameSite=Lax; Max-Age=0`);
    expect(quoteCookie()).toBe('');
    expect(readQuoteList()).toEqual([]);
  });

  it('adds many at once (the favourites) with one each, keeping what is listed, until it is full', () => {
    setQuoteLines([{ id: B, quantity: 7 }]);
    expect(addManyToQuoteList([A, B, C])).toEqual({ full: false });
    expect(quoteLines()).toEqual([
      { id: B, quantity: 7 },
      { id: A, quantity: 1 },
      { id: C, quantity: 1 },
    ]);

    setQuoteLines(fullList().slice(1));
    expect(addManyToQuoteList([A, B])).toEqual({ full: true });
    expect(quoteLines()).toHaveLength(QUOTE_LIST_MAX_LINES);
    expect(quoteLines().at(-1)).toEqual({ id: A, quantity: 1 });
  });

  it('reads what a plain form or another tab left, dropping what nobody can have meant', () => {
    document.cookie = `${QUOTE_LIST_COOKIE}=${A}:2.${A}:3.not an id:1.${B}:0.${C}:12; Path=/`;
    expect(readQuoteList()).toEqual([
      { id: A, quantity: 2 },
      { id: C, quantity: 12 },
    ]);
  });

  it('tells every reader of the list at once', () => {
    function Count({ label }: { label: string }) {
      return <p>{`${label}: ${useQuoteList().length}`}</p>;
    }
    render(
      <>
        <Count label="header" />
        <Count label="page" />
      </>,
    );
    expect(screen.getByText('header: 0')).toBeInTheDocument();
    act(() => {
      changeQuoteLines('add', A);
      changeQuoteLines('add', B);
    });
    expect(screen.getByText('header: 2')).toBeInTheDocument();
    expect(screen.getByText('page: 2')).toBeInTheDocument();
    // A change made in another tab shows when the visitor comes back to this one.
    setQuoteLines([{ id: C, quantity: 1 }]);
    act(() => {
      window.dispatchEvent(new Event('focus'));
    });
    expect(screen.getByText('header: 1')).toBeInTheDocument();
  });
});
