import { type ComponentType, lazy, type LazyExoticComponent, type RefObject, useEffect } from 'react';

/** How far ahead of the viewport a part starts loading, so it is ready when the visitor arrives. */
const NEAR_MARGIN = '600px 0px';

/**
 * Calls `onNear` once the element is near the viewport or is interacted with; at once where
 * IntersectionObserver is missing. Returns a function that stops watching.
 */
export function watchNear(element: Element, onNear: () => void): () => void {
  if (typeof IntersectionObserver === 'undefined') {
    onNear();
    return () => {};
  }
  const stop = () => {
    observer.disconnect();
    element.removeEventListener('focusin', near);
    element.removeEventListener('pointerdown', near);
  };
  const near = () => {
    stop();
    onNear();
  };
  const observer = new IntersectionObserver(
    (entries) => {
      if (entries.some((entry) => entry.isIntersecting)) near();
    },
    { rootMargin: NEAR_MARGIN },
  );
  observer.observe(element);
  element.addEventListener('focusin', near);
  element.addEventListener('pointerdown', near);
  return stop;
}

const preloaders: (() => Promise<unknown>)[] = [];

/**
 * Loads every part made with `lazyWhenNear`. The server renderer calls it before rendering, so
 * those parts render at once instead of suspending.
 */
export function preloadLazyParts(): Promise<unknown> {
  return Promise.all(preloaders.map((preload) => preload()));
}

/** A thenable that calls back at once, so React.lazy takes an already loaded module without suspending. */
function settledModule<T>(value: T): Promise<{ default: T }> {
  const thenable = {
    then(onFulfilled: (module: { default: T }) => unknown) {
      onFulfilled({ default: value });
      return thenable;
    },
  };
  return thenable as unknown as Promise<{ default: T }>;
}

export interface LazyWhenNear<P extends object> {
  Component: LazyExoticComponent<ComponentType<P>>;
  /**
   * Starts the download when the referenced element (which must be outside the part's Suspense
   * boundary, so it is hydrated first) comes near the viewport.
   */
  useLoadWhenNear: (ref: RefObject<Element | null>) => void;
}

/**
 * A lazily loaded component whose code is fetched only when an element comes near the viewport.
 * The server renders it in full (see `preloadLazyParts`); in the browser the server's markup stays
 * on screen (React keeps a not-yet-loaded part dehydrated) until the code arrives, so a visitor
 * who never scrolls there never downloads it.
 */
export function lazyWhenNear<P extends object>(load: () => Promise<ComponentType<P>>): LazyWhenNear<P> {
  let loaded: ComponentType<P> | undefined;
  const preload = async () => {
    loaded ??= await load();
    return loaded;
  };
  preloaders.push(preload);

  let startLoading: () => void = () => {};
  const requested = new Promise<void>((resolve) => {
    startLoading = resolve;
  });

  const Component = lazy(() => {
    if (loaded) return settledModule(loaded);
    return requested.then(preload).then((component) => ({ default: component }));
  });

  function useLoadWhenNear(ref: RefObject<Element | null>) {
    useEffect(() => {
      const element = ref.current;
      if (!element) {
        startLoading();
        return undefined;
      }
      return watchNear(element, startLoading);
    }, [ref]);
  }

  return { Component, useLoadWhenNear };
}
