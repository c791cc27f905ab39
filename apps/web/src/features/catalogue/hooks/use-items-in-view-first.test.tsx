import { act, render, screen, waitFor } from '@testing-library/react';
import { memo, useLayoutEffect } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SLOT_INDEX_ATTRIBUTE, useItemsInViewFirst } from './use-items-in-view-first';

/** Each commit's slot updates, in order: `index:item`. */
let commits: string[] = [];

const Slot = memo(function Slot({ index, item }: { index: number; item: string }) {
  useLayoutEffect(() => {
    commits.push(`${index}:${item}`);
  }, [index, item]);
  return <span>{item}</span>;
});

function List({ items }: { items: string[] }) {
  const { listRef, itemAt, settled } = useItemsInViewFirst(items);
  useLayoutEffect(() => {
    commits.push(settled ? 'settled' : 'busy');
  }, [settled]);
  return (
    <ul ref={listRef} aria-label="Results" aria-busy={!settled}>
      {items.map((_, index) => (
        <li key={index} {...{ [SLOT_INDEX_ATTRIBUTE]: index }}>
          <Slot index={index} item={itemAt(index)} />
        </li>
      ))}
    </ul>
  );
}

/** Lets the test say which observed elements are on screen, as the browser would report them. */
class FakeIntersectionObserver {
  static instances: FakeIntersectionObserver[] = [];
  readonly targets = new Set<Element>();
  constructor(private readonly callback: IntersectionObserverCallback) {
    FakeIntersectionObserver.instances.push(this);
  }
  observe(target: Element) {
    this.targets.add(target);
  }
  unobserve(target: Element) {
    this.targets.delete(target);
  }
  disconnect() {
    this.targets.clear();
  }
  report(inView: (index: number) => boolean) {
    const entries = [...this.targets].map(
      (target) =>
        ({
          target,
          isIntersecting: inView(Number(target.getAttribute(SLOT_INDEX_ATTRIBUTE))),
        }) as IntersectionObserverEntry,
    );
    this.callback(entries, this as unknown as IntersectionObserver);
  }
}

afterEach(() => {
  commits = [];
  FakeIntersectionObserver.instances = [];
  vi.unstubAllGlobals();
});

const texts = () => screen.getAllByRole('listitem').map((item) => item.textContent);

describe('useItemsInViewFirst', () => {
  it('brings new items to the slots on screen in one commit and to the rest after its frame', async () => {
    vi.stubGlobal('IntersectionObserver', FakeIntersectionObserver);
    const { rerender } = render(<List items={['a0', 'a1', 'a2', 'a3']} />);
    const observer = FakeIntersectionObserver.instances.at(-1)!;
    expect(observer.targets.size).toBe(4);
    act(() => observer.report((index) => index < 2));
    commits = [];

    rerender(<List items={['b0', 'b1', 'b2', 'b3']} />);
    expect(commits).toEqual(['0:b0', '1:b1', 'busy']);
    expect(texts()).toEqual(['b0', 'b1', 'a2', 'a3']);

    await waitFor(() => expect(commits).toEqual(['0:b0', '1:b1', 'busy', '2:b2', '3:b3', 'settled']));
    expect(texts()).toEqual(['b0', 'b1', 'b2', 'b3']);
    expect(screen.getByRole('list')).toHaveAttribute('aria-busy', 'false');
  });

  it('fills at once the slots the last items did not have, and watches them too', async () => {
    vi.stubGlobal('IntersectionObserver', FakeIntersectionObserver);
    const { rerender } = render(<List items={['a0', 'a1']} />);
    const observer = FakeIntersectionObserver.instances.at(-1)!;
    act(() => observer.report((index) => index === 1));
    commits = [];

    rerender(<List items={['b0', 'b1', 'b2']} />);
    // Slot 2 is new, so it has nothing older to show; slot 0 is out of view and follows.
    await waitFor(() => expect(commits).toEqual(['1:b1', '2:b2', 'busy', '0:b0', 'settled']));
    // The list's children changed: the observer (a mutation observer's task later) watches all three.
    await act(async () => {});
    expect(observer.targets.size).toBe(3);
    act(() => observer.report((index) => index === 0));
    commits = [];
    rerender(<List items={['c0', 'c1', 'c2']} />);
    await waitFor(() => expect(commits).toEqual(['0:c0', 'busy', '1:c1', '2:c2', 'settled']));
  });

  it('brings new items to every slot before the paint when a held slot has come on screen since the observer reported', () => {
    vi.stubGlobal('IntersectionObserver', FakeIntersectionObserver);
    const { rerender } = render(<List items={['a0', 'a1', 'a2', 'a3']} />);
    const observer = FakeIntersectionObserver.instances.at(-1)!;
    act(() => observer.report((index) => index < 2));
    commits = [];
    // A page link scrolled the page: slot 2 is on screen now, and the observer has not said so yet.
    const slot = screen.getAllByRole('listitem')[2]!;
    vi.spyOn(slot, 'getBoundingClientRect').mockReturnValue(new DOMRect(0, 100, 300, 200));

    rerender(<List items={['b0', 'b1', 'b2', 'b3']} />);
    // No frame has passed: the second commit came from the layout effect, before the paint.
    expect(commits).toEqual(['0:b0', '1:b1', 'busy', '2:b2', '3:b3', 'settled']);
    expect(texts()).toEqual(['b0', 'b1', 'b2', 'b3']);
    expect(screen.getByRole('list')).toHaveAttribute('aria-busy', 'false');
  });

  it('updates every slot in one commit where the browser has no IntersectionObserver', () => {
    vi.stubGlobal('IntersectionObserver', undefined);
    const { rerender } = render(<List items={['a0', 'a1', 'a2']} />);
    commits = [];
    rerender(<List items={['b0', 'b1', 'b2']} />);
    expect(commits).toEqual(['0:b0', '1:b1', '2:b2']);
    expect(screen.getByRole('list')).toHaveAttribute('aria-busy', 'false');
  });
});
