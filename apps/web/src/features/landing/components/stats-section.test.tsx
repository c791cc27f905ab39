import { act, render, screen } from '@testing-library/react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { STATS_COUNT_UP_MS, STATS_COUNT_UP_SCRIPT } from '@capstan/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { StatsSection } from './stats-section';
import { withSiteSettings } from '@/testing/site-settings';

const SiteWrapper = withSiteSettings();

let observers: { callback: IntersectionObserverCallback; disconnected: boolean }[] = [];

class FakeIntersectionObserver {
  private entry: { callback: IntersectionObserverCallback; disconnected: boolean };
  constructor(callback: IntersectionObserverCallback) {
    this.entry = { callback, disconnected: false };
    observers.push(this.entry);
  }
  observe() {}
  unobserve() {}
  disconnect() {
    this.entry.disconnected = true;
  }
  takeRecords() {
    return [];
  }
}

function intersect(isIntersecting: boolean) {
  for (const observer of observers) {
    if (!observer.disconnected) {
      observer.callback([{ isIntersecting } as IntersectionObserverEntry], {} as IntersectionObserver);
    }
  }
}

const figuresIn = (root: ParentNode) => [...root.querySelectorAll('dd')].map((value) => value.textContent);
const shown = () => figuresIn(document);

/**
 * At most 10 steps a second, plus the first 0 and the last figure: each step is a frame a phone
 * pays for (STATS_COUNT_UP_STEP_MS says what 20 a second cost).
 */
const MOST_WRITES = (STATS_COUNT_UP_MS / 1000) * 10 + 2;

/** How many times each figure's text is written while `run` plays, read from the DOM's own records. */
function writesPerFigure(root: Node, run: () => void): number {
  const watcher = new MutationObserver(() => {});
  watcher.observe(root, { childList: true, characterData: true, subtree: true });
  run();
  const records = watcher.takeRecords();
  watcher.disconnect();
  const figure = (root as ParentNode).querySelectorAll('.stat-final')[1]!;
  return records.filter((record) => record.target === figure || record.target.parentNode === figure).length;
}

