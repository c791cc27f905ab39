import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildSiteSettings, withSiteSettings } from '@/testing/site-settings';
import { FloatingActions } from './floating-actions';

function scrollWindowTo(y: number) {
  Object.defineProperty(window, 'scrollY', { value: y, configurable: true, writable: true });
  act(() => {
    window.dispatchEvent(new Event('scroll'));
  });
}

const group = () => screen.getByRole('group', { name: 'Quick contact' });

describe('FloatingActions', () => {
  afterEach(() => scrollWindowTo(0));

  it('shows WhatsApp and the chat as a visible pair, with no menu to open first', () => {
    const site = buildSiteSettings((settings) => {
      settings.company.whatsapp = { number: '+91 88888 00002', message: 'Namaste, please call me back.' };
    });
    render(<FloatingActions />, { wrapper: withSiteSettings(site) });
    const whatsapp = within(group()).getByRole('link', { name: 'WhatsApp us (opens in a new tab)' });
    expect(whatsapp).toHaveAttribute('href', 'https://wa.me/918888800002?text=Namaste%2C%20please%20call%20me%20back.');
    expect(whatsapp).toHaveAttribute('target', '_blank');
    expect(whatsapp.getAttribute('rel')).toContain('noopener');
    const chat = within(group()).getByRole('button', { name: 'Open chat' });
    expect(chat).toHaveAttribute('aria-expanded', 'false');
    expect(document.querySelector('[popover], [popovertarget]')).toBeNull();
  });

  it('renders the pair in the server HTML without popover attributes or a state a popover button may not carry', () => {
    const Wrapper = withSiteSettings();
    const html = renderToString(
      <Wrapper>
        <FloatingActions />
      </Wrapper>,
    );
    expect(html).not.toMatch(/popover/i);
    expect(html).toContain('href="https://wa.me/');
    expect(html).toMatch(/<button[^>]*aria-expanded="false"[^>]*aria-label="Open chat"/);
  });

  it('offers the way back to the top apart from the pair, only past 500 px (SPEC §2)', () => {
    const scrollTo = vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
    render(<FloatingActions />, { wrapper: withSiteSettings() });
    expect(screen.queryByRole('button', { name: 'Back to top' })).not.toBeInTheDocument();
    scrollWindowTo(500);
    expect(screen.queryByRole('button', { name: 'Back to top' })).not.toBeInTheDocument();
    scrollWindowTo(501);
    const top = screen.getByRole('button', { name: 'Back to top' });
    // Its own button, outside the pair's row, so neither covers the other.
    const pair = screen.getByRole('button', { name: 'Open chat' }).parentElement!;
    expect(pair.contains(top)).toBe(false);
    expect(within(pair).getByRole('link', { name: /WhatsApp/ })).toBeInTheDocument();
    fireEvent.click(top);
    expect(scrollTo).toHaveBeenCalledWith(expect.objectContaining({ top: 0 }));
    scrollWindowTo(100);
    expect(screen.queryByRole('button', { name: 'Back to top' })).not.toBeInTheDocument();
  });
});
