import type { LightMyRequestResponse } from 'fastify';
import { PDFParse } from 'pdf-parse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AdminSiteSettings, DEFAULT_COMPANY, type Service } from '@capstan/shared';
import { PUBLIC_CACHE_CONTROL } from '../../src/modules/catalogue/cached-json-reply';
import { specSheetFileName } from '../../src/modules/spec-sheet/spec-sheet.service';
import { bearer, createTestApp, type TestApp } from '../helpers/test-app';
import { createMachine, createPart, pngFile, sendForm } from '../helpers/items';

let t: TestApp;
let token: string;

beforeAll(async () => {
  t = await createTestApp();
  token = await t.login();
});
afterAll(async () => t.close());

const unknownId = '00000000-0000-4000-8000-000000000000';
const sheetUrl = (id: string) => `/product/${id}/spec-sheet.pdf`;
const getSheet = (id: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url: sheetUrl(id), headers });

/** The text a reader gets out of the PDF (pdf.js through pdf-parse), and its page count. */
async function readPdf(bytes: Buffer): Promise<{ text: string; pages: number; pageTexts: string[] }> {
  const parser = new PDFParse({ data: new Uint8Array(bytes) });
  // Lines are joined so that a value the layout wrapped is still found whole.
  const flat = (text: string) => text.replace(/\s+/g, ' ');
  try {
    const result = await parser.getText();
    return { text: flat(result.text), pages: result.total, pageTexts: result.pages.map((page) => flat(page.text)) };
  } finally {
    await parser.destroy();
  }
}

function expectPdf(response: LightMyRequestResponse) {
  expect(response.statusCode, response.body.slice(0, 200)).toBe(200);
  expect(response.headers['content-type']).toBe('application/pdf');
  expect(response.headers['content-encoding']).toBeUndefined();
  expect(response.headers['cache-control']).toBe(PUBLIC_CACHE_CONTROL);
  expect(response.headers['etag']).toMatch(/^"[A-Za-z0-9_-]+"$/);
  expect(response.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  // Chrome's PDF viewer is blocked by the pages' object-src 'none' (decision 033).
  expect(response.headers['content-security-policy']).toBe("frame-ancestors 'self'");
  expect(response.headers['x-frame-options']).toBe('SAMEORIGIN');
  expect(response.headers['x-content-type-options']).toBe('nosniff');
}

async function createService(overrides: Record<string, unknown> = {}): Promise<Service> {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/services',
    headers: bearer(token),
    payload: {
      name: 'Capstan Lathe Reconditioning',
      description: 'Strip-down, regrinding of the slideways and a new spindle bearing set.',
      specification: { Duration: '10-12 days', Warranty: '6 months' },
      images: [],
      featured: false,
      ...overrides,
    },
  });
  if (response.statusCode !== 201) throw new Error(`create service: ${response.statusCode} ${response.body}`);
  return response.json<Service>();
}