describe('StatsSection', () => {
  beforeEach(() => {
    observers = [];
    vi.stubGlobal('IntersectionObserver', FakeIntersectionObserver);
    vi.useFakeTimers({
      toFake: ['setTimeout', 'clearTimeout', 'requestAnimationFrame', 'cancelAnimationFrame', 'performance'],
    });
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('shows the four figures with their labels', () => {
    render(<StatsSection />, { wrapper: withSiteSettings() });
    for (const label of ['Years Experience', 'Machines Delivered', 'Happy Clients', 'Product Models']) {
      expect(screen.getByText(label)).toBeInTheDocument();
    }
  });

  it('stays at 0 until visible, then counts up to the targets over 2000 ms', () => {
    render(<StatsSection />, { wrapper: withSiteSettings() });
    expect(shown()).toEqual(['0+', '0+', '0+', '0']);

    act(() => vi.advanceTimersByTime(5000));
    expect(shown()).toEqual(['0+', '0+', '0+', '0']);

    act(() => intersect(true));
    act(() => vi.advanceTimersByTime(1000));
    const midway = shown();
    expect(midway).not.toEqual(['20+', '500+', '300+', '15']);
    expect(midway).not.toEqual(['0+', '0+', '0+', '0']);

    act(() => vi.advanceTimersByTime(1100));
    expect(shown()).toEqual(['20+', '500+', '300+', '15']);
  });

  it('writes the figures a step at a time, not at every frame', () => {
    render(<StatsSection />, { wrapper: withSiteSettings() });
    const writes = writesPerFigure(document.body, () => {
      act(() => intersect(true));
      for (let ms = 0; ms < STATS_COUNT_UP_MS + 500; ms += 4) act(() => vi.advanceTimersByTime(4));
    });
    expect(shown()).toEqual(['20+', '500+', '300+', '15']);
    expect(writes).toBeGreaterThan(10);
    expect(writes).toBeLessThanOrEqual(MOST_WRITES);
  });

  it('counts only the first time it becomes visible', () => {
    render(<StatsSection />, { wrapper: withSiteSettings() });
    act(() => intersect(true));
    act(() => vi.advanceTimersByTime(2100));
    expect(observers.every((observer) => observer.disconnected)).toBe(true);
  });

  it('shows the targets at once under reduced motion', () => {
    vi.stubGlobal('matchMedia', (query: string) => ({ matches: query.includes('reduce'), media: query }));
    render(<StatsSection />, { wrapper: withSiteSettings() });
    expect(shown()).toEqual(['20+', '500+', '300+', '15']);
  });
});

/** The strip as the server renders it, in a container of its own. */
function serverHtml(): HTMLElement {
  const container = document.createElement('div');
  container.innerHTML = renderToString(
    <SiteWrapper>
      <StatsSection />
    </SiteWrapper>,
  );
  return container;
}

describe('StatsSection from server-rendered HTML', () => {
  const cleanups: (() => void)[] = [];
  beforeEach(() => {
    observers = [];
    vi.useFakeTimers({
      toFake: ['setTimeout', 'clearTimeout', 'requestAnimationFrame', 'cancelAnimationFrame', 'performance'],
    });
  });
  afterEach(() => {
    for (const cleanup of cleanups.splice(0)) cleanup();
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  /** The server's HTML, then the app taking it over, as in the browser. */
  function hydrateServerHtml(): HTMLElement {
    const container = serverHtml();
    document.body.append(container);
    vi.stubGlobal('IntersectionObserver', FakeIntersectionObserver);
    let root: Root | undefined;
    act(() => {
      root = hydrateRoot(
        container,
        <SiteWrapper>
          <StatsSection />
        </SiteWrapper>,
      );
    });
    cleanups.push(() => {
      act(() => root?.unmount());
      container.remove();
    });
    return container;
  }

  it('renders the targets, not zeros, for a page read before or without script', () => {
    const container = serverHtml();
    expect(figuresIn(container)).toEqual(['20+', '500+', '300+', '15']);
    // Each figure is the text itself, with no element ids repeated.
    expect(container.querySelectorAll('[id], [data-testid]')).toHaveLength(0);
  });

  it('carries the fixed count-up starter right after the strip, so the count-up runs on arrival', () => {
    const container = serverHtml();
    const script = container.querySelector('script');
    expect(script?.textContent).toBe(STATS_COUNT_UP_SCRIPT);
    expect(script?.previousElementSibling?.tagName).toBe('DL');
  });

  /** Runs the page's fixed count-up script against the server's HTML, as the browser would while parsing it. */
  function runCountUpScript(container: HTMLElement, reducedMotion = false) {
    const script = container.querySelector('script')!;
    vi.stubGlobal('IntersectionObserver', FakeIntersectionObserver);
    const page = new Function('document', 'window', 'matchMedia', STATS_COUNT_UP_SCRIPT);
    page({ currentScript: script }, window, (query: string) => ({
      matches: reducedMotion && query.includes('reduce'),
    }));
    return container.querySelector('dl')!;
  }

  it('counts the text of the figures itself: 0 once in view, up to the figures it read, over 2 s', () => {
    const container = serverHtml();
    vi.advanceTimersByTime(3000); // the arrival overlay has gone
    const strip = runCountUpScript(container);
    // Before the strip is in view the figures are still the text, only not yet painted.
    expect(strip.getAttribute('data-count-up')).toBe('waiting');
    expect(figuresIn(container)).toEqual(['20+', '500+', '300+', '15']);

    intersect(true);
    expect(figuresIn(container)).toEqual(['0+', '0+', '0+', '0']);
    vi.advanceTimersByTime(1000);
    const midway = container.querySelectorAll('.stat-final')[1]!.textContent;
    expect(Number(midway)).toBeGreaterThan(0);
    expect(Number(midway)).toBeLessThan(500);
    vi.advanceTimersByTime(1100);
    expect(figuresIn(container)).toEqual(['20+', '500+', '300+', '15']);
    expect(strip.getAttribute('data-count-up')).toBe('done');
  });

  it('writes the figures a step at a time, not at every frame, so a phone lays the page out less', () => {
    const container = serverHtml();
    vi.advanceTimersByTime(3000); // the arrival overlay has gone
    runCountUpScript(container);
    const writes = writesPerFigure(container, () => {
      intersect(true);
      for (let ms = 0; ms < STATS_COUNT_UP_MS + 500; ms += 4) vi.advanceTimersByTime(4);
    });
    expect(figuresIn(container)).toEqual(['20+', '500+', '300+', '15']);
    expect(writes).toBeGreaterThan(10);
    expect(writes).toBeLessThanOrEqual(MOST_WRITES);
  });

  it('leaves the figures as they are under reduced motion', () => {
    const container = serverHtml();
    const strip = runCountUpScript(container, true);
    intersect(true);
    expect(strip.hasAttribute('data-count-up')).toBe(false);
    expect(figuresIn(container)).toEqual(['20+', '500+', '300+', '15']);
  });

  it('leaves the figures to the page’s own count-up when the app takes over', () => {
    const container = hydrateServerHtml();
    act(() => intersect(false));
    act(() => intersect(true));
    act(() => vi.advanceTimersByTime(1000));
    expect(shown()).toEqual(['20+', '500+', '300+', '15']);
    expect(container.querySelector('dl')).not.toBeNull();
  });

  it('renders no script when the app mounts the strip itself (an in-app return)', () => {
    const { container } = render(<StatsSection />, { wrapper: withSiteSettings() });
    expect(container.querySelector('script')).toBeNull();
  });
});
