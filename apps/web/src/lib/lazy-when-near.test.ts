import { afterEach, describe, expect, it, vi } from 'vitest';
import { watchNear } from './lazy-when-near';

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

function section(): HTMLElement {
  document.body.innerHTML = '<section id="contact"><input id="first"></section>';
  const element = document.getElementById('contact');
  if (!element) throw new Error('no section');
  return element;
}

describe('watchNear', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    document.body.innerHTML = '';
  });

  it('calls back once the element comes near the viewport, then stops watching', () => {
    const observers = installObserver();
    const onNear = vi.fn();
    watchNear(section(), onNear);
    observers[0]?.callback([{ isIntersecting: false }]);
    expect(onNear).not.toHaveBeenCalled();
    observers[0]?.callback([{ isIntersecting: true }]);
    expect(onNear).toHaveBeenCalledTimes(1);
    expect(observers[0]?.disconnected).toBe(true);
  });

  it('calls back when the visitor interacts with the element first', () => {
    installObserver();
    const onNear = vi.fn();
    watchNear(section(), onNear);
    document.getElementById('first')?.dispatchEvent(new FocusEvent('focusin', { bubbles: true }));
    document.getElementById('first')?.dispatchEvent(new FocusEvent('focusin', { bubbles: true }));
    expect(onNear).toHaveBeenCalledTimes(1);
  });

  it('does not call back after it was stopped (the section left the page)', () => {
    const observers = installObserver();
    const onNear = vi.fn();
    const stop = watchNear(section(), onNear);
    stop();
    expect(observers[0]?.disconnected).toBe(true);
    document.getElementById('first')?.dispatchEvent(new FocusEvent('focusin', { bubbles: true }));
    expect(onNear).not.toHaveBeenCalled();
  });

  it('calls back at once without IntersectionObserver', () => {
    vi.stubGlobal('IntersectionObserver', undefined);
    const onNear = vi.fn();
    watchNear(section(), onNear);
    expect(onNear).toHaveBeenCalledTimes(1);
  });
});
