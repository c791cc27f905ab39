import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type AuditPage,
  type ChatContent,
  type ChatItemsAnswer,
  DEFAULT_CHAT,
  DEFAULT_CHAT_TRANSLATIONS,
  type ItemTermsDefaults,
  SITE_STALE_EDIT_MESSAGE,
} from '@capstan/shared';
import { updateSitePart } from '../../src/modules/site/site.repository';
import { createMachine, createPart, sendForm } from '../helpers/items';
import { ADMIN_EMAIL, bearer, createTestApp, type TestApp } from '../helpers/test-app';

let t: TestApp;
let token: string;
const ids: Record<string, string> = {};

beforeAll(async () => {
  t = await createTestApp();
  token = await t.login();
  ids.np38 = (
    await createMachine(t, token, { name: 'NP-38 All-Geared Capstan Lathe', code: 'NP-38', price: '1890000' })
  ).id;
  ids.np25 = (
    await createMachine(t, token, { name: 'NP-25 All-Geared Capstan Lathe', code: 'NP-25', price: '1540000' })
  ).id;
  ids.cnc = (
    await createMachine(t, token, {
      name: 'KT-80 Heavy-Duty Slant-Bed CNC Lathe',
      code: 'KT-80',
      availability: 'made_to_order',
      leadTimeMinWeeks: '6',
      leadTimeMaxWeeks: '8',
      warrantyMonths: '36',
    })
  ).id;
  ids.collet16 = (await createPart(t, token, { name: 'Spring Collet 16 mm', code: 'NP38-COL-16', price: '2350' })).id;
  ids.collet25 = (await createPart(t, token, { name: 'Spring Collet 25 mm', code: 'NP38-COL-25', price: '3150' })).id;
  const service = await t.app.inject({
    method: 'POST',
    url: '/api/services',
    headers: bearer(token),
    payload: { name: 'Annual Maintenance Contract', description: 'Preventive visits and calibration.', images: [] },
  });
  ids.amc = service.json<{ id: string }>().id;
});
afterAll(async () => t.close());

const ask = async (q: string) => {
  const response = await t.app.inject({ method: 'GET', url: `/api/chat/items?q=${encodeURIComponent(q)}` });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<ChatItemsAnswer>();
};
const names = (answer: ChatItemsAnswer) => answer.items.map((item) => item.name);

