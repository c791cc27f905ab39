import { type ComponentType, lazy, type LazyExoticComponent } from 'react';

/** How far ahead of the viewport a part starts loading, so it is ready when the visitor arrives. */
const NEAR_MARGIN = '600px 0px';

/** Resolves once the element is near the viewport or is interacted with; at once without the browser APIs. */
export function whenNear(elementId: string): Promise<void> {
  if (typeof window === 'undefined' || typeof IntersectionObserver === 'undefined') return Promise.resolve();
  const element = document.getElementById(elementId);
  if (!element) return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      observer.disconnect();
      element.removeEventListener('focusin', done);
      element.removeEventListener('pointerdown', done);
      resolve();
    };
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) done();
      },
      { rootMargin: NEAR_MARGIN },
    );
    observer.observe(element);
    element.addEventListener('focusin', done);
    element.addEventListener('pointerdown', done);
  });
}

/**
 * A lazily loaded component whose code is fetched only when the element with `anchorId` comes
 * near the viewport. On the server it loads at once, so the HTML is complete; in the browser the
 * server's markup stays on screen (React keeps a not-yet-loaded part dehydrated) until the code
 * arrives, so a visitor who never scrolls there never downloads it.
 */
export function lazyWhenNear<P extends object>(
  anchorId: string,
  load: () => Promise<ComponentType<P>>,
): LazyExoticComponent<ComponentType<P>> {
  return lazy(async () => {
    await whenNear(anchorId);
    return { default: await load() };
  });
}
