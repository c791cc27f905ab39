import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type ChatItem, type ChatItemsAnswer, DEFAULT_CHAT } from '@capstan/shared';
import { chatApi, NO_CHAT_ITEMS, withChat } from '@/testing/chat-api';
import { inLocale } from '@/testing/locale';
import { withSiteSettings } from '@/testing/site-settings';
import { ChatWidget } from './chat-widget';
import { FloatingActions } from './floating-actions';

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
const KT80: ChatItem = { ...NP38, id: 'kt80-id', name: 'KT-80 Slant-Bed CNC Lathe', code: 'KT-80', price: null };
const lathes = (): ChatItemsAnswer => ({
  items: [NP38, KT80, { ...NP38, id: 'm3' }],
  total: 7,
  match: 'phrase',
  phrase: 'lathe',
});

async function renderChat(locale: 'ta' | 'hi') {
  render(<ChatWidget open onClose={() => undefined} random={() => 0} />, { wrapper: inLocale(locale, withChat()) });
  // The greeting arrives with the texts.
  await act(async () => {
    await vi.advanceTimersByTimeAsync(0);
  });
}

async function ask(input: HTMLElement, sendName: string, text: string) {
  fireEvent.change(input, { target: { value: text } });
  fireEvent.click(screen.getByRole('button', { name: sendName }));
  await act(async () => {
    await vi.advanceTimersByTimeAsync(2000);
  });
  return screen.getAllByTestId('chat-bot-message').at(-1)!;
}

describe('the chat in Tamil and Hindi', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('speaks Tamil around the staff’s texts, which stay as they are', async () => {
    chatApi({
      items: (q) =>
        q === 'NP-38 warranty' ? { ...NO_CHAT_ITEMS, items: [NP38], total: 1, match: 'code' } : NO_CHAT_ITEMS,
    });
    await renderChat('ta');
    const dialog = screen.getByRole('dialog', { name: 'எங்களுடன் சாட் செய்யுங்கள்' });
    expect(within(dialog).getByText('பொதுவாக உடனே பதில் வரும்')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'சாட்டை மூடு' })).toBeInTheDocument();
    expect(within(dialog).getByRole('log', { name: 'சாட் செய்திகள்' })).toBeInTheDocument();
    expect(screen.getAllByTestId('chat-bot-message')[0]).toHaveTextContent(`உதவியாளர்: ${DEFAULT_CHAT.greeting}`);
    const input = within(dialog).getByRole('textbox', { name: 'உங்கள் செய்தியை டைப் செய்யுங்கள்' });
    expect(input).toHaveAttribute('placeholder', 'உங்கள் செய்தியை டைப் செய்யுங்கள்...');
    expect(screen.queryByText('Chat with us')).not.toBeInTheDocument();

    // An item's own terms, worded in Tamil; its name is content.
    const terms = await ask(input, 'செய்தியை அனுப்பு', 'NP-38 warranty');
    expect(terms).toHaveTextContent(
      'NP-38 All-Geared Capstan Lathe: ஆர்டரின் பேரில் தயாரிப்பு: 4-6 வாரங்கள். 24 மாத வாரண்டி.',
    );
    expect(
      within(terms).getByRole('link', { name: 'விலைப்புள்ளி கேள்: NP-38 All-Geared Capstan Lathe' }),
    ).toBeInTheDocument();
    expect(screen.getAllByTestId('chat-user-message').at(-1)).toHaveTextContent('நீங்கள்: NP-38 warranty');

    // The staff's fallback stays as they wrote it; the offers under it are interface.
    const fallback = await ask(input, 'செய்தியை அனுப்பு', 'Hello there');
    expect(fallback).toHaveTextContent(DEFAULT_CHAT.fallback);
    expect(within(fallback).getByRole('link', { name: 'விலைப்புள்ளி கேளுங்கள்' })).toBeInTheDocument();
    expect(within(fallback).getByRole('link', { name: /^WhatsApp-ல் பேசுங்கள்/ })).toHaveTextContent(
      'WhatsApp-ல் பேசுங்கள் (புதிய டேபில் திறக்கும்)',
    );
    expect(within(fallback).queryByText('Request a quote')).not.toBeInTheDocument();
  });

  it('speaks Hindi: a list of matches, a price on request, and the way to see them all', async () => {
    chatApi({ items: lathes });
    await renderChat('hi');
    const input = screen.getByRole('textbox', { name: 'अपना संदेश लिखें' });
    const reply = await ask(input, 'संदेश भेजें', 'lathe');
    expect(reply).toHaveTextContent('“lathe” से मिलते-जुलते 7 आइटम मिले। ये रहे पहले 3:');
    expect(within(reply).getAllByText('₹18,90,000')).toHaveLength(2);
    expect(within(reply).getByText('कीमत के लिए संपर्क करें')).toBeInTheDocument();
    expect(within(reply).getAllByText('ऑर्डर पर तैयार: 4-6 हफ़्ते। 24 महीने की वारंटी।')).toHaveLength(3);
    expect(within(reply).getByRole('link', { name: 'कैटलॉग में सभी 7 देखें' })).toBeInTheDocument();
    expect(within(reply).queryByText(/Price on request|See all/)).not.toBeInTheDocument();
  });
});

describe('the floating actions in Tamil and Hindi', () => {
  it.each([
    ['ta', 'விரைவுத் தொடர்பு', 'WhatsApp-ல் பேசுங்கள் (புதிய டேபில் திறக்கும்)', 'சாட்டைத் திற'],
    ['hi', 'तुरंत संपर्क', 'WhatsApp पर बात करें (नए टैब में खुलेगा)', 'चैट खोलें'],
  ] as const)('names the group and its buttons in %s', (locale, group, whatsapp, openChat) => {
    render(<FloatingActions />, { wrapper: inLocale(locale, withSiteSettings()) });
    const buttons = screen.getByRole('group', { name: group });
    expect(within(buttons).getByRole('link', { name: whatsapp })).toBeInTheDocument();
    expect(within(buttons).getByRole('button', { name: openChat })).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('button', { name: 'Open chat' })).not.toBeInTheDocument();
  });
});