describe('GET /api/chat/items: the items a chat message names', () => {
  it.each(['What is the price of NP-38?', 'np38 price', 'NP 38 price', 'price of the np-38 please'])(
    'finds the NP-38 by its code in %j, with its catalogue price and link data',
    async (q) => {
      const answer = await ask(q);
      expect(answer.match).toBe('code');
      expect(answer.total).toBe(1);
      expect(answer.items).toEqual([
        {
          id: ids.np38,
          kind: 'machine',
          name: 'NP-38 All-Geared Capstan Lathe',
          code: 'NP-38',
          // Its Request Quote preselects the machine's own category as the service.
          category: 'machine',
          price: 1890000,
          // No terms of its own: the machines' defaults.
          availability: { status: 'made_to_order', leadTimeWeeks: { min: 4, max: 6 } },
          warranty: { months: 24 },
        },
      ]);
    },
  );

  it('reads a longer code before the shorter one inside it', async () => {
    const answer = await ask('Do you have NP38-COL-25 in stock?');
    expect(answer.match).toBe('code');
    expect(names(answer)).toEqual(['Spring Collet 25 mm']);
  });

  it('names an unpriced machine with a null price, and a service (never priced) by its whole name', async () => {
    expect((await ask('KT 80 cost?')).items[0]).toMatchObject({
      id: ids.cnc,
      price: null,
      // Its own terms, as its page says them.
      availability: { status: 'made_to_order', leadTimeWeeks: { min: 6, max: 8 } },
      warranty: { months: 36 },
    });
    const service = await ask('How much is the annual maintenance contract?');
    expect(service.match).toBe('name');
    expect(service.items).toEqual([
      {
        id: ids.amc,
        kind: 'service',
        name: 'Annual Maintenance Contract',
        code: null,
        category: null,
        price: null,
        availability: null,
        warranty: null,
      },
    ]);
  });

  it('finds items by a phrase inside their names once the question’s own words are left out', async () => {
    const answer = await ask('what is the price of a spring collet?');
    expect(answer.match).toBe('phrase');
    expect(answer.phrase).toBe('spring collet');
    expect(names(answer)).toEqual(['Spring Collet 16 mm', 'Spring Collet 25 mm']);
  });

  it('lists at most three, machines first, and counts them all', async () => {
    await createPart(t, token, { name: 'Capstan Lathe Indexing Pin', code: 'NP-PIN-1' });
    const lathes = await ask('price of a lathe');
    expect(lathes.match).toBe('phrase');
    expect(lathes.total).toBe(4);
    expect(lathes.items.map((item) => item.kind)).toEqual(['machine', 'machine', 'machine']);
    // Words that are not together in any name name nothing.
    expect((await ask('capstan lathe or collet')).match).toBeNull();
  });

  it('names nothing in a message without codes or names', async () => {
    for (const q of ['Hello', 'What is the delivery time?', 'warranty', '12 months?']) {
      expect(await ask(q), q).toEqual({ items: [], total: 0, match: null, phrase: '' });
    }
  });

  it('answers from the current catalogue after an item changes', async () => {
    expect((await ask('NP-25 price')).items[0]?.price).toBe(1540000);
    const response = await sendForm(t, token, 'PUT', `/api/products/${ids.np25}`, { price: '1600000' });
    expect(response.statusCode, response.body).toBe(200);
    expect((await ask('NP-25 price')).items[0]?.price).toBe(1600000);
  });

  it('gives a spare part its kind’s default terms, and follows a change of the defaults at once', async () => {
    expect((await ask('NP38-COL-16')).items[0]).toMatchObject({
      category: null,
      availability: { status: 'in_stock', leadTimeWeeks: null },
      warranty: { months: 12 },
    });
    const terms = await t.app.inject({ method: 'GET', url: '/api/site/terms' });
    const saved = await t.app.inject({
      method: 'PUT',
      url: '/api/site/terms',
      headers: bearer(token),
      payload: {
        ...terms.json<ItemTermsDefaults>(),
        spare: { availability: 'in_stock', leadTimeWeeks: null, warrantyMonths: 6 },
      },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await ask('NP38-COL-16')).items[0]?.warranty).toEqual({ months: 6 });
  });

  it('refuses an empty or overlong message with 400', async () => {
    for (const url of ['/api/chat/items', '/api/chat/items?q=%20', `/api/chat/items?q=${'a'.repeat(301)}`]) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(400);
      expect(response.json<{ message: string }>().message).toBeTruthy();
    }
  });

  it('is cached like the other public reads (ETag, 304)', async () => {
    const first = await t.app.inject({ method: 'GET', url: '/api/chat/items?q=NP-38' });
    expect(first.headers['cache-control']).toMatch(/public/);
    const again = await t.app.inject({
      method: 'GET',
      url: '/api/chat/items?q=np-38',
      headers: { 'if-none-match': String(first.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
  });
});

const getChat = async () => {
  const response = await t.app.inject({ method: 'GET', url: '/api/site/chat' });
  expect(response.statusCode).toBe(200);
  return response.json<ChatContent>();
};
const putChat = (payload: object, auth = true) =>
  t.app.inject({ method: 'PUT', url: '/api/site/chat', payload, headers: auth ? bearer(token) : {} });
const chatEntries = async () => {
  const response = await t.app.inject({ method: 'GET', url: '/api/admin/activity', headers: bearer(token) });
  return response.json<AuditPage>().entries.filter((entry) => entry.action === 'site.chat');
};

describe('the chat’s scripted texts (Site → Chat)', () => {
  it('an empty database answers the seeded texts, which leave delivery and warranty figures to the terms', async () => {
    const { updatedAt, ...chat } = await getChat();
    expect(chat).toEqual({ ...DEFAULT_CHAT, translations: DEFAULT_CHAT_TRANSLATIONS });
    expect(updatedAt).toMatch(/^\d{4}-/);
    // Each kind's default terms (decision 051) say those; a copy here would go stale.
    expect(JSON.stringify(chat)).not.toMatch(/\d+(-| )(month|week)/);
    expect(chat.answers.warranty).toContain('extended up to 5 years');
    const admin = await t.app.inject({ method: 'GET', url: '/api/admin/site/chat', headers: bearer(token) });
    expect(admin.json<ChatContent>()).toEqual({ ...chat, updatedAt });
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/site/chat' })).statusCode).toBe(401);
  });

  it('staff save an answer: the public read shows it at once, and the audit names the change', async () => {
    const before = await getChat();
    const first = await t.app.inject({ method: 'GET', url: '/api/site/chat' });
    const delivery = 'Delivery takes 3-5 weeks for lathes from order confirmation.';
    const saved = await putChat({ ...before, answers: { ...before.answers, delivery } });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json<ChatContent>().answers.delivery).toBe(delivery);

    const after = await t.app.inject({ method: 'GET', url: '/api/site/chat' });
    expect(after.headers.etag).not.toBe(first.headers.etag);
    const chat = after.json<ChatContent>();
    expect(chat.answers.delivery).toBe(delivery);
    // Every other text is as it was.
    expect({ ...chat, answers: { ...chat.answers, delivery: before.answers.delivery }, updatedAt: '' }).toEqual({
      ...before,
      updatedAt: '',
    });

    const [entry] = await chatEntries();
    expect(entry?.changes).toEqual({ 'answers.delivery': { before: DEFAULT_CHAT.answers.delivery, after: delivery } });
    expect(entry?.actor.email).toBe(ADMIN_EMAIL);
  });

  it('refuses a stale copy with 409 and keeps the newer save', async () => {
    const copy = await getChat();
    expect((await putChat({ ...copy, greeting: 'Namaste! Ask me anything.' })).statusCode).toBe(200);
    const stale = await putChat({ ...copy, greeting: 'Vanakkam!' });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toEqual({ message: SITE_STALE_EDIT_MESSAGE });
    expect((await getChat()).greeting).toBe('Namaste! Ask me anything.');
  });

  it.each([
    [
      'a blank answer',
      (chat: ChatContent) => ({ ...chat, answers: { ...chat.answers, price: '   ' } }),
      'answers.price',
    ],
    [
      'an overlong answer',
      (chat: ChatContent) => ({ ...chat, answers: { ...chat.answers, training: 'x'.repeat(1001) } }),
      'answers.training',
    ],
    [
      'a missing answer',
      (chat: ChatContent) => ({ ...chat, answers: { ...chat.answers, warranty: undefined } }),
      'answers.warranty',
    ],
    ['an overlong greeting', (chat: ChatContent) => ({ ...chat, greeting: 'x'.repeat(401) }), 'greeting'],
    ['a blank fallback', (chat: ChatContent) => ({ ...chat, fallback: '' }), 'fallback'],
    ['an unknown topic', (chat: ChatContent) => ({ ...chat, answers: { ...chat.answers, cricket: 'No.' } }), 'answers'],
  ])('refuses %s with a message for that field and saves nothing', async (_case, change, path) => {
    const before = await getChat();
    const response = await putChat(change(before));
    expect(response.statusCode).toBe(400);
    const body = response.json<{ issues: { path: (string | number)[]; message: string }[] }>();
    expect(
      body.issues.some((issue) => issue.path.join('.') === path && issue.message !== ''),
      JSON.stringify(body.issues),
    ).toBe(true);
    expect(await getChat()).toEqual(before);
  });

  it('needs a signed-in staff member to save', async () => {
    const before = await getChat();
    const response = await putChat({ ...before, greeting: 'Hi' }, false);
    expect(response.statusCode).toBe(401);
    expect(await getChat()).toEqual(before);
  });

  it('a stored copy from before an answer existed reads that answer’s default and keeps the rest', async () => {
    const { updatedAt, answers, ...rest } = await getChat();
    const { warranty: _missing, ...older } = answers;
    await updateSitePart(t.ctx.db, 'chat', { document: JSON.stringify({ ...rest, answers: older }), updatedAt });
    const admin = await t.app.inject({ method: 'GET', url: '/api/admin/site/chat', headers: bearer(token) });
    const chat = admin.json<ChatContent>();
    expect(chat.answers.warranty).toBe(DEFAULT_CHAT.answers.warranty);
    expect(chat.greeting).toBe(rest.greeting);
    expect(chat.answers.delivery).toBe(answers.delivery);
  });
});

describe('the chat’s texts in Tamil and Hindi (issue 38)', () => {
  const read = async (lang?: string) =>
    t.app.inject({ method: 'GET', url: `/api/site/chat${lang === undefined ? '' : `?lang=${lang}`}` });

  it('answers each language’s texts in place, English where staff left one untranslated', async () => {
    const copy = await getChat();
    const saved = await putChat({
      ...copy,
      translations: {
        // The seeded translations stay but where a text is emptied.
        ta: { greeting: 'வணக்கம்!', answers: { price: 'விலை பற்றி', training: '' }, fallback: '' },
        hi: { greeting: '', fallback: 'धन्यवाद!' },
      },
    });
    expect(saved.statusCode, saved.body).toBe(200);

    const tamil = (await read('ta')).json<ChatContent>();
    expect(tamil.greeting).toBe('வணக்கம்!');
    expect(tamil.answers.price).toBe('விலை பற்றி');
    expect(tamil.answers.training).toBe(copy.answers.training);
    expect(tamil.fallback).toBe(copy.fallback);
    expect(tamil.translations).toBeUndefined();

    expect(tamil.answers.delivery).toBe(DEFAULT_CHAT_TRANSLATIONS.ta?.answers?.delivery);

    const hindi = (await read('hi')).json<ChatContent>();
    expect(hindi.greeting).toBe(copy.greeting);
    expect(hindi.fallback).toBe('धन्यवाद!');

    // Without a language: English, with the translations beside it for whoever edits them.
    const english = (await read()).json<ChatContent>();
    expect(english.greeting).toBe(copy.greeting);
    expect(english.translations?.ta?.greeting).toBe('வணக்கம்!');
    expect((await read('fr')).statusCode).toBe(400);
  });

  it('patches translations on a save: absent keeps, empty removes, and the audit names the change', async () => {
    const copy = await getChat();
    const first = await putChat({ ...copy, translations: { ta: { greeting: 'வணக்கம், வாருங்கள்!' } } });
    expect(first.statusCode, first.body).toBe(200);
    // A save that sends no translations keeps them all.
    const second = await putChat({ ...first.json<ChatContent>(), translations: undefined, greeting: 'Hello there!' });
    expect(second.statusCode, second.body).toBe(200);
    expect((await read('ta')).json<ChatContent>().greeting).toBe('வணக்கம், வாருங்கள்!');
    expect((await read('ta')).json<ChatContent>().answers.price).toBe('விலை பற்றி');

    const [entry] = await chatEntries();
    expect(entry?.changes).toEqual({ greeting: { before: copy.greeting, after: 'Hello there!' } });

    const third = await putChat({ ...second.json<ChatContent>(), translations: { ta: { greeting: '' } } });
    expect(third.statusCode, third.body).toBe(200);
    expect((await read('ta')).json<ChatContent>().greeting).toBe('Hello there!');
    const [removed] = await chatEntries();
    expect(removed?.changes).toEqual({
      'translations.ta.greeting': { before: 'வணக்கம், வாருங்கள்!', after: null },
    });
  });

  it('refuses an overlong translation with the English field’s message and saves nothing', async () => {
    const before = await getChat();
    const english = await putChat({ ...before, answers: { ...before.answers, training: 'x'.repeat(1001) } });
    const translated = await putChat({ ...before, translations: { hi: { answers: { training: 'प'.repeat(1001) } } } });
    expect(translated.statusCode).toBe(400);
    const messageAt = (response: typeof english, path: string) =>
      response
        .json<{ issues: { path: (string | number)[]; message: string }[] }>()
        .issues.find((issue) => issue.path.join('.') === path)?.message;
    expect(messageAt(translated, 'translations.hi.answers.training')).toBe(messageAt(english, 'answers.training'));
    expect(messageAt(english, 'answers.training')).toBe('Training answer must be at most 1000 characters');
    expect(await getChat()).toEqual(before);
  });
});

describe('a database seeded before the chat had translations', () => {
  it('answers the seeded Tamil and Hindi until staff save their own texts', async () => {
    const fresh = await createTestApp();
    try {
      const seeded = await fresh.app.inject({ method: 'GET', url: '/api/site/chat?lang=ta' });
      expect(seeded.json<ChatContent>().greeting).toBe(DEFAULT_CHAT_TRANSLATIONS.ta?.greeting);
      const hindi = await fresh.app.inject({ method: 'GET', url: '/api/site/chat?lang=hi' });
      expect(hindi.json<ChatContent>().answers.warranty).toBe(DEFAULT_CHAT_TRANSLATIONS.hi?.answers?.warranty);

      // A copy staff saved before translations existed holds none: its English may not be the seed's.
      await updateSitePart(fresh.ctx.db, 'chat', {
        document: JSON.stringify({ ...DEFAULT_CHAT, greeting: 'Welcome to our works!' }),
        updatedAt: '2026-11-25T10:00:00.000Z',
      });
      const saved = await fresh.app.inject({
        method: 'GET',
        url: '/api/admin/site/chat',
        headers: bearer(await fresh.login()),
      });
      expect(saved.json<ChatContent>().translations).toEqual({});
    } finally {
      await fresh.close();
    }
  });
});
