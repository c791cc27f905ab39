import { describe, expect, it } from 'vitest';
import {
  type ChatItem,
  type ChatItemsAnswer,
  DEFAULT_CHAT,
  DEFAULT_ITEM_TERMS,
  formatItemTerms,
  type ItemTermsDefaults,
} from '@capstan/shared';
import { translatorFor } from '@/testing/locale';
import { chatReply, itemTermsText } from './chat-reply';

const NP38: ChatItem = {
  id: 'm1',
  kind: 'machine',
  name: 'NP-38 All-Geared Capstan Lathe',
  code: 'NP-38',
  category: 'capstan-lathe',
  price: 1890000,
  availability: { status: 'made_to_order', leadTimeWeeks: { min: 4, max: 6 } },
  warranty: { months: 24 },
};
const KT80: ChatItem = {
  id: 'm2',
  kind: 'machine',
  name: 'KT-80 Slant-Bed CNC Lathe',
  code: 'KT-80',
  category: 'capstan-lathe',
  price: null,
  availability: { status: 'made_to_order', leadTimeWeeks: { min: 6, max: 8 } },
  warranty: { months: 36 },
};
const AMC: ChatItem = {
  id: 's1',
  kind: 'service',
  name: 'Annual Maintenance Contract',
  code: null,
  category: null,
  price: null,
  availability: null,
  warranty: null,
};
const named = (
  items: ChatItem[],
  match: ChatItemsAnswer['match'],
  total = items.length,
  phrase = '',
): ChatItemsAnswer => ({ items, total, match, phrase });
const NONE = named([], null);
const DEFAULTS: ItemTermsDefaults = { ...DEFAULT_ITEM_TERMS, updatedAt: 'v1' };
const reply = (text: string, items: ChatItemsAnswer | null = NONE, defaults: ItemTermsDefaults | null = DEFAULTS) =>
  chatReply(text, DEFAULT_CHAT, items, defaults);