describe('GET /product/{id}/spec-sheet.pdf', () => {
  it('prints a priced machine: category, code, name, ₹ price, features, typed specifications, company contact and the page URL', async () => {
    const machine = await createMachine(
      t,
      token,
      {
        name: 'Heavy Duty Capstan Lathe',
        code: 'NP-38',
        category: 'capstan-lathe',
        price: '1500000',
        features: JSON.stringify(['Hardened and ground spindle', 'Six-station turret']),
        specifications: JSON.stringify([
          { key: 'Bar Capacity', value: '', number: 38, unit: 'mm' },
          { key: 'Spindle Speed', value: 'max', number: 2000, unit: 'rpm' },
          { key: 'Taper Angle', value: '', number: 7.5, unit: '°' },
          { key: 'Turret Stations', value: '', number: 6 },
          { key: 'Lathe Weight', value: '', number: 100000, unit: 'kg' },
          { key: 'Finish', value: 'Epoxy blue' },
        ]),
      },
      [await pngFile('front.png', '#f97316')],
    );
    const response = await getSheet(machine.id);
    expectPdf(response);
    expect(response.headers['content-disposition']).toBe(
      `inline; filename="NP-38-Heavy-Duty-Capstan-Lathe-spec-sheet.pdf"; filename*=UTF-8''NP-38-Heavy-Duty-Capstan-Lathe-spec-sheet.pdf`,
    );

    const { text, pages } = await readPdf(response.rawPayload);
    expect(pages).toBeGreaterThanOrEqual(1);
    expect(pages).toBeLessThanOrEqual(2);
    expect(text).toContain('CAPSTAN LATHE');
    expect(text).toContain('Heavy Duty Capstan Lathe');
    expect(text).toContain('Model NP-38');
    // The rupee sign survives: the embedded font has it and maps it back to U+20B9.
    expect(text).toContain('₹15,00,000');
    expect(text).not.toContain('Price on request');
    expect(text).toContain('Hardened and ground spindle');
    expect(text).toContain('Six-station turret');
    // Printed as formatSpecification prints them: Indian grouping, unit, remark.
    for (const row of [
      'Bar Capacity 38 mm',
      'Spindle Speed 2,000 rpm (max)',
      'Taper Angle 7.5°',
      'Turret Stations 6',
      'Lathe Weight 1,00,000 kg',
      'Finish Epoxy blue',
    ]) {
      expect(text).toContain(row);
    }
    expect(text).toContain(DEFAULT_COMPANY.name);
    expect(text).toContain(DEFAULT_COMPANY.phones[0]?.number);
    expect(text).toContain(DEFAULT_COMPANY.email);
    // The layout wraps the printed URL at '/' and '-'.
    expect(text.replace(/ /g, '')).toContain(`${t.config.publicUrl}/product/${machine.id}`);

    // The picture went in as a JPEG (the PDF format has no WebP).
    const raw = response.rawPayload.toString('latin1');
    expect(raw).toMatch(/\/Subtype \/Image/);
    expect(raw).toContain('/DCTDecode');
  });

  it('says "Price on request" for an unpriced spare part and for a service, and draws no picture without one', async () => {
    const part = await createPart(t, token, { name: 'Spring Collet 25 mm', code: 'NP38-COL-25', price: '' });
    const partSheet = await getSheet(part.id);
    expectPdf(partSheet);
    const partText = (await readPdf(partSheet.rawPayload)).text;
    expect(partText).toContain('Spring Collet 25 mm');
    expect(partText).toContain('SPARE PART');
    expect(partText).toContain('Part no. NP38-COL-25');
    expect(partText).toContain('Price on request');
    expect(partText).not.toContain('₹');
    expect(partText).toContain('Material EN-31 spring steel');
    expect(partSheet.rawPayload.toString('latin1')).not.toMatch(/\/Subtype \/Image/);

    const service = await createService({ code: 'SVC-REC-01' });
    const serviceSheet = await getSheet(service.id);
    expectPdf(serviceSheet);
    const serviceText = (await readPdf(serviceSheet.rawPayload)).text;
    expect(serviceText).toContain('Capstan Lathe Reconditioning');
    expect(serviceText).toContain('Service code SVC-REC-01');
    expect(serviceText).toContain('Price on request');
    expect(serviceText).toContain('Duration 10-12 days');
  });

  it('answers 404 with a JSON message for an unknown or malformed id', async () => {
    for (const id of [unknownId, 'not-an-id']) {
      const response = await getSheet(id);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ message: 'Product not found' });
    }
  });

  it('keeps the largest item the forms allow within two pages and points to the page for the rest', async () => {
    const specifications = Object.fromEntries(
      Array.from({ length: 50 }, (_, index) => [`Specification ${index + 1}`, `${'long value '.repeat(45)}end`]),
    );
    const machine = await createMachine(t, token, {
      name: 'Largest Sheet Lathe',
      description: 'A description that goes on. '.repeat(178),
      features: JSON.stringify(
        Array.from({ length: 30 }, (_, index) => `Feature ${index + 1} ${'detail '.repeat(20)}`),
      ),
      specifications: JSON.stringify(specifications),
    });
    const response = await getSheet(machine.id);
    expectPdf(response);
    const { text, pages, pageTexts } = await readPdf(response.rawPayload);
    expect(pages).toBe(2);
    // A section heading never stands alone at the foot of a page: rows follow it on the same page.
    for (const pageText of pageTexts) {
      if (/Technical specifications(?! \(continued\))/.test(pageText)) expect(pageText).toContain('Specification 1 ');
    }
    expect(pageTexts[1]).toMatch(/Technical specifications.*Specification \d+ /);
    expect(text).toContain('Specification 1 ');
    expect(text).toContain('Feature 12 ');
    expect(text).not.toContain('Feature 13 ');
    expect(text).toContain('+ 18 more key features on the product page');
    expect(text).toMatch(/\+ \d+ more specifications on the product page/);
    // The contact block closes the sheet even when the table was cut.
    expect(text).toContain(DEFAULT_COMPANY.phones[0]?.number);
  });

  it('is cached: the same bytes until the item changes, 304 for a current copy, new bytes after an edit', async () => {
    const machine = await createMachine(t, token, { name: 'Cache Check Lathe', price: '250000' });
    const first = await getSheet(machine.id);
    const second = await getSheet(machine.id);
    expectPdf(first);
    expect(second.rawPayload.equals(first.rawPayload)).toBe(true);
    expect(second.headers['etag']).toBe(first.headers['etag']);

    // A PDF's streams are compressed already: sent as they are to a client that accepts br or gzip.
    const asked = await getSheet(machine.id, { 'accept-encoding': 'br, gzip' });
    expect(asked.headers['content-encoding']).toBeUndefined();
    expect(asked.rawPayload.equals(first.rawPayload)).toBe(true);

    const notModified = await getSheet(machine.id, { 'if-none-match': String(first.headers['etag']) });
    expect(notModified.statusCode).toBe(304);
    expect(notModified.rawPayload.length).toBe(0);

    const edited = await sendForm(t, token, 'PUT', `/api/products/${machine.id}`, { price: '275000' });
    expect(edited.statusCode, edited.body).toBe(200);
    const after = await getSheet(machine.id);
    expectPdf(after);
    expect(after.rawPayload.equals(first.rawPayload)).toBe(false);
    expect(after.headers['etag']).not.toBe(first.headers['etag']);
    const text = (await readPdf(after.rawPayload)).text;
    expect(text).toContain('₹2,75,000');
    expect(text).not.toContain('₹2,50,000');
    expect((await getSheet(machine.id)).rawPayload.equals(after.rawPayload)).toBe(true);
  });

  it('prints the company details from the site settings, and a save there renders the sheet again', async () => {
    const part = await createPart(t, token, { name: 'Tool Post Bolt' });
    const before = await readPdf((await getSheet(part.id)).rawPayload);
    expect(before.text).toContain(DEFAULT_COMPANY.phones[0]?.number);

    const site = (
      await t.app.inject({ method: 'GET', url: '/api/admin/site', headers: bearer(token) })
    ).json<AdminSiteSettings>();
    const phones = [{ label: 'Sales', number: '+91 99999 00042' }, ...site.company.phones.slice(1)];
    const saved = await t.app.inject({
      method: 'PUT',
      url: '/api/site/company',
      headers: bearer(token),
      payload: { ...site.company, name: 'Kovai Spec Works', phones },
    });
    expect(saved.statusCode, saved.body).toBe(200);

    const after = await readPdf((await getSheet(part.id)).rawPayload);
    expect(after.text).toContain('+91 99999 00042');
    expect(after.text).toContain('Kovai Spec Works');
    expect(after.text).not.toContain(DEFAULT_COMPANY.phones[0]?.number);
  });
});

