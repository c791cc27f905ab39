import { renderToString } from 'react-dom/server';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LandingNav } from './landing-nav';
import { setQuoteLines } from '@/testing/quote-list';
import { withSiteSettings } from '@/testing/site-settings';

const SiteWrapper = withSiteSettings();

function scrollWindowTo(y: number) {
  Object.defineProperty(window, 'scrollY', { value: y, configurable: true, writable: true });
  act(() => {
    window.dispatchEvent(new Event('scroll'));
  });
}

const scrollIntoView = vi.fn();

/** The mobile menu's toggle (a `<summary>`, named by its text). */
const toggleNamed = (name: string) => screen.getByText(name).closest('summary')!;
const menu = () => document.querySelector('details')!;

describe('LandingNav', () => {
  beforeEach(() => {
    Element.prototype.scrollIntoView = scrollIntoView;
  });
  afterEach(() => scrollWindowTo(0));

  it('leaves its look to CSS in the server HTML, then switches at 100 px once the app runs', () => {
    // Server HTML: the scroll position is unknown, so no data-scrolled (index.css decides).
    expect(
      renderToString(
        <SiteWrapper>
          <LandingNav />
        </SiteWrapper>,
      ),
    ).not.toContain('data-scrolled');

    render(<LandingNav />, { wrapper: withSiteSettings() });
    const bar = screen.getByTestId('landing-nav');
    expect(bar).toHaveClass('landing-nav');
    expect(bar).toHaveAttribute('data-scrolled', 'false');

    scrollWindowTo(100);
    expect(bar).toHaveAttribute('data-scrolled', 'false');

    scrollWindowTo(101);
    expect(bar).toHaveAttribute('data-scrolled', 'true');
  });

  it('is made of links and a disclosure, so it works before the app runs', () => {
    const html = renderToString(
      <SiteWrapper>
        <LandingNav />
      </SiteWrapper>,
    );
    const container = document.createElement('div');
    container.innerHTML = html;
    expect(container.querySelector('a[href="#home"]')).toHaveTextContent('Kovai Precision Machines');
    expect(container.querySelectorAll('button')).toHaveLength(0);
    const menu = container.querySelector('details');
    expect(menu).not.toBeNull();
    expect(menu?.querySelector('summary')).toHaveTextContent('Open menu');
    expect([...(menu?.querySelectorAll('nav a') ?? [])].map((link) => link.getAttribute('href'))).toEqual([
      '#home',
      '#about',
      '#products',
      '#services',
      '#contact',
      // The same page in each language.
      '/',
      '/ta/',
      '/hi/',
    ]);
  });

  it('links to the quote list, its count drawn only once the app has read the cookie', () => {
    setQuoteLines([
      { id: 'aaaaaaaa-0000-4000-8000-000000000001', quantity: 2 },
      { id: 'bbbbbbbb-0000-4000-8000-000000000002', quantity: 1 },
    ]);
    // The server's HTML is the same for everyone (pages are cached): no count in it.
    const container = document.createElement('div');
    container.innerHTML = renderToString(
      <SiteWrapper>
        <LandingNav />
      </SiteWrapper>,
    );
    const plain = container.querySelector('a[href="/quote"]');
    expect(plain).toHaveTextContent(/^Quote list$/);

    render(<LandingNav />, { wrapper: withSiteSettings() });
    expect(screen.getByRole('link', { name: /^Quote list,\s*2 items$/ })).toHaveAttribute('href', '/quote');
  });

  it('closes the mobile menu on Escape and gives focus back to the toggle', async () => {
    const user = userEvent.setup({ delay: null });
    render(<LandingNav />, { wrapper: withSiteSettings() });
    await user.click(toggleNamed('Open menu'));
    expect(menu()).toHaveProperty('open', true);
    await user.keyboard('{Escape}');
    expect(toggleNamed('Open menu')).toHaveFocus();
    await waitFor(() => expect(menu()).toHaveProperty('open', false));
  });

  it('lists the five entries and scrolls smoothly to the chosen section', async () => {
    render(
      <>
        <LandingNav />
        <section id="about" />
      </>,
      { wrapper: withSiteSettings() },
    );
    const [desktop] = screen.getAllByRole('navigation', { name: 'Sections' });
    expect(
      within(desktop!)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Home', 'About', 'Products', 'Services', 'Contact']);
    await userEvent.click(within(desktop!).getByRole('link', { name: 'About' }));
    expect(scrollIntoView).toHaveBeenCalledWith(expect.objectContaining({ behavior: 'smooth' }));
  });

  it('highlights the section under the 200 px probe on scroll', () => {
    render(
      <>
        <LandingNav />
        <section id="home" />
        <section id="about" />
      </>,
      { wrapper: withSiteSettings() },
    );
    const about = screen.getAllByRole('link', { name: 'About' })[0]!;
    expect(screen.getAllByRole('link', { name: 'Home' })[0]).toHaveAttribute('aria-current', 'location');
    expect(about).not.toHaveAttribute('aria-current');

    vi.spyOn(document.getElementById('home')!, 'getBoundingClientRect').mockReturnValue({
      top: -700,
      bottom: 150,
    } as DOMRect);
    vi.spyOn(document.getElementById('about')!, 'getBoundingClientRect').mockReturnValue({
      top: 150,
      bottom: 900,
    } as DOMRect);
    scrollWindowTo(850);
    expect(about).toHaveAttribute('aria-current', 'location');
  });

  it('opens the mobile menu with the toggle and closes it after a choice', async () => {
    const user = userEvent.setup({ delay: null });
    render(
      <>
        <LandingNav />
        <section id="services" />
      </>,
      { wrapper: withSiteSettings() },
    );
    const toggle = toggleNamed('Open menu');
    expect(menu()).toHaveProperty('open', false);

    await user.click(toggle);
    expect(menu()).toHaveProperty('open', true);
    expect(toggle).toHaveTextContent('Close menu');
    const panel = document.getElementById(toggle.getAttribute('aria-controls')!);
    expect(panel).not.toBeNull();

    await user.click(within(panel!).getByRole('link', { name: 'Services' }));
    expect(scrollIntoView).toHaveBeenCalled();
    expect(toggle).toHaveTextContent('Open menu');
    await waitFor(() => expect(menu()).toHaveProperty('open', false));
  });

  it('closes the mobile menu with the toggle', async () => {
    const user = userEvent.setup({ delay: null });
    render(<LandingNav />, { wrapper: withSiteSettings() });
    await user.click(toggleNamed('Open menu'));
    await user.click(toggleNamed('Close menu'));
    expect(toggleNamed('Open menu')).toBeInTheDocument();
    await waitFor(() => expect(menu()).toHaveProperty('open', false));
  });

  it('slides in with the CSS entrance animation, skipped under reduced motion', () => {
    render(<LandingNav />, { wrapper: withSiteSettings() });
    expect(screen.getByTestId('landing-nav')).toHaveClass('animate-nav-enter', 'motion-reduce:animate-none');
  });

  it('animates the mobile panel open, then plays its closing animation before removing it', async () => {
    const user = userEvent.setup({ delay: null });
    render(<LandingNav />, { wrapper: withSiteSettings() });
    const toggle = toggleNamed('Open menu');
    await user.click(toggle);
    const panel = document.getElementById(toggle.getAttribute('aria-controls')!)!;
    expect(panel).toHaveAttribute('data-state', 'open');
    expect(panel).toHaveClass('animate-menu-open');

    await user.click(toggle);
    expect(panel).toHaveAttribute('data-state', 'closing');
    expect(panel).toHaveClass('animate-menu-close');
    // Links that are on their way out cannot be reached.
    expect(panel).toHaveAttribute('inert');
    await waitFor(() => expect(panel).not.toHaveAttribute('data-state'));
    expect(menu()).toHaveProperty('open', false);
  });
});
