import type { ReactElement } from 'react';
import { renderToString } from 'react-dom/server';
import { render } from '@testing-library/react';

/**
 * The server's HTML for `ui`, with the pictures `isBroken` picks already failed as a browser
 * leaves them (request finished, no pixels) before any script ran, then the app hydrating it.
 * jsdom loads no images, so `complete` and `naturalWidth` are set by hand.
 */
export function hydrateWithBrokenImages(ui: ReactElement, isBroken: (image: HTMLImageElement) => boolean) {
  const container = document.createElement('div');
  container.innerHTML = renderToString(ui);
  document.body.append(container);
  for (const image of container.querySelectorAll('img')) {
    const broken = isBroken(image);
    Object.defineProperty(image, 'complete', { configurable: true, value: broken });
    Object.defineProperty(image, 'naturalWidth', { configurable: true, value: 0 });
  }
  return render(ui, { container, hydrate: true });
}
