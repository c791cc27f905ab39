import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CHAT_ITEMS_URL, type ChatItem, DEFAULT_CHAT, type PublicSiteSettings, SITE_CHAT_URL } from '@capstan/shared';
import { chatApi, NO_CHAT_ITEMS as NONE, withChat } from '@/testing/chat-api';
import { server } from '@/testing/mocks/server';
import { ChatWidget } from './chat-widget';

const NP38: ChatItem = {
  id: 'np38-id',
  kind: 'machine',
  name: 'NP-38 All-Geared Capstan Lathe',
  code: 'NP-38',
  category: 'capstan-lathe',
  price: 1890000,
  availability: { status: 'made_to_order', leadTimeWeeks: { min: 4, max: 6 } },
  warranty: { months: 24 },
};
const KT80: ChatItem = {
  id: 'kt80-id',
  kind: 'machine',
  name: 'KT-80 Slant-Bed CNC Lathe',
  code: 'KT-80',
  category: 'capstan-lathe',
  price: null,
  availability: { status: 'made_to_order', leadTimeWeeks: { min: 6, max: 8 } },
  warranty: { months: 36 },
};
async function renderChat(random = () => 0.5, site?: PublicSiteSettings) {
  const onClose = vi.fn();
  render(<ChatWidget open onClose={onClose} random={random} />, { wrapper: withChat(site) });
  // The greeting arrives with the texts.
  await act(async () => {
    await vi.advanceTimersByTimeAsync(0);
  });
  return { onClose, input: screen.getByRole('textbox', { name: 'Type your message' }) };
}

const sendButton = () => screen.getByRole('button', { name: 'Send message' });
const log = () => screen.getByRole('log');
const userMessages = () => screen.queryAllByTestId('chat-user-message').map((m) => m.textContent);
const botMessages = () => screen.queryAllByTestId('chat-bot-message').map((m) => m.textContent ?? '');
const lastBotMessage = () => screen.getAllByTestId('chat-bot-message').at(-1)!;

async function ask(input: HTMLElement, text: string, ms = 2000) {
  fireEvent.change(input, { target: { value: text } });
  fireEvent.click(sendButton());
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
}

