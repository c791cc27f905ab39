import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { chatApi, withChat } from '@/testing/chat-api';
import { FloatingActions } from './floating-actions';

const userMessages = () => screen.queryAllByTestId('chat-user-message').map((m) => m.textContent);
function scrollWindowTo(y: number) {
  Object.defineProperty(window, 'scrollY', { value: y, configurable: true, writable: true });
  act(() => {
    window.dispatchEvent(new Event('scroll'));
  });
}

describe('FloatingActions', () => {
  // The chat reads its texts when it opens.
  beforeEach(() => {
    chatApi();
  });
  afterEach(() => scrollWindowTo(0));

  it('opens the chat, focuses its input, and Escape closes it returning focus to its button', async () => {
    render(<FloatingActions />, { wrapper: withChat() });
    // The panel's code is only loaded on first open.
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Open chat' }));
    const dialog = await screen.findByRole('dialog', { name: 'Chat with us' });
    expect(screen.getAllByRole('button', { name: 'Close chat' })[1]).toHaveAttribute('aria-expanded', 'true');
    const input = within(dialog).getByRole('textbox', { name: 'Type your message' });
    await waitFor(() => expect(input).toHaveFocus());
    fireEvent.keyDown(input, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Open chat' })).toHaveFocus();
  });

  it('keeps the conversation when the chat is closed and opened again', async () => {
    const user = userEvent.setup({ delay: null });
    render(<FloatingActions random={() => 0} />, { wrapper: withChat() });
    fireEvent.click(screen.getByRole('button', { name: 'Open chat' }));
    const input = await screen.findByRole('textbox', { name: 'Type your message' });
    await user.type(input, 'training{Enter}');
    // The group's own button closes the chat while it is open.
    await user.click(screen.getAllByRole('button', { name: 'Close chat' })[1]!);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Open chat' }));
    await screen.findByRole('dialog', { name: 'Chat with us' });
    expect(userMessages()).toEqual(['You: training']);
  });
});
