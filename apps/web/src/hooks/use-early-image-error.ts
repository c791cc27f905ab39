import { useEffect, useEffectEvent, useRef, type RefObject } from 'react';

/**
 * A server-rendered picture starts loading before the app runs (on the landing and details pages
 * the app waits for the visitor, decision 009). One that fails first fires its `error` event while
 * nothing listens, and React does not replay it when it hydrates the element, so the picture
 * would stay broken. This reports such a picture when the component mounts, so it gets the same
 * fallback as one that fails later: a finished request without pixels is a broken one.
 *
 * After mounting, React's own `onError` hears every failure; callers' handlers must be idempotent
 * because a failure between creating the element and this check can be reported by both.
 */
export function useEarlyImageError(onError: () => void): RefObject<HTMLImageElement | null> {
  const ref = useRef<HTMLImageElement>(null);
  const report = useEffectEvent(onError);
  useEffect(() => {
    const image = ref.current;
    if (image?.complete && image.naturalWidth === 0 && image.getAttribute('src')) report();
  }, []);
  return ref;
}