describe('chatReply: the scripted topics (SPEC §7)', () => {
  it('quotes the machine price range for "price" when no item is named', () => {
    const { text, items, offersContact } = reply('What is the PRICE of a capstan lathe?');
    expect(text).toContain('₹15,00,000');
    expect(text).toContain('₹45,00,000');
    expect(items).toEqual([]);
    expect(offersContact).toBe(false);
  });

  it.each(['Do you sell spare items?', 'I need parts for my lathe'])(
    'answers spare parts for %j, ending with their default terms',
    (text) => {
      const answer = reply(text).text;
      expect(answer).toContain('genuine spare parts');
      expect(answer).toMatch(/\n\nSpare parts: In stock\. 12-month warranty\.$/);
    },
  );

  it.each(['Maintenance contract?', 'Do you offer service?'])('quotes the maintenance range for %j', (text) => {
    expect(reply(text).text).toContain('₹28,000 to ₹85,000 per year');
  });

  it('describes specifications and training', () => {
    expect(reply('Send me the Specs').text).toContain('technical specification');
    expect(reply('Is TRAINING included?').text).toContain('3-10 days');
  });

  it('answers delivery and warranty with each kind’s default terms, as the settings say them', () => {
    const lines = 'Machines: Made to order: 4-6 weeks. 24-month warranty.\nSpare parts: In stock. 12-month warranty.';
    expect(reply('How long is delivery?').text).toBe(`${DEFAULT_CHAT.answers.delivery}\n\n${lines}`);
    const warranty = reply('What about warranty?').text;
    expect(warranty).toBe(`${DEFAULT_CHAT.answers.warranty}\n\n${lines}`);
    expect(warranty).toContain('extended up to 5 years');
    expect(warranty).not.toMatch(/months warranty/);

    const changed: ItemTermsDefaults = {
      ...DEFAULTS,
      machine: { availability: 'made_to_order', leadTimeWeeks: { min: 8, max: 10 }, warrantyMonths: 18 },
    };
    expect(reply('warranty?', NONE, changed).text).toContain('Machines: Made to order: 8-10 weeks. 18-month warranty.');
    // Without the defaults (their look-up failed) the staff's text alone.
    expect(reply('warranty?', NONE, null).text).toBe(DEFAULT_CHAT.answers.warranty);
  });

  it('follows the spec order when several keywords match', () => {
    expect(reply('warranty and price').text).toContain('₹15,00,000');
    expect(reply('delivery of spare parts').text).toContain('genuine spare parts');
    expect(reply('training as part of the service').text).toContain('₹28,000');
  });

  it('knows the topics asked in Tamil and Hindi too', () => {
    const texts = { ...DEFAULT_CHAT, answers: { ...DEFAULT_CHAT.answers, training: 'Two days at your works.' } };
    expect(chatReply('லேத் விலை என்ன?', DEFAULT_CHAT, NONE, DEFAULTS).text).toContain('₹15,00,000');
    expect(chatReply('कीमत क्या है?', DEFAULT_CHAT, NONE, DEFAULTS).text).toContain('₹15,00,000');
    expect(chatReply('ஆபரேட்டர் பயிற்சி உண்டா?', texts, NONE, DEFAULTS).text).toBe('Two days at your works.');
    expect(chatReply('क्या ट्रेनिंग मिलेगी?', texts, NONE, DEFAULTS).text).toBe('Two days at your works.');
    expect(chatReply('வணக்கம்', DEFAULT_CHAT, NONE, DEFAULTS).text).toBe(DEFAULT_CHAT.fallback);
  });

  it('answers with the texts staff saved', () => {
    const texts = { ...DEFAULT_CHAT, answers: { ...DEFAULT_CHAT.answers, training: 'Two days at your works.' } };
    expect(chatReply('training?', texts, NONE, DEFAULTS).text).toBe('Two days at your works.');
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

  it('answers delivery and warranty with the item’s own terms, not the defaults', () => {
    expect(reply('KT-80 delivery time?', named([KT80], 'code')).text).toBe(
      'KT-80 Slant-Bed CNC Lathe: Made to order: 6-8 weeks. 36-month warranty.',
    );
    expect(reply('np38 warranty', named([NP38], 'code')).text).toBe(
      'NP-38 All-Geared Capstan Lathe: Made to order: 4-6 weeks. 24-month warranty.',
    );
  });

  it('adds the topic’s answer after an item for other topics, and for a service’s delivery', () => {
    expect(reply('NP-38 spec', named([NP38], 'code')).text).toMatch(
      /^The catalogue price of the NP-38.*\n\nEvery machine comes with a full technical specification sheet/s,
    );
    expect(reply('contract delivery?', named([AMC], 'name')).text).toMatch(
      /^The Annual Maintenance Contract is priced on request.*\n\nDelivery times count from order confirmation/s,
    );
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

describe('chatReply in the page’s language', () => {
  const inTamil = translatorFor('ta').t;
  const inHindi = translatorFor('hi').t;

  it('words the kinds’ default terms after the staff’s answer, which stays as written', () => {
    expect(chatReply('delivery?', DEFAULT_CHAT, NONE, DEFAULTS, inTamil).text).toBe(
      `${DEFAULT_CHAT.answers.delivery}\n\nமெஷின்கள்: ஆர்டரின் பேரில் தயாரிப்பு: 4-6 வாரங்கள். 24 மாத வாரண்டி.\nஉதிரி பாகங்கள்: கையிருப்பில் உள்ளது. 12 மாத வாரண்டி.`,
    );
    expect(chatReply('delivery?', DEFAULT_CHAT, NONE, DEFAULTS, inHindi).text).toBe(
      `${DEFAULT_CHAT.answers.delivery}\n\nमशीनें: ऑर्डर पर तैयार: 4-6 हफ़्ते। 24 महीने की वारंटी।\nस्पेयर पार्ट्स: स्टॉक में उपलब्ध। 12 महीने की वारंटी।`,
    );
  });

  it('gives a named item’s price, or says it is priced on request', () => {
    expect(chatReply('NP-38', DEFAULT_CHAT, named([NP38], 'code'), DEFAULTS, inTamil).text).toBe(
      'NP-38 All-Geared Capstan Lathe-இன் கேட்டலாக் விலை ₹18,90,000.',
    );
    expect(chatReply('KT-80', DEFAULT_CHAT, named([KT80], 'code'), DEFAULTS, inHindi).text).toBe(
      'KT-80 Slant-Bed CNC Lathe की कीमत पूछने पर बताई जाती है: हमसे कोटेशन माँगें, हम कीमत के साथ जवाब देंगे।',
    );
    expect(chatReply('NP-38 or KT-80', DEFAULT_CHAT, named([NP38, KT80], 'code'), DEFAULTS, inTamil).text).toBe(
      '2 பொருட்கள் கிடைத்தன:',
    );
  });

  it('words a lead time of one week, and no warranty', () => {
    const terms: ItemTermsDefaults = {
      ...DEFAULTS,
      machine: { availability: 'made_to_order', leadTimeWeeks: { min: 1, max: 1 }, warrantyMonths: 0 },
    };
    expect(chatReply('warranty?', DEFAULT_CHAT, NONE, terms, inHindi).text).toContain(
      'मशीनें: ऑर्डर पर तैयार: 1 हफ़्ता। कोई वारंटी नहीं।',
    );
    expect(reply('warranty?', NONE, terms).text).toContain('Machines: Made to order: 1 week. No warranty.');
  });
});

describe('itemTermsText', () => {
  it('says in English what the shared formatItemTerms says (the product page and the spec sheet word them so)', () => {
    const cases: Pick<ChatItem, 'availability' | 'warranty'>[] = [
      { availability: { status: 'in_stock', leadTimeWeeks: null }, warranty: { months: 12 } },
      { availability: { status: 'made_to_order', leadTimeWeeks: { min: 1, max: 1 } }, warranty: { months: 0 } },
      { availability: { status: 'made_to_order', leadTimeWeeks: { min: 3, max: 3 } }, warranty: { months: 1 } },
      { availability: { status: 'made_to_order', leadTimeWeeks: { min: 6, max: 8 } }, warranty: { months: 120 } },
      { availability: { status: 'made_to_order', leadTimeWeeks: null }, warranty: { months: 24 } },
    ];
    for (const terms of cases) {
      const item = { ...NP38, ...terms } as ChatItem;
      expect(itemTermsText(item)).toBe(formatItemTerms({ availability: item.availability!, warranty: item.warranty! }));
    }
  });
});