describe('specSheetFileName', () => {
  it('keeps letters, digits, dot, dash and underscore, and falls back for a name with none', () => {
    expect(specSheetFileName({ name: 'Spring Collet 25 mm', code: 'NP38-COL-25' })).toBe(
      'NP38-COL-25-Spring-Collet-25-mm-spec-sheet.pdf',
    );
    expect(specSheetFileName({ name: 'Ø 25 / "collet"' })).toBe('25-collet-spec-sheet.pdf');
    expect(specSheetFileName({ name: 'கோவை' })).toBe('spec-sheet.pdf');
  });

  it('names the code once when the name already carries it', () => {
    expect(specSheetFileName({ name: 'NP-38 All-Geared Capstan Lathe', code: 'NP-38' })).toBe(
      'NP-38-All-Geared-Capstan-Lathe-spec-sheet.pdf',
    );
    expect(specSheetFileName({ name: 'Turret for np-38 lathes', code: 'NP-38' })).toBe(
      'Turret-for-np-38-lathes-spec-sheet.pdf',
    );
    // A longer code that merely starts like a word of the name is still added.
    expect(specSheetFileName({ name: 'NP-38 Capstan Lathe', code: 'NP-3' })).toBe(
      'NP-3-NP-38-Capstan-Lathe-spec-sheet.pdf',
    );
    expect(specSheetFileName({ name: 'Code only', code: 'கோ' })).toBe('Code-only-spec-sheet.pdf');
  });
});
