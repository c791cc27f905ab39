import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { watchClearance, type Clearance } from './watch-clearance';

// What lies under the button is the hit test's business (covers-content.test.ts); here it is a switch.
let covered = false;
const covers = () => covered;

/** Callbacks the browser would run later, run here when the test says. */
let frames: FrameRequestCallback[] = [];
let idles: { callback: IdleRequestCallback; timeout: number | undefined }[] = [];
let resized: ResizeObserverCallback | null = null;

class FakeResizeObserver {
  constructor(callback: ResizeObserverCallback) {
    resized = callback;
  }
  observe() {}
  disconnect() {}
}
class FakeIntersectionObserver {
  observe() {}
  unobserve() {}
  disconnect() {}
}

beforeEach(() => {
  covered = false;
  frames = [];
  idles = [];
  resized = null;
  vi.useFakeTimers();
  vi.stubGlobal('ResizeObserver', FakeResizeObserver);
  vi.stubGlobal('IntersectionObserver', FakeIntersectionObserver);
  vi.stubGlobal('requestAnimationFrame', (callback: FrameRequestCallback) => frames.push(callback));
  vi.stubGlobal('cancelAnimationFrame', () => {});
  vi.stubGlobal('requestIdleCallback', (callback: IdleRequestCallback, options?: IdleRequestOptions) =>
    idles.push({ callback, timeout: options?.timeout }),
  );
  vi.stubGlobal('cancelIdleCallback', () => {});
});
afterEach(() => {
  // The reverse of beforeEach: the stubs saved the fake clock's functions as the originals, so
  // undone after the clock they would put a dead requestAnimationFrame back on the window.
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

function watch() {
  const own = document.createElement('div');
  const button = document.createElement('button');
  own.append(button);
  document.body.append(own);
  const reports: Partial<Clearance>[] = [];
  const stop = watchClearance(
    own,
    () => button,
    (change) => reports.push(change),
    covers,
  );
  const coveringReports = () => reports.filter((report) => 'covering' in report).map((report) => report.covering);
  return { stop, coveringReports };
}

const runAll = <T>(queue: T[], run: (item: T) => void) => queue.splice(0).forEach(run);

describe('watchClearance', () => {
  it('measures a change of the page under the button once the browser is idle, within 200 ms', () => {
    const { stop, coveringReports } = watch();
    vi.advanceTimersByTime(200);
    expect(coveringReports()).toEqual([false]);

    // New results come under the button without any scrolling.
    covered = true;
    resized!([], {} as ResizeObserver);
    expect(frames).toHaveLength(0);
    expect(idles.map((idle) => idle.timeout)).toEqual([200]);
    runAll(idles, (idle) => idle.callback({ didTimeout: false, timeRemaining: () => 10 }));
    expect(coveringReports()).toEqual([false, true]);
    stop();
  });

  it('measures at the next frame while the page scrolls', () => {
    const { stop, coveringReports } = watch();
    covered = true;
    window.dispatchEvent(new Event('scroll'));
    expect(frames).toHaveLength(1);
    runAll(frames, (frame) => frame(0));
    expect(coveringReports()).toEqual([true]);
    stop();
  });
});