describe('ChatWidget', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('greets first with the greeting staff set, in a polite live log, and focuses the input', async () => {
    chatApi({ texts: { ...DEFAULT_CHAT, greeting: 'Vanakkam! Ask me anything.', updatedAt: 'v2' } });
    const { input } = await renderChat();
    expect(log()).toHaveAttribute('aria-live', 'polite');
    expect(botMessages()).toEqual(['Assistant: Vanakkam! Ask me anything.']);
    expect(input).toHaveFocus();
  });

  it('greets with the seeded text when the texts cannot be read', async () => {
    server.use(http.get(SITE_CHAT_URL, () => HttpResponse.json({ message: 'down' }, { status: 500 })));
    await renderChat();
    expect(botMessages()).toEqual([`Assistant: ${DEFAULT_CHAT.greeting}`]);
  });

  it('disables send and ignores blank input', async () => {
    const asked = chatApi();
    const { input } = await renderChat();
    expect(sendButton()).toBeDisabled();
    fireEvent.change(input, { target: { value: '   ' } });
    expect(sendButton()).toBeDisabled();
    fireEvent.submit(input.closest('form')!);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(3000);
    });
    expect(userMessages()).toEqual([]);
    expect(botMessages()).toHaveLength(1);
    expect(asked).toEqual([]);
    expect(screen.queryByText('Assistant is typing…')).not.toBeInTheDocument();
  });

  it('shows the typing indicator for 1000 + random*1000 ms, then the reply', async () => {
    const asked = chatApi();
    const { input } = await renderChat(() => 0.5);
    fireEvent.change(input, { target: { value: '  What is the price?  ' } });
    expect(sendButton()).toBeEnabled();
    fireEvent.click(sendButton());
    expect(userMessages()).toEqual(['You: What is the price?']);
    expect(input).toHaveValue('');
    expect(screen.getByText('Assistant is typing…')).toBeInTheDocument();

    await act(async () => {
      await vi.advanceTimersByTimeAsync(1499);
    });
    expect(botMessages()).toHaveLength(1);
    expect(screen.getByText('Assistant is typing…')).toBeInTheDocument();

    await act(async () => {
      await vi.advanceTimersByTimeAsync(1);
    });
    expect(screen.queryByText('Assistant is typing…')).not.toBeInTheDocument();
    expect(botMessages()).toHaveLength(2);
    expect(botMessages()[1]).toContain('₹15,00,000 to ₹45,00,000');
    expect(asked).toEqual(['What is the price?']);
  });

  it('sends on Enter', async () => {
    // user-event's keyboard needs real timers (Testing Library only auto-advances Jest's fakes).
    vi.useRealTimers();
    chatApi();
    const user = userEvent.setup({ delay: null });
    render(<ChatWidget open onClose={() => {}} random={() => 0} />, { wrapper: withChat() });
    const input = screen.getByRole('textbox', { name: 'Type your message' });
    await user.type(input, 'training{Enter}');
    expect(userMessages()).toEqual(['You: training']);
    expect(screen.getByText('Assistant is typing…')).toBeInTheDocument();
    await waitFor(() => expect(botMessages()).toHaveLength(2));
    expect(botMessages()[1]).toContain('3-10 days');
  });

  it('waits at least 1 s and at most 2 s', async () => {
    chatApi();
    const { input } = await renderChat(() => 0.999);
    await ask(input, 'delivery', 1998);
    expect(botMessages()).toHaveLength(1);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(2);
    });
    expect(botMessages()[1]).toContain('Delivery times count from order confirmation');
  });

  it('ends the delivery answer with each kind’s default terms as staff set them', async () => {
    chatApi({
      terms: {
        machine: { availability: 'made_to_order', leadTimeWeeks: { min: 8, max: 10 }, warrantyMonths: 18 },
        spare: { availability: 'in_stock', leadTimeWeeks: null, warrantyMonths: 6 },
        updatedAt: 'v2',
      },
    });
    const { input } = await renderChat(() => 0);
    await ask(input, 'delivery?');
    expect(botMessages()[1]).toContain(
      'Machines: Made to order: 8-10 weeks. 18-month warranty.\nSpare parts: In stock. 6-month warranty.',
    );
  });

  it('answers with the answer staff saved', async () => {
    chatApi({
      texts: {
        ...DEFAULT_CHAT,
        answers: { ...DEFAULT_CHAT.answers, training: 'Two days at your works.' },
        updatedAt: 'v2',
      },
    });
    const { input } = await renderChat(() => 0);
    await ask(input, 'training?');
    expect(botMessages()[1]).toBe('Assistant: Two days at your works.');
  });

  it('gives a named item’s catalogue price with its page and a Request Quote for it', async () => {
    const asked = chatApi({
      items: (q) => (q === 'NP-38 price' ? { items: [NP38], total: 1, match: 'code', phrase: 'np38' } : NONE),
    });
    const { input, onClose } = await renderChat(() => 0);
    await ask(input, 'NP-38 price');
    expect(asked).toEqual(['NP-38 price']);
    const reply = lastBotMessage();
    expect(reply).toHaveTextContent('The catalogue price of the NP-38 All-Geared Capstan Lathe is ₹18,90,000.');
    expect(reply).not.toHaveTextContent('₹15,00,000');
    expect(within(reply).getByRole('link', { name: 'NP-38 All-Geared Capstan Lathe' })).toHaveAttribute(
      'href',
      '/product/np38-id',
    );
    const quote = within(reply).getByRole('link', { name: 'Request Quote: NP-38 All-Geared Capstan Lathe' });
    expect(quote).toHaveAttribute(
      'href',
      '/?service=capstan-lathe&product=NP-38%20All-Geared%20Capstan%20Lathe#contact',
    );
    // Following a link leaves the chat, so the page it opens is not under the panel.
    fireEvent.click(quote);
    expect(onClose).toHaveBeenCalled();
  });

  it('says "Price on request" for a named item without a price', async () => {
    chatApi({ items: () => ({ items: [KT80], total: 1, match: 'code', phrase: 'kt80' }) });
    const { input } = await renderChat(() => 0);
    await ask(input, 'kt80 price');
    const reply = lastBotMessage();
    expect(reply).toHaveTextContent('The KT-80 Slant-Bed CNC Lathe is priced on request');
    expect(reply).toHaveTextContent('Price on request');
    expect(within(reply).getByRole('link', { name: 'Request Quote: KT-80 Slant-Bed CNC Lathe' })).toBeInTheDocument();
  });

  it('answers a named item’s delivery with its own terms, shown on its card too', async () => {
    chatApi({ items: () => ({ items: [KT80], total: 1, match: 'code', phrase: 'kt80' }) });
    const { input } = await renderChat(() => 0);
    await ask(input, 'KT-80 delivery?');
    const reply = lastBotMessage();
    expect(reply).toHaveTextContent('KT-80 Slant-Bed CNC Lathe: Made to order: 6-8 weeks. 36-month warranty.');
    expect(within(reply).getByRole('listitem')).toHaveTextContent('Made to order: 6-8 weeks. 36-month warranty.');
    expect(reply).not.toHaveTextContent('Delivery times count');
  });

  it('lists several matches, each with its link, and a way to see them all', async () => {
    chatApi({
      items: () => ({
        items: [NP38, KT80, { ...NP38, id: 'np25-id', name: 'NP-25 Lathe' }],
        total: 5,
        match: 'phrase',
        phrase: 'lathe',
      }),
    });
    const { input } = await renderChat(() => 0);
    await ask(input, 'lathe');
    const reply = lastBotMessage();
    expect(reply).toHaveTextContent('I found 5 items matching “lathe”');
    expect(within(reply).getAllByRole('link', { name: /^Request Quote:/ })).toHaveLength(3);
    expect(within(reply).getByRole('link', { name: 'See all 5 in the catalogue' })).toHaveAttribute(
      'href',
      '/products?q=lathe',
    );
  });

  it('offers the quote form and WhatsApp, with the question, when it cannot help', async () => {
    chatApi();
    const { input } = await renderChat(() => 0);
    await ask(input, 'Hello');
    const reply = lastBotMessage();
    expect(reply).toHaveTextContent(DEFAULT_CHAT.fallback);
    expect(within(reply).getByRole('link', { name: 'Request a quote' })).toHaveAttribute(
      'href',
      '/?service=general#contact',
    );
    const whatsapp = within(reply).getByRole('link', { name: /WhatsApp us/ });
    expect(whatsapp).toHaveAttribute(
      'href',
      `https://wa.me/919843012345?text=${encodeURIComponent('Hello, I would like to know more about your machines.\n\nHello')}`,
    );
    expect(whatsapp).toHaveAttribute('target', '_blank');
  });

  it('still answers, with the offers, when the item look-up fails', async () => {
    chatApi();
    server.use(http.get(CHAT_ITEMS_URL, () => HttpResponse.json({ message: 'busy' }, { status: 503 })));
    const { input } = await renderChat(() => 0);
    await ask(input, 'NP-38?');
    const reply = lastBotMessage();
    expect(reply).toHaveTextContent(DEFAULT_CHAT.fallback);
    expect(within(reply).getByRole('link', { name: 'Request a quote' })).toBeInTheDocument();
  });

  it('closes on Escape', async () => {
    chatApi();
    const { input, onClose } = await renderChat();
    fireEvent.keyDown(input, { key: 'Escape' });
    expect(onClose).toHaveBeenCalledTimes(1);
  });
});
