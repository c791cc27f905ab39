import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  CatalogueFacets,
  ChatItemsAnswer,
  Machine,
  MachineListEntry,
  Service,
  SparePart,
  TranslationGaps,
} from '@capstan/shared';
import { bearer, createTestApp, type TestApp } from '../helpers/test-app';
import { createMachine, createPart, sendForm } from '../helpers/items';

// Tamil and Hindi texts entered beside the English (decision 072): stored, patched field by field,
// answered in place with `?lang=`, found by search, and refused with the English field's message.

let t: TestApp;
let token: string;

beforeAll(async () => {
  t = await createTestApp();
  token = await t.login();
});
afterAll(async () => t.close());

const get = async <T>(url: string): Promise<{ status: number; body: T }> => {
  const response = await t.app.inject({ method: 'GET', url });
  return { status: response.statusCode, body: response.json<T>() };
};

const TAMIL = {
  name: 'என்பி-38 கேப்ஸ்டன் லேத்',
  description: '38 மிமீ வரை பார் வேலைக்கான முழு கியர் கேப்ஸ்டன் லேத்.',
  features: ['கடினப்படுத்தப்பட்ட படுக்கை', 'ஆறு நிலை டரட்'],
  specifications: { 'Bar Capacity': 'பார் கொள்ளளவு' },
};
const HINDI = { name: 'एनपी-38 कैप्सटन लेथ' };

