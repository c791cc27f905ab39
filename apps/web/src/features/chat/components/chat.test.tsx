import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ChatWidget } from './chat-widget';
import { buildSiteSettings, withSiteSettings } from '@/testing/site-settings';
import { FloatingActions } from './floating-actions';

function renderChat(random = () => 0.5) {
  const onClose = vi.fn();
  render(<ChatWidget open onClose={onClose} random={random} />, { wrapper: withSiteSettings() });
  return { onClose, input: screen.getByRole('textbox', { name: 'Type your message' }) };
}

const sendButton = () => screen.getByRole('button', { name: 'Send message' });
const log = () => screen.getByRole('log');
const userMessages = () => screen.queryAllByTestId('chat-user-message').map((m) => m.textContent);
function scrollWindowTo(y: number) {
  Object.defineProperty(window, 'scrollY', { value: y, configurable: true, writable: true });
  act(() => {
    window.dispatchEvent(new Event('scroll'));
  });
}

const botMessages = () => screen.queryAllByTestId('chat-bot-message').map((m) => m.textContent ?? '');

describe('ChatWidget', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('greets first, in a polite live log, and focuses the input', () => {
    const { input } = renderChat();
    expect(log()).toHaveAttribute('aria-live', 'polite');
    expect(botMessages()).toHaveLength(1);
    expect(botMessages()[0]).toMatch(/Hello!/);
    expect(input).toHaveFocus();
  });

  it('disables send and ignores blank input', () => {
    const { input } = renderChat();
    expect(sendButton()).toBeDisabled();
    fireEvent.change(input, { target: { value: '   ' } });
    expect(sendButton()).toBeDisabled();
    fireEvent.submit(input.closest('form')!);
    act(() => vi.advanceTimersByTime(3000));
    expect(userMessages()).toEqual([]);
    expect(botMessages()).toHaveLength(1);
    expect(screen.queryByText('Assistant is typing…')).not.toBeInTheDocument();
  });

  it('shows the typing indicator for 1000 + random*1000 ms, then the reply', () => {
    const { input } = renderChat(() => 0.5);
    fireEvent.change(input, { target: { value: '  What is the price?  ' } });
    expect(sendButton()).toBeEnabled();
    fireEvent.click(sendButton());
    expect(userMessages()).toEqual(['You: What is the price?']);
    expect(input).toHaveValue('');
    expect(screen.getByText('Assistant is typing…')).toBeInTheDocument();

    act(() => vi.advanceTimersByTime(1499));
    expect(botMessages()).toHaveLength(1);
    expect(screen.getByText('Assistant is typing…')).toBeInTheDocument();

    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByText('Assistant is typing…')).not.toBeInTheDocument();
    expect(botMessages()).toHaveLength(2);
    expect(botMessages()[1]).toContain('₹15,00,000 to ₹45,00,000');
  });

  it('sends on Enter', async () => {
    // user-event's keyboard needs real timers (Testing Library only auto-advances Jest's fakes).
    vi.useRealTimers();
    const user = userEvent.setup();
    const { input } = renderChat(() => 0);
    await user.type(input, 'training{Enter}');
    expect(userMessages()).toEqual(['You: training']);
    expect(screen.getByText('Assistant is typing…')).toBeInTheDocument();
    await waitFor(() => expect(botMessages()).toHaveLength(2), { timeout: 2000 });
    expect(botMessages()[1]).toContain('3-10 days');
  });

  it('waits at least 1 s and at most 2 s', () => {
    const { input } = renderChat(() => 0.999);
    fireEvent.change(input, { target: { value: 'delivery' } });
    fireEvent.click(sendButton());
    act(() => vi.advanceTimersByTime(1998));
    expect(botMessages()).toHaveLength(1);
    act(() => vi.advanceTimersByTime(2));
    expect(botMessages()[1]).toContain('4-6 weeks for lathes and 6-8 weeks for CNC');
  });

  it('replies with the default help pointing at the contact form and phone', () => {
    const { input } = renderChat(() => 0);
    fireEvent.change(input, { target: { value: 'Hello' } });
    fireEvent.click(sendButton());
    act(() => vi.advanceTimersByTime(1000));
    expect(botMessages()[1]).toMatch(/contact form.*\+91 98430 12345/);
  });

  it('closes on Escape', () => {
    const { input, onClose } = renderChat();
    fireEvent.keyDown(input, { key: 'Escape' });
    expect(onClose).toHaveBeenCalledTimes(1);
  });
});

// jsdom has no popover: its content stays `display: none`, so queries reach into it with `hidden`.
const inList = { hidden: true } as const;

describe('FloatingActions', () => {
  afterEach(() => scrollWindowTo(0));

  it('calls and messages the numbers staff set under Site, with their WhatsApp message', () => {
    const site = buildSiteSettings((settings) => {
      settings.company.phones = [{ label: 'Sales', number: '+91 99999 00001' }];
      settings.company.whatsapp = { number: '+91 88888 00002', message: 'Namaste, please call me back.' };
    });
    render(<FloatingActions />, { wrapper: withSiteSettings(site) });
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
    render(<FloatingActions />, { wrapper: withSiteSettings() });
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
    render(<FloatingActions />, { wrapper: withSiteSettings() });
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
    render(<FloatingActions random={() => 0} />, { wrapper: withSiteSettings() });
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
    render(<FloatingActions />, { wrapper: withSiteSettings() });
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
