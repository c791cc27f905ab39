import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { buildSiteSettings } from '@/testing/site-settings';
import { chatApi, withChat } from '@/testing/chat-api';
import { FloatingActions } from './floating-actions';

const userMessages = () => screen.queryAllByTestId('chat-user-message').map((m) => m.textContent);
function scrollWindowTo(y: number) {
  Object.defineProperty(window, 'scrollY', { value: y, configurable: true, writable: true });
  act(() => {
    window.dispatchEvent(new Event('scroll'));
  });
}

// jsdom has no popover: its content stays `display: none`, so queries reach into it with `hidden`.
const inList = { hidden: true } as const;

describe('FloatingActions', () => {
  // The chat reads its texts when it opens.
  beforeEach(() => {
    chatApi();
  });
  afterEach(() => scrollWindowTo(0));

  it('calls and messages the numbers staff set under Site, with their WhatsApp message', () => {
    const site = buildSiteSettings((settings) => {
      settings.company.phones = [{ label: 'Sales', number: '+91 99999 00001' }];
      settings.company.whatsapp = { number: '+91 88888 00002', message: 'Namaste, please call me back.' };
    });
    render(<FloatingActions />, { wrapper: withChat(site) });
    const list = document.getElementById(
      screen.getByRole('button', { name: 'Contact us' }).getAttribute('popovertarget')!,
    )!;
    const call = within(list).getByRole('link', { name: /^Call us/, ...inList });
    expect(call).toHaveAttribute('href', 'tel:+919999900001');
    expect(call).toHaveTextContent('+91 99999 00001');
    expect(within(list).getByRole('link', { name: /WhatsApp/, ...inList })).toHaveAttribute(
      'href',
      'https://wa.me/918888800002?text=Namaste%2C%20please%20call%20me%20back.',
    );
  });

  it('collapses call, WhatsApp and the chat behind one button that opens them as a native popover', () => {
    render(<FloatingActions />, { wrapper: withChat() });
    const toggle = screen.getByRole('button', { name: 'Contact us' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    const list = document.getElementById(toggle.getAttribute('popovertarget')!)!;
    expect(list).toHaveAttribute('popover', 'auto');
    expect(toggle).toHaveAttribute('aria-controls', list.id);

    const call = within(list).getByRole('link', { name: /^Call us/, ...inList });
    expect(call).toHaveAttribute('href', 'tel:+919843012345');
    expect(call).toHaveTextContent('+91 98430 12345');
    const whatsapp = within(list).getByRole('link', { name: /WhatsApp/, ...inList });
    expect(whatsapp).toHaveAttribute(
      'href',
      'https://wa.me/919843012345?text=Hello%2C%20I%20would%20like%20to%20know%20more%20about%20your%20machines.',
    );
    expect(whatsapp).toHaveAttribute('target', '_blank');
    expect(whatsapp.getAttribute('rel')).toContain('noopener');
    expect(within(list).getByRole('button', { name: 'Open chat', ...inList })).toBeInTheDocument();
  });

  it('opens the chat, focuses its input, and Escape closes it returning focus to the group button', async () => {
    render(<FloatingActions />, { wrapper: withChat() });
    // The panel's code is only loaded on first open.
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Open chat', ...inList }));
    const dialog = await screen.findByRole('dialog', { name: 'Chat with us' });
    expect(screen.getAllByRole('button', { name: 'Close chat' })[1]).toHaveAttribute('aria-expanded', 'true');
    const input = within(dialog).getByRole('textbox', { name: 'Type your message' });
    await waitFor(() => expect(input).toHaveFocus());
    fireEvent.keyDown(input, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Contact us' })).toHaveFocus();
  });

  it('keeps the conversation when the chat is closed and opened again', async () => {
    const user = userEvent.setup();
    render(<FloatingActions random={() => 0} />, { wrapper: withChat() });
    fireEvent.click(screen.getByRole('button', { name: 'Open chat', ...inList }));
    const input = await screen.findByRole('textbox', { name: 'Type your message' });
    await user.type(input, 'training{Enter}');
    // The group's own button closes the chat while it is open.
    await user.click(screen.getAllByRole('button', { name: 'Close chat' })[1]!);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Open chat', ...inList }));
    await screen.findByRole('dialog', { name: 'Chat with us' });
    expect(userMessages()).toEqual(['You: training']);
  });

  it('offers the way back to the top only past 500 px (SPEC §4)', () => {
    const scrollTo = vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
    render(<FloatingActions />, { wrapper: withChat() });
    expect(screen.queryByRole('button', { name: 'Back to top', ...inList })).not.toBeInTheDocument();
    scrollWindowTo(500);
    expect(screen.queryByRole('button', { name: 'Back to top', ...inList })).not.toBeInTheDocument();
    scrollWindowTo(501);
    fireEvent.click(screen.getByRole('button', { name: 'Back to top', ...inList }));
    expect(scrollTo).toHaveBeenCalledWith(expect.objectContaining({ top: 0 }));
    expect(screen.getByRole('button', { name: 'Contact us' })).toHaveFocus();
    scrollWindowTo(100);
    expect(screen.queryByRole('button', { name: 'Back to top', ...inList })).not.toBeInTheDocument();
  });
});
