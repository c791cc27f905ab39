import { afterEach, describe, expect, it, vi } from 'vitest';
import { INTENT_EVENTS } from '@capstan/shared';
import { pointerMove } from '@/testing/pointer-move';
import { VISITOR_ACTED_ATTRIBUTE } from './page-handover';
import { whenVisitorActs } from './visitor-intent';

describe('whenVisitorActs', () => {
  afterEach(() => {
    document.documentElement.removeAttribute(VISITOR_ACTED_ATTRIBUTE);
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('waits for the first sign of use, then runs once', () => {
    const run = vi.fn();
    whenVisitorActs(run);
    window.dispatchEvent(new Event('load'));
    window.dispatchEvent(new Event('resize'));
    window.dispatchEvent(new Event('blur'));
    expect(run).not.toHaveBeenCalled();

    window.dispatchEvent(new Event('scroll'));
    window.dispatchEvent(new Event('pointerdown'));
    window.dispatchEvent(new Event('keydown'));
    expect(run).toHaveBeenCalledTimes(1);
  });

  it.each(INTENT_EVENTS)('counts %s as a sign of use', (type) => {
    const run = vi.fn();
    whenVisitorActs(run);
    document.body.dispatchEvent(new Event(type, { bubbles: false }));
    // Captured on the window even when the event does not bubble (focusin on a field, scroll of a box).
    expect(run).toHaveBeenCalledTimes(1);
  });

  it('waits past a pointer move that went nowhere: Chromium moves a resting pointer itself', () => {
    const run = vi.fn();
    whenVisitorActs(run);
    window.dispatchEvent(pointerMove(0, 0));
    expect(run).not.toHaveBeenCalled();
    window.dispatchEvent(pointerMove(0, 2));
    expect(run).toHaveBeenCalledTimes(1);
  });

  it('treats a scroll position the browser restored before the page loaded as use', () => {
    const run = vi.fn();
    vi.spyOn(document, 'readyState', 'get').mockReturnValue('loading');
    whenVisitorActs(run);
    vi.stubGlobal('scrollY', 640);
    expect(run).not.toHaveBeenCalled();
    window.dispatchEvent(new Event('load'));
    expect(run).toHaveBeenCalledTimes(1);
  });

  it('runs at once when the loader saw the visitor act before this entry arrived', () => {
    document.documentElement.setAttribute(VISITOR_ACTED_ATTRIBUTE, '');
    const run = vi.fn();
    whenVisitorActs(run);
    expect(run).toHaveBeenCalledTimes(1);
    window.dispatchEvent(new Event('pointerdown'));
    expect(run).toHaveBeenCalledTimes(1);
  });
});
