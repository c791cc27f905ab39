import { afterEach, describe, expect, it, vi } from 'vitest';
import { whenNear } from './lazy-when-near';

type Callback = (entries: { isIntersecting: boolean }[]) => void;

function installObserver() {
  const observers: { callback: Callback; disconnected: boolean }[] = [];
  class FakeIntersectionObserver {
    private readonly record: { callback: Callback; disconnected: boolean };
    constructor(callback: Callback) {
      this.record = { callback, disconnected: false };
      observers.push(this.record);
    }
    observe() {}
    disconnect() {
      this.record.disconnected = true;
    }
  }
  vi.stubGlobal('IntersectionObserver', FakeIntersectionObserver);
  return observers;
}

async function settled(promise: Promise<void>): Promise<boolean> {
  let done = false;
  void promise.then(() => (done = true));
  await new Promise((resolve) => setTimeout(resolve, 0));
  return done;
}

describe('whenNear', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    document.body.innerHTML = '';
  });

  it('waits until the element comes near the viewport', async () => {
    document.body.innerHTML = '<section id="contact"></section>';
    const observers = installObserver();
    const near = whenNear('contact');
    expect(await settled(near)).toBe(false);
    observers[0]?.callback([{ isIntersecting: false }]);
    expect(await settled(near)).toBe(false);
    observers[0]?.callback([{ isIntersecting: true }]);
    expect(await settled(near)).toBe(true);
    expect(observers[0]?.disconnected).toBe(true);
  });

  it('loads at once when the visitor interacts with the element first', async () => {
    document.body.innerHTML = '<section id="contact"><input id="first"></section>';
    installObserver();
    const near = whenNear('contact');
    document.getElementById('first')?.dispatchEvent(new FocusEvent('focusin', { bubbles: true }));
    expect(await settled(near)).toBe(true);
  });

  it('does not wait when the element or the observer is missing', async () => {
    installObserver();
    expect(await settled(whenNear('nowhere'))).toBe(true);
    vi.unstubAllGlobals();
    vi.stubGlobal('IntersectionObserver', undefined);
    document.body.innerHTML = '<section id="contact"></section>';
    expect(await settled(whenNear('contact'))).toBe(true);
  });
});
