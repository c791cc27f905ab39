import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LandingNav } from './landing-nav';

function scrollWindowTo(y: number) {
  Object.defineProperty(window, 'scrollY', { value: y, configurable: true, writable: true });
  act(() => {
    window.dispatchEvent(new Event('scroll'));
  });
}

const scrollIntoView = vi.fn();

describe('LandingNav', () => {
  beforeEach(() => {
    Element.prototype.scrollIntoView = scrollIntoView;
  });
  afterEach(() => scrollWindowTo(0));

  it('is a transparent blue gradient with white text until past 100 px, then blurred white', () => {
    render(<LandingNav />);
    const bar = screen.getByTestId('landing-nav');
    expect(bar).toHaveAttribute('data-scrolled', 'false');
    expect(bar).toHaveClass('bg-gradient-to-b', 'text-white');

    scrollWindowTo(100);
    expect(bar).toHaveAttribute('data-scrolled', 'false');

    scrollWindowTo(101);
    expect(bar).toHaveAttribute('data-scrolled', 'true');
    expect(bar).toHaveClass('backdrop-blur-md', 'border-b', 'text-slate-900');
    expect(bar).not.toHaveClass('bg-gradient-to-b');
  });

  it('lists the five entries and scrolls smoothly to the chosen section', async () => {
    render(
      <>
        <LandingNav />
        <section id="about" />
      </>,
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
    const user = userEvent.setup();
    render(
      <>
        <LandingNav />
        <section id="services" />
      </>,
    );
    const toggle = screen.getByRole('button', { name: 'Open menu' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(screen.getAllByRole('navigation', { name: 'Sections' })).toHaveLength(1);

    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(toggle).toHaveAccessibleName('Close menu');
    const panel = document.getElementById(toggle.getAttribute('aria-controls')!);
    expect(panel).not.toBeNull();

    await user.click(within(panel!).getByRole('link', { name: 'Services' }));
    expect(scrollIntoView).toHaveBeenCalled();
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await waitFor(() => expect(screen.getAllByRole('navigation', { name: 'Sections' })).toHaveLength(1));
  });

  it('closes the mobile menu with the toggle', async () => {
    const user = userEvent.setup();
    render(<LandingNav />);
    await user.click(screen.getByRole('button', { name: 'Open menu' }));
    await user.click(screen.getByRole('button', { name: 'Close menu' }));
    expect(screen.getByRole('button', { name: 'Open menu' })).toHaveAttribute('aria-expanded', 'false');
    await waitFor(() => expect(screen.getAllByRole('navigation', { name: 'Sections' })).toHaveLength(1));
  });

  it('slides in with the CSS entrance animation, skipped under reduced motion', () => {
    render(<LandingNav />);
    expect(screen.getByTestId('landing-nav')).toHaveClass('animate-nav-enter', 'motion-reduce:animate-none');
  });

  it('animates the mobile panel open, then plays its closing animation before removing it', async () => {
    const user = userEvent.setup();
    render(<LandingNav />);
    const toggle = screen.getByRole('button', { name: 'Open menu' });
    await user.click(toggle);
    const panel = document.getElementById(toggle.getAttribute('aria-controls')!)!;
    expect(panel).toHaveAttribute('data-state', 'open');
    expect(panel).toHaveClass('animate-menu-open');

    await user.click(toggle);
    expect(panel).toHaveAttribute('data-state', 'closing');
    expect(panel).toHaveClass('animate-menu-close');
    // Links that are on their way out cannot be reached.
    expect(panel).toHaveAttribute('inert');
    await waitFor(() => expect(panel).not.toBeInTheDocument());
  });
});
