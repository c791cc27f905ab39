import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DEMO_CATEGORY_NAMES,
  DEMO_SPECIFICATION_LABELS,
  DEMO_TRANSLATIONS,
  demoCatalogue,
} from '@capstan/demo-catalogue';
import type { Machine, MachineCategory, Service, SparePart } from '@capstan/shared';
import { seedDemoCatalogue } from '../../src/db/seed/seed';
import { createTestApp, type TestApp } from '../helpers/test-app';

// A fresh start shows every part of the catalogue model (rows only; pictures are
// demo-pictures.test.ts's business).

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await seedDemoCatalogue(t.ctx, demoCatalogue);
});
afterAll(async () => t.close());

const get = async <T>(url: string) => {
  const response = await t.app.inject({ method: 'GET', url });
  expect(response.statusCode, response.body).toBe(200);
  return { body: response.json<T>(), total: Number(response.headers['x-total-count']) };
};

describe('the seeded demo catalogue model', () => {
  it('puts every machine in one of the three categories, with counts and Tamil and Hindi names', async () => {
    const categories = (await get<MachineCategory[]>('/api/machine-categories')).body;
    const count = (slug: string) => demoCatalogue.machines.filter((m) => m.category === slug).length;
    expect(categories).toEqual([
      {
        slug: 'capstan-lathe',
        name: 'Capstan lathe',
        machineCount: count('capstan-lathe'),
        translations: DEMO_CATEGORY_NAMES['capstan-lathe'],
      },
      {
        slug: 'cnc-lathe',
        name: 'CNC lathe / turning centre',
        machineCount: count('cnc-lathe'),
        translations: DEMO_CATEGORY_NAMES['cnc-lathe'],
      },
      {
        slug: 'turret-lathe',
        name: 'Turret lathe',
        machineCount: count('turret-lathe'),
        translations: DEMO_CATEGORY_NAMES['turret-lathe'],
      },
    ]);
    expect(categories.every((c) => c.machineCount > 0)).toBe(true);
    expect((await get<Machine[]>('/api/products?category=machine')).total).toBe(demoCatalogue.machines.length);
  });

  it('gives NP-38 a code, typed specifications and the parts that fit it', async () => {
    const [entry] = (await get<Machine[]>('/api/products?q=NP-38')).body;
    expect(entry?.code).toBe('NP-38');
    const np38 = (await get<Machine>(`/api/products/${entry?.id}`)).body;
    expect(np38.category).toBe('capstan-lathe');
    expect(np38.specificationList.find((row) => row.key === 'Bar Capacity')).toEqual({
      key: 'Bar Capacity',
      value: 'round',
      number: 38,
      unit: 'mm',
    });
    expect(np38.specifications['Machine Weight']).toBe('1,650 kg');
    const fitting = demoCatalogue.spareParts.filter((p) => p.fits.includes('NP-38'));
    expect(np38.partsThatFit?.map((p) => p.code).sort()).toEqual(fitting.map((p) => p.code).sort());

    const parts = await get<SparePart[]>(`/api/spareparts?machine=${np38.id}&limit=100`);
    expect(parts.total).toBe(fitting.length);
    expect(parts.body.every((p) => p.fits?.includes(np38.id))).toBe(true);
  });

  it('answers a machine in Tamil and Hindi, labels of its specifications included', async () => {
    const [entry] = (await get<Machine[]>('/api/products?q=NP-38')).body;
    for (const locale of ['ta', 'hi'] as const) {
      const np38 = (await get<Machine>(`/api/products/${entry?.id}?lang=${locale}`)).body;
      const texts = DEMO_TRANSLATIONS['NP-38']?.[locale];
      expect(np38.name).toBe(texts?.name);
      expect(np38.description).toBe(texts?.description);
      expect(np38.features).toEqual(texts?.features);
      const barCapacity = DEMO_SPECIFICATION_LABELS[locale]['Bar Capacity'] ?? '';
      expect(np38.specificationList.find((row) => row.key === barCapacity)).toEqual({
        key: barCapacity,
        value: 'round',
        number: 38,
        unit: 'mm',
      });
      expect(np38.specifications).not.toHaveProperty('Bar Capacity');
    }
    // English readers see what they always saw.
    expect((await get<Machine>(`/api/products/${entry?.id}`)).body.name).toBe('NP-38 All-Geared Capstan Lathe');
  });

  it('answers a spare part in Tamil and a service in Hindi', async () => {
    const [collet] = (await get<SparePart[]>('/api/spareparts?q=NP38-COL-16')).body;
    const part = (await get<SparePart>(`/api/spareparts/${collet?.id}?lang=ta`)).body;
    expect(part.name).toBe(DEMO_TRANSLATIONS['NP38-COL-16']?.ta.name);
    expect(part.specs[DEMO_SPECIFICATION_LABELS.ta['Compatible Models'] ?? '']).toBe('NP-25, NP-38');

    const [amc] = (await get<Service[]>('/api/services?q=AMC')).body;
    const service = (await get<Service>(`/api/services/${amc?.id}?lang=hi`)).body;
    expect(service.name).toBe(DEMO_TRANSLATIONS['SVC-AMC-01']?.hi.name);
    expect(service.specification[DEMO_SPECIFICATION_LABELS.hi['Annual Fee'] ?? '']).toBe(
      '₹28,000 – ₹85,000 per machine',
    );
  });

  it('finds a part by its part number prefix', async () => {
    const found = (await get<SparePart[]>('/api/spareparts?q=NP38-COL')).body.map((p) => p.code);
    expect(found.sort()).toEqual(['NP38-COL-16', 'NP38-COL-25', 'NP38-COLH-19', 'NP38-COLSET-5']);
  });
});