describe('item translations', () => {
  let machine: Machine;

  beforeAll(async () => {
    const created = await createMachine(t, token, {
      name: 'NP-38 Capstan Lathe',
      code: 'NP-38-T',
      // Typed rows, so the filter panel offers them.
      specifications: JSON.stringify([
        { key: 'Bar Capacity', number: 38, unit: 'mm' },
        { key: 'Spindle Speed', value: '60-1800 rpm' },
        { key: 'Motor Power', number: 5, unit: 'HP' },
      ]),
      features: JSON.stringify(['Hardened bed', 'Six-station turret']),
      translations: JSON.stringify({ ta: TAMIL, hi: HINDI }),
    });
    machine = (await get<Machine>(`/api/products/${created.id}`)).body;
  });

  it('are stored and answered as `translations`', () => {
    expect(machine.translations).toEqual({ ta: TAMIL, hi: HINDI });
  });

  it('answer a language in place with ?lang, English where a field has none', async () => {
    const tamil = (await get<Machine>(`/api/products/${machine.id}?lang=ta`)).body;
    expect(tamil.name).toBe(TAMIL.name);
    expect(tamil.description).toBe(TAMIL.description);
    expect(tamil.features).toEqual(TAMIL.features);
    expect(tamil.specificationList.map((row) => row.key)).toEqual(['பார் கொள்ளளவு', 'Spindle Speed', 'Motor Power']);
    expect(Object.keys(tamil.specifications)).toContain('பார் கொள்ளளவு');
    expect(tamil.translations).toBeUndefined();
    // Hindi has a name only: the rest falls back to English field by field.
    const hindi = (await get<Machine>(`/api/products/${machine.id}?lang=hi`)).body;
    expect(hindi.name).toBe(HINDI.name);
    expect(hindi.description).toBe(machine.description);
    expect(hindi.features).toEqual(['Hardened bed', 'Six-station turret']);
    // English stays as it was.
    expect((await get<Machine>(`/api/products/${machine.id}`)).body.name).toBe('NP-38 Capstan Lathe');
  });

  it('answer lists, the featured list and favourites in the language asked', async () => {
    const list = await get<MachineListEntry[]>('/api/products?category=machine&lang=ta');
    expect(list.body.find((entry) => entry.id === machine.id)?.name).toBe(TAMIL.name);
    const favourites = await get<{ item: MachineListEntry }[]>(`/api/catalogue/items?ids=${machine.id}&lang=hi`);
    expect(favourites.body[0]?.item.name).toBe(HINDI.name);
  });

  it('name a machine’s spare parts in the language too', async () => {
    const part = await createPart(t, token, {
      code: 'COL-FIT',
      fits: JSON.stringify([machine.id]),
      translations: JSON.stringify({ hi: { name: 'स्प्रिंग कोलेट 20 मिमी' } }),
    });
    const hindi = (await get<Machine>(`/api/products/${machine.id}?lang=hi`)).body;
    expect(hindi.partsThatFit?.find((p) => p.id === part.id)?.name).toBe('स्प्रिंग कोलेट 20 मिमी');
    const tamil = (await get<Machine>(`/api/products/${machine.id}?lang=ta`)).body;
    expect(tamil.partsThatFit?.find((p) => p.id === part.id)).toEqual({
      id: part.id,
      name: 'Spring Collet 20 mm',
      code: 'COL-FIT',
      price: 1850,
    });
  });

  it('label the filter panel’s specifications as most items translate them', async () => {
    // A facet needs a few items with the specification: two more machines, one labelled otherwise.
    const labels: [code: string, label: string][] = [
      ['NP-38-T2', 'பார் அளவு'],
      ['NP-38-T3', TAMIL.specifications['Bar Capacity']],
    ];
    for (const [code, label] of labels) {
      await createMachine(t, token, {
        code,
        specifications: JSON.stringify([
          { key: 'Bar Capacity', number: 25, unit: 'mm' },
          { key: 'Motor Power', number: 3, unit: 'HP' },
        ]),
        translations: JSON.stringify({ ta: { specifications: { 'Bar Capacity': label } } }),
      });
    }
    const tamil = await get<CatalogueFacets>('/api/catalogue/facets?kind=machine&lang=ta');
    expect(tamil.status).toBe(200);
    // "Bar Capacity" is typed (25 mm): the NP-38 gives its Tamil label; Motor Power has none.
    expect(tamil.body.specs.map((spec) => spec.key)).toContain(TAMIL.specifications['Bar Capacity']);
    const english = await get<CatalogueFacets>('/api/catalogue/facets?kind=machine');
    expect(english.body.specs.map((spec) => spec.key)).toContain('Bar Capacity');
  });

  it('refuse an unknown language', async () => {
    expect((await get(`/api/products/${machine.id}?lang=fr`)).status).toBe(400);
    expect((await get('/api/spareparts?lang=en')).status).toBe(400);
  });

  it('are found by search in Tamil and Hindi, exact and by a word’s beginning', async () => {
    for (const q of ['கேப்ஸ்டன்', 'கேப்', 'कैप्सटन लेथ', 'कैप']) {
      const found = await get<MachineListEntry[]>(`/api/products?category=machine&q=${encodeURIComponent(q)}`);
      expect(
        found.body.map((entry) => entry.id),
        q,
      ).toContain(machine.id);
    }
    // Inside a word is not a word's beginning.
    const inside = await get<MachineListEntry[]>(`/api/products?category=machine&q=${encodeURIComponent('ப்ஸ்டன் x')}`);
    expect(inside.body.map((entry) => entry.id)).not.toContain(machine.id);
  });

  it('let the chat helper find an item by its Tamil name and name it in the page’s language', async () => {
    const message = `${TAMIL.name} விலை என்ன?`;
    const tamil = await get<ChatItemsAnswer>(`/api/chat/items?q=${encodeURIComponent(message)}&lang=ta`);
    expect(tamil.status).toBe(200);
    expect(tamil.body.items.map((item) => [item.id, item.name])).toContainEqual([machine.id, TAMIL.name]);
    const english = await get<ChatItemsAnswer>(`/api/chat/items?q=${encodeURIComponent(message)}`);
    expect(english.body.items.map((item) => [item.id, item.name])).toContainEqual([machine.id, 'NP-38 Capstan Lathe']);
  });

  it('are patched field by field: absent keeps, empty removes', async () => {
    const response = await sendForm(t, token, 'PUT', `/api/products/${machine.id}`, {
      translations: JSON.stringify({ ta: { name: 'புதிய பெயர்', features: '' } }),
    });
    expect(response.statusCode, response.body).toBe(200);
    const updated = response.json<Machine>();
    expect(updated.translations).toEqual({
      ta: { name: 'புதிய பெயர்', description: TAMIL.description, specifications: TAMIL.specifications },
      hi: HINDI,
    });
    // An update of another field keeps them whole.
    const other = await sendForm(t, token, 'PUT', `/api/products/${machine.id}`, { price: '1900000' });
    expect(other.json<Machine>().translations).toEqual(updated.translations);
  });

  it('refuse a translation over the English field’s limit with its message, and change nothing', async () => {
    const before = (await get<Machine>(`/api/products/${machine.id}`)).body;
    const response = await sendForm(t, token, 'PUT', `/api/products/${machine.id}`, {
      translations: JSON.stringify({ hi: { name: 'न'.repeat(201) } }),
    });
    expect(response.statusCode).toBe(400);
    expect(response.body).toContain('Name must be at most 200 characters');
    expect((await get<Machine>(`/api/products/${machine.id}`)).body).toEqual(before);
    const unknownField = await sendForm(t, token, 'PUT', `/api/products/${machine.id}`, {
      translations: JSON.stringify({ ta: { brand: 'x' } }),
    });
    expect(unknownField.statusCode).toBe(400);
  });

  it('are kept for spare parts and services too, and recorded in the audit trail', async () => {
    const part = await createPart(t, token, {
      code: 'COL-T',
      translations: JSON.stringify({ ta: { name: 'ஸ்பிரிங் கொலெட்' } }),
    });
    expect((await get<SparePart>(`/api/spareparts/${part.id}?lang=ta`)).body.name).toBe('ஸ்பிரிங் கொலெட்');
    const features = await sendForm(t, token, 'PUT', `/api/spareparts/${part.id}`, {
      translations: JSON.stringify({ ta: { features: ['x'] } }),
    });
    expect(features.statusCode).toBe(400);

    const service = await t.app.inject({
      method: 'POST',
      url: '/api/services',
      headers: bearer(token),
      payload: {
        name: 'Annual maintenance',
        description: 'Two visits a year.',
        translations: { hi: { name: 'वार्षिक रखरखाव' } },
      },
    });
    expect(service.statusCode, service.body).toBe(201);
    const id = service.json<Service>().id;
    expect((await get<Service>(`/api/services/${id}?lang=hi`)).body.name).toBe('वार्षिक रखरखाव');

    const audit = await t.app.inject({ method: 'GET', url: '/api/admin/activity', headers: bearer(token) });
    expect(audit.body).toContain('hi name: वार्षिक रखरखाव');
  });
});

describe('what staff have yet to translate', () => {
  it('is counted per kind, language and field', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/admin/catalogue/translations',
      headers: bearer(token),
    });
    expect(response.statusCode).toBe(200);
    const gaps = response.json<TranslationGaps>();
    const machines = gaps.machine;
    // The NP-38 above has a Tamil name, description and one of three labels, and a Hindi name only.
    expect(machines.total).toBeGreaterThanOrEqual(1);
    expect(machines.lacking.ta.name).toBe(machines.total - 1);
    expect(machines.lacking.ta.specifications).toBe(machines.total);
    expect(machines.lacking.hi.name).toBe(machines.total - 1);
    expect(machines.lacking.hi.description).toBe(machines.total);
    expect(gaps.service.lacking.hi.name).toBe(gaps.service.total - 1);
    expect(Object.keys(gaps.spare.lacking.ta)).toEqual(['name', 'description', 'specifications']);
    const visitor = await t.app.inject({ method: 'GET', url: '/api/admin/catalogue/translations' });
    expect(visitor.statusCode).toBe(401);
  });
});
