import { fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation, useNavigationType } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { IN_APP_LINK, useInAppLinks } from './use-in-app-links';

function Where() {
  const location = useLocation();
  return (
    <p data-testid="where">
      {location.pathname}
      {location.search} {useNavigationType()}
    </p>
  );
}

function Links({ onFollow }: { onFollow: () => void }) {
  const follow = useInAppLinks({ onFollow });
  return (
    <nav onClick={follow}>
      <a {...IN_APP_LINK} href="/product/7?from=list">
        <span>Details</span>
      </a>
      <a {...IN_APP_LINK} href="/list">
        Same page
      </a>
      <a {...IN_APP_LINK} href="/product/8" target="_blank">
        New tab
      </a>
      <a {...IN_APP_LINK} href="https://example.org/elsewhere">
        Elsewhere
      </a>
      <a href="/product/9">Not marked</a>
    </nav>
  );
}

function renderLinks() {
  const onFollow = vi.fn();
  render(
    <MemoryRouter initialEntries={['/list']}>
      <Links onFollow={onFollow} />
      <Routes>
        <Route path="*" element={<Where />} />
      </Routes>
    </MemoryRouter>,
  );
  return { onFollow, where: () => screen.getByTestId('where').textContent };
}

/**
 * Clicks `element` and tells whether the browser would have followed the link itself, that is
 * whether the app left the click's default alone. jsdom cannot load another document, so the
 * default is prevented after the app has had its turn.
 */
let leftToBrowser: boolean | null = null;
const recordDefault = (event: MouseEvent) => {
  leftToBrowser = !event.defaultPrevented;
  event.preventDefault();
};
beforeEach(() => window.addEventListener('click', recordDefault));
afterEach(() => window.removeEventListener('click', recordDefault));

function browserFollows(element: Element, init?: MouseEventInit): boolean | null {
  leftToBrowser = null;
  fireEvent.click(element, init);
  return leftToBrowser;
}

describe('useInAppLinks', () => {
  it('follows a marked link in the app, from a click on anything inside it', () => {
    const { onFollow, where } = renderLinks();
    expect(browserFollows(screen.getByText('Details'))).toBe(false);
    expect(where()).toBe('/product/7?from=list PUSH');
    expect(onFollow).toHaveBeenCalledTimes(1);
  });

  it('replaces the entry of the page already shown, as a router link does', () => {
    const { where } = renderLinks();
    expect(browserFollows(screen.getByText('Same page'))).toBe(false);
    expect(where()).toBe('/list REPLACE');
  });

  it('leaves to the browser what it would not open in this tab: modified clicks, other buttons, other targets and sites, unmarked links', () => {
    const { onFollow, where } = renderLinks();
    const details = screen.getByText('Details');
    for (const modifier of ['ctrlKey', 'metaKey', 'shiftKey', 'altKey'] as const) {
      expect(browserFollows(details, { [modifier]: true })).toBe(true);
    }
    expect(browserFollows(details, { button: 1 })).toBe(true);
    expect(browserFollows(screen.getByText('New tab'))).toBe(true);
    expect(browserFollows(screen.getByText('Elsewhere'))).toBe(true);
    expect(browserFollows(screen.getByText('Not marked'))).toBe(true);
    expect(where()).toBe('/list POP');
    expect(onFollow).not.toHaveBeenCalled();
  });
});
