import { INTENT_EVENTS } from '@capstan/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { deferAppStart } from './deferred-start';
import { pointerMove } from '@/testing/pointer-move';
import { HANDOVER_ATTRIBUTES } from './held-clicks';

const ENTRY = '/assets/index-test.js';

function sheetLink(): HTMLLinkElement {
  const link = document.createElement('link');
  link.rel = 'stylesheet';
  link.href = '/assets/style-test.css';
  link.media = 'print';
  link.setAttribute('data-app-stylesheet', '');
  document.head.append(link);
  return link;
}

const entryScripts = () => document.head.querySelectorAll<HTMLScriptElement>(`script[type="module"][src="${ENTRY}"]`);

describe('the deferred loader', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    document.head.innerHTML = '';
  });
  afterEach(async () => {
    vi.useRealTimers();
    // What the app does once it has taken over: each loader's click holding ends with it.
    document.documentElement.setAttribute(HANDOVER_ATTRIBUTES.appReady, '');
    await new Promise((resolve) => setTimeout(resolve, 0));
    document.documentElement.removeAttribute(HANDOVER_ATTRIBUTES.appReady);
    document.documentElement.removeAttribute(HANDOVER_ATTRIBUTES.visitorActed);
  });

  it.each(INTENT_EVENTS)('turns the whole stylesheet on at the first %s, as the app starts on it', (type) => {
    const link = sheetLink();
    deferAppStart(ENTRY);
    expect(link.media).toBe('print');
    window.dispatchEvent(new Event(type));
    expect(link.media).toBe('all');
  });

  it('waits past a pointer move that went nowhere: Chromium moves a resting pointer itself', () => {
    const link = sheetLink();
    deferAppStart(ENTRY);
    // What lay under a desktop's resting cursor changed (the arrival overlay appeared).
    window.dispatchEvent(pointerMove(0, 0));
    expect(link.media).toBe('print');
    expect(document.documentElement.hasAttribute(HANDOVER_ATTRIBUTES.visitorActed)).toBe(false);
    window.dispatchEvent(pointerMove(3, -1));
    expect(link.media).toBe('all');
    expect(document.documentElement.hasAttribute(HANDOVER_ATTRIBUTES.visitorActed)).toBe(true);
  });

  it('turns the stylesheet on once the loaded page is idle, when nobody moves', () => {
    const link = sheetLink();
    deferAppStart(ENTRY);
    window.dispatchEvent(new Event('load'));
    vi.advanceTimersByTime(2000);
    expect(link.media).toBe('all');
  });

  it('adds the entry module once, after the first paint or at the latest after 3 s', () => {
    deferAppStart(ENTRY);
    expect(entryScripts()).toHaveLength(0);
    vi.advanceTimersByTime(3000);
    const [script] = entryScripts();
    expect(script?.type).toBe('module');
    expect(script?.crossOrigin).toBe('');
    vi.advanceTimersByTime(10_000);
    expect(entryScripts()).toHaveLength(1);
  });

  it.each(INTENT_EVENTS)("marks the visitor's first %s on <html>, for an app entry that arrives after it", (type) => {
    deferAppStart(ENTRY);
    expect(document.documentElement.hasAttribute(HANDOVER_ATTRIBUTES.visitorActed)).toBe(false);
    window.dispatchEvent(new Event(type));
    expect(document.documentElement.hasAttribute(HANDOVER_ATTRIBUTES.visitorActed)).toBe(true);
  });

  it('holds a tap on a button from the start, and gives it again once the app is ready', async () => {
    vi.useRealTimers();
    document.body.innerHTML = '<button type="button">Admin Access</button>';
    const button = document.querySelector('button')!;
    deferAppStart(ENTRY);
    button.click();
    const handler = vi.fn();
    button.addEventListener('click', handler);
    document.documentElement.setAttribute(HANDOVER_ATTRIBUTES.appReady, '');
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(handler).toHaveBeenCalledTimes(1);
    document.body.innerHTML = '';
  });
});
