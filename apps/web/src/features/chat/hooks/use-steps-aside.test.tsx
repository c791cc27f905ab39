import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FloatingActions } from '../components/floating-actions';
import { chatApi } from '@/testing/chat-api';
import { withSiteSettings } from '@/testing/site-settings';

let observed: { callback: IntersectionObserverCallback; targets: Element[] }[] = [];

class FakeIntersectionObserver {
  private entry: { callback: IntersectionObserverCallback; targets: Element[] };
  constructor(callback: IntersectionObserverCallback) {
    this.entry = { callback, targets: [] };
    observed.push(this.entry);
  }
  observe(target: Element) {
    this.entry.targets.push(target);
  }
  unobserve() {}
  disconnect() {}
  takeRecords() {
    return [];
  }
}

class FakeResizeObserver {
  observe() {}
  unobserve() {}
  disconnect() {}
}

/** Tells the observers that `target` came into view or left it. */
function setInView(target: Element, isIntersecting: boolean) {
  act(() => {
    for (const observer of observed) {
      if (!observer.targets.includes(target)) continue;
      observer.callback([{ target, isIntersecting } as IntersectionObserverEntry], {} as IntersectionObserver);
    }
  });
}

/** The buttons that step aside together: the pair and the way back to the top. */
const toggle = () => screen.getByRole('group', { name: 'Quick contact' });

/** Renders a page with a search field and a contact section, and waits until the group watches them. */
async function renderPage() {
  render(
    <>
      <label htmlFor="search">Search</label>
      <input id="search" />
      <section id="contact">Contact form</section>
      <FloatingActions />
    </>,
    { wrapper: withSiteSettings() },
  );
  await waitFor(() => expect(observed.at(0)?.targets.length).toBeGreaterThan(0));
}

describe('the floating group steps aside', () => {
  let hits: Element[];
  beforeEach(() => {
    observed = [];
    hits = [];
    vi.stubGlobal('IntersectionObserver', FakeIntersectionObserver);
    vi.stubGlobal('ResizeObserver', FakeResizeObserver);
    document.elementsFromPoint = () => hits;
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    Reflect.deleteProperty(document, 'elementsFromPoint');
  });

  it('while the contact section or a form field is in view', async () => {
    await renderPage();
    expect(toggle()).not.toHaveAttribute('data-stepped-aside');
    const contact = document.getElementById('contact')!;
    setInView(contact, true);
    expect(toggle()).toHaveAttribute('data-stepped-aside');
    setInView(contact, false);
    expect(toggle()).not.toHaveAttribute('data-stepped-aside');
    setInView(screen.getByRole('textbox', { name: 'Search' }), true);
    expect(toggle()).toHaveAttribute('data-stepped-aside');
  });

  it('while a form field of the page has focus', async () => {
    await renderPage();
    const search = screen.getByRole('textbox', { name: 'Search' });
    act(() => search.focus());
    expect(toggle()).toHaveAttribute('data-stepped-aside');
    act(() => search.blur());
    expect(toggle()).not.toHaveAttribute('data-stepped-aside');
  });

  it('while a control lies under its button, and comes back once the place has stayed clear', async () => {
    await renderPage();
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'requestAnimationFrame', 'cancelAnimationFrame'] });
    try {
      const link = document.createElement('a');
      link.href = '/products';
      document.body.append(link);
      hits = [link];
      act(() => {
        window.dispatchEvent(new Event('scroll'));
        vi.advanceTimersToNextFrame();
      });
      expect(toggle()).toHaveAttribute('data-stepped-aside');

      hits = [document.body];
      act(() => {
        window.dispatchEvent(new Event('scroll'));
        vi.advanceTimersToNextFrame();
      });
      expect(toggle()).toHaveAttribute('data-stepped-aside');
      act(() => vi.advanceTimersByTime(150));
      expect(toggle()).not.toHaveAttribute('data-stepped-aside');
      link.remove();
    } finally {
      vi.useRealTimers();
    }
  });

  it('not while the visitor is using it: the chat stays reachable over the contact form', async () => {
    // The open chat reads its texts (and the catalogue when asked).
    chatApi();
    await renderPage();
    fireEvent.click(screen.getByRole('button', { name: 'Open chat' }));
    await screen.findByRole('dialog', { name: 'Chat with us' });
    setInView(document.getElementById('contact')!, true);
    expect(toggle()).not.toHaveAttribute('data-stepped-aside');
  });
});
