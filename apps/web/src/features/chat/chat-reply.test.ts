import { describe, expect, it } from 'vitest';
import { type ChatItem, type ChatItemsAnswer, DEFAULT_CHAT } from '@capstan/shared';
import { chatReply } from './chat-reply';

const NP38: ChatItem = {
  id: 'm1',
  kind: 'machine',
  name: 'NP-38 All-Geared Capstan Lathe',
  code: 'NP-38',
  price: 1890000,
};
const KT80: ChatItem = { id: 'm2', kind: 'machine', name: 'KT-80 Slant-Bed CNC Lathe', code: 'KT-80', price: null };
const named = (
  items: ChatItem[],
  match: ChatItemsAnswer['match'],
  total = items.length,
  phrase = '',
): ChatItemsAnswer => ({
  items,
  total,
  match,
  phrase,
});
const NONE = named([], null);
const reply = (text: string, items: ChatItemsAnswer | null = NONE) => chatReply(text, DEFAULT_CHAT, items);

describe('chatReply: the scripted topics (SPEC §7)', () => {
  it('quotes the machine price range for "price" when no item is named', () => {
    const { text, items, offersContact } = reply('What is the PRICE of a capstan lathe?');
    expect(text).toContain('₹15,00,000');
    expect(text).toContain('₹45,00,000');
    expect(items).toEqual([]);
    expect(offersContact).toBe(false);
  });

  it.each(['Do you sell spare items?', 'I need parts for my lathe'])('answers spare parts for %j', (text) => {
    const answer = reply(text).text;
    expect(answer).toContain('spare parts');
    expect(answer).toContain('a 12-month warranty');
  });

  it.each(['Maintenance contract?', 'Do you offer service?'])('quotes the maintenance range for %j', (text) => {
    expect(reply(text).text).toContain('₹28,000 to ₹85,000 per year');
  });

  it('describes specifications, delivery and training', () => {
    expect(reply('Send me the Specs').text).toContain('technical specification');
    expect(reply('How long is delivery?').text).toContain('4-6 weeks for lathes and 6-8 weeks for CNC');
    expect(reply('Is TRAINING included?').text).toContain('3-10 days');
  });

  it('says "a 24-month warranty" and "a 12-month warranty", never "a 12 months warranty"', () => {
    const { text } = reply('What about warranty?');
    expect(text).toContain('a 24-month warranty, extendable up to 5 years');
    expect(text).toContain('a 12-month warranty');
    expect(text).not.toMatch(/months warranty/);
  });

  it('follows the spec order when several keywords match', () => {
    expect(reply('warranty and price').text).toContain('₹15,00,000');
    expect(reply('delivery of spare parts').text).toContain('genuine spare parts');
    expect(reply('training as part of the service').text).toContain('₹28,000');
  });

  it('answers with the texts staff saved', () => {
    const texts = {
      ...DEFAULT_CHAT,
      answers: { ...DEFAULT_CHAT.answers, delivery: 'Three weeks, anywhere in India.' },
    };
    expect(chatReply('delivery?', texts, NONE).text).toBe('Three weeks, anywhere in India.');
  });

  it('falls back to the staff’s fallback text and offers the quote form and WhatsApp', () => {
    const answer = reply('Hello there');
    expect(answer).toEqual({ text: DEFAULT_CHAT.fallback, items: [], more: null, offersContact: true });
    // The item look-up failing changes nothing about that.
    expect(reply('Hello there', null)).toEqual(answer);
  });
});

describe('chatReply: items the message names', () => {
  it('gives a named item’s catalogue price, not the range', () => {
    const answer = reply('NP-38 price', named([NP38], 'code'));
    expect(answer.text).toBe('The catalogue price of the NP-38 All-Geared Capstan Lathe is ₹18,90,000.');
    expect(answer.items).toEqual([NP38]);
    expect(answer.offersContact).toBe(false);
  });

  it('says "price on request" for an item without a price', () => {
    expect(reply('KT 80?', named([KT80], 'code')).text).toBe(
      'The KT-80 Slant-Bed CNC Lathe is priced on request: ask us for a quote and we will reply with a price.',
    );
  });

  it('adds the topic’s answer after the item for other topics', () => {
    const { text } = reply('NP-38 delivery', named([NP38], 'code'));
    expect(text).toMatch(/^The catalogue price of the NP-38.*\n\nDelivery takes 4-6 weeks/s);
  });

  it('lists several named items', () => {
    const answer = reply('NP-38 or KT-80', named([NP38, KT80], 'code'));
    expect(answer.text).toBe('I found 2 items:');
    expect(answer.items).toEqual([NP38, KT80]);
    expect(answer.more).toBeNull();
  });

  it('a phrase that matches many items answers a topic question with the topic, and a bare one with a list', () => {
    const lathes = named([NP38, KT80, { ...NP38, id: 'm3' }], 'phrase', 9, 'lathe');
    expect(reply('price of a lathe', lathes).text).toContain('₹15,00,000 to ₹45,00,000');
    const list = reply('lathe', lathes);
    expect(list.text).toBe('I found 9 items matching “lathe”. Here are the first 3:');
    expect(list.items).toHaveLength(3);
    expect(list.more).toEqual({ total: 9, phrase: 'lathe', kind: 'machine' });
  });
});
