import { inflateSync } from 'node:zlib';
import type { LightMyRequestResponse } from 'fastify';
import { PDFParse } from 'pdf-parse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_COMPANY, type DayHours, formatOpeningHours, INTL_LOCALES } from '@capstan/shared';
import { serverTranslator } from '../../src/i18n/server-translator';
import { openingHoursIn, priceIn, specSheetWords } from '../../src/modules/spec-sheet/spec-sheet-words';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { createMachine, createPart, sendForm } from '../helpers/items';

// The spec sheet in Tamil and Hindi (decision 073): the sheet's own words from the specSheet
// messages, the item's texts as staff translated them, values and units as they are, the Noto
// fonts embedded, one cached copy per language.

let t: TestApp;
let token: string;

beforeAll(async () => {
  t = await createTestApp();
  token = await t.login();
});
afterAll(async () => t.close());

const getSheet = (path: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url: path, headers });

/** What pdf.js (through pdf-parse) reads out of the PDF, lines joined. */
async function pdfText(bytes: Buffer): Promise<string> {
  const parser = new PDFParse({ data: new Uint8Array(bytes) });
  try {
    return (await parser.getText()).text.replace(/\s+/g, ' ');
  } finally {
    await parser.destroy();
  }
}

/** A PDF literal string's bytes: `(…)` with its backslash escapes, from `start` (just after the '('). */
function literalString(source: string, start: number): string {
  const escapes: Record<string, string> = { n: '\n', r: '\r', t: '\t', b: '\b', f: '\f' };
  let out = '';
  let depth = 0;
  for (let index = start; index < source.length; index += 1) {
    const char = source[index]!;
    if (char === '\\') {
      const next = source[index + 1]!;
      const octal = /^[0-7]{1,3}/.exec(source.slice(index + 1, index + 4))?.[0];
      if (octal) {
        out += String.fromCharCode(parseInt(octal, 8));
        index += octal.length;
      } else {
        out += escapes[next] ?? next;
        index += 1;
      }
    } else if (char === '(') {
      depth += 1;
      out += char;
    } else if (char === ')') {
      if (depth === 0) return out;
      depth -= 1;
      out += char;
    } else {
      out += char;
    }
  }
  throw new Error('unterminated PDF string');
}

/** UTF-16BE with its byte order mark, as pdfkit writes a non-ASCII string. */
function pdfTextString(bytes: string): string {
  if (!bytes.startsWith('\u00fe\u00ff')) return bytes;
  return Buffer.from(bytes.slice(2), 'latin1').swap16().toString('utf16le');
}

/**
 * The ActualText of every marked span in the page streams, in drawing order: the Tamil and
 * Devanagari runs in their spoken order, which readers that honour ActualText copy (pdf.js reads
 * the glyphs in visual order instead, a vowel sign before its consonant).
 */
function actualTexts(pdf: Buffer): string {
  const raw = pdf.toString('latin1');
  const texts: string[] = [];
  for (const match of raw.matchAll(/stream\r?\n/g)) {
    const start = match.index + match[0].length;
    const end = raw.indexOf('endstream', start);
    let content: string;
    try {
      content = inflateSync(Buffer.from(raw.slice(start, end), 'latin1')).toString('latin1');
    } catch {
      continue;
    }
    for (const span of content.matchAll(/\/ActualText \(/g)) {
      texts.push(pdfTextString(literalString(content, span.index + span[0].length)));
    }
  }
  return texts.join(' ');
}

function expectPdf(response: LightMyRequestResponse) {
  expect(response.statusCode, response.body.slice(0, 200)).toBe(200);
  expect(response.headers['content-type']).toBe('application/pdf');
  expect(response.headers['etag']).toMatch(/^"[A-Za-z0-9_-]+"$/);
  expect(response.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
}

/** The fonts' names (each is named by its font and its descendant font). */
const embeddedFonts = (pdf: Buffer) =>
  [
    ...new Set([...pdf.toString('latin1').matchAll(/\/BaseFont \/[A-Z]{6}\+([\w-]+)/g)].map((match) => match[1])),
  ].sort();

const TAMIL = {
  name: 'கனரக கேப்ஸ்டன் லேத்',
  description: 'கௌரவமான தரம் கொண்ட உறுதியான மெஷின்; க்ஷ, ஸ்ரீ எழுத்துகளும் சரியாக வரும்.',
  features: ['கடினப்படுத்தப்பட்ட ஸ்பிண்டில்', 'ஆறு நிலை டரெட்'],
  specifications: { 'Bar Capacity': 'பார் கொள்ளளவு', 'Lathe Weight': 'லேத் எடை' },
};
const HINDI = {
  name: 'हेवी ड्यूटी कैप्सटन लेथ',
  description: 'कृषि और उद्योग के लिए मज़बूत मशीन; त्र, श्र, र्क और हिंदी के अक्षर सही दिखते हैं।',
  features: ['हार्डन और ग्राउंड स्पिंडल', 'छह स्टेशन टरेट'],
  specifications: { 'Bar Capacity': 'बार क्षमता' },
};

describe('GET /ta|hi/product/{id}/spec-sheet.pdf', () => {
  let machineId: string;

  beforeAll(async () => {
    const machine = await createMachine(t, token, {
      name: 'Heavy Duty Capstan Lathe',
      code: 'NP-38',
      price: '1500000',
      features: JSON.stringify(['Hardened and ground spindle', 'Six-station turret']),
      specifications: JSON.stringify([
        { key: 'Bar Capacity', value: '', number: 38, unit: 'mm' },
        { key: 'Spindle Speed', value: 'max', number: 2000, unit: 'rpm' },
        { key: 'Lathe Weight', value: '', number: 100000, unit: 'kg' },
      ]),
      translations: JSON.stringify({ ta: TAMIL, hi: HINDI }),
    });
    machineId = machine.id;
  });

  it('prints a Tamil sheet: Tamil words and item texts, values with their units, the price in Indian grouping', async () => {
    const response = await getSheet(`/ta/product/${machineId}/spec-sheet.pdf`);
    expectPdf(response);
    // The file name stays ASCII, from the code and the English name.
    expect(response.headers['content-disposition']).toContain(
      'filename="NP-38-Heavy-Duty-Capstan-Lathe-spec-sheet.pdf"',
    );
    const spoken = actualTexts(response.rawPayload);
    for (const words of [
      TAMIL.name,
      'கௌரவமான தரம் கொண்ட உறுதியான மெஷின்;',
      'க்ஷ,',
      'ஸ்ரீ',
      ...TAMIL.features,
      'பார் கொள்ளளவு',
      'லேத் எடை',
      'மெஷின்', // the kind line of a machine without a category
      'மாடல்',
      'விலை',
      'முக்கிய அம்சங்கள்',
      'தொழில்நுட்ப விவரங்கள்',
      'விவரக்குறிப்புத் தாள்',
      'திங்கள் முதல் சனி வரை, காலை',
    ]) {
      expect(spoken).toContain(words);
    }
    const text = await pdfText(response.rawPayload);
    // Glyphs map back to their characters: a heading without reordered vowel signs reads as typed.
    expect(text).toContain('முக்கிய அம்சங்கள்');
    expect(text).toContain('NP-38');
    expect(text).toContain('₹15,00,000');
    // Values and units as they are; a label staff did not translate stays English, with its value.
    expect(text).toContain('38 mm');
    expect(text).toContain('1,00,000 kg');
    expect(text).toContain('Spindle Speed 2,000 rpm (max)');
    expect(text).not.toContain('Bar Capacity');
    expect(text).not.toContain('Heavy Duty Capstan Lathe');
    expect(text).not.toContain('Key features');
    expect(text).toContain(DEFAULT_COMPANY.phones[0]?.number);

    expect(embeddedFonts(response.rawPayload)).toEqual([
      'DejaVuSans',
      'DejaVuSans-Bold',
      'NotoSansTamil-Bold',
      'NotoSansTamil-Regular',
    ]);
    expect(response.rawPayload.toString('latin1')).toContain('/Lang (ta-IN)');
    // The QR code and the link lead to the Tamil page (the layout wraps the printed URL at '/' and '-').
    expect(text.replace(/ /g, '')).toContain(`${t.config.publicUrl}/ta/product/${machineId}`);
  });

  it('prints a Hindi sheet with the Devanagari font, conjuncts and vowel signs in their spoken order', async () => {
    const response = await getSheet(`/hi/product/${machineId}/spec-sheet.pdf`);
    expectPdf(response);
    const spoken = actualTexts(response.rawPayload);
    for (const words of [
      HINDI.name,
      'कृषि और उद्योग के लिए मज़बूत मशीन;',
      'त्र, श्र, र्क और हिंदी के अक्षर सही दिखते हैं।',
      ...HINDI.features,
      'बार क्षमता',
      'मॉडल',
      'कीमत',
      'मुख्य विशेषताएँ',
      'तकनीकी स्पेसिफ़िकेशन',
    ]) {
      expect(spoken).toContain(words);
    }
    const text = await pdfText(response.rawPayload);
    expect(text).toContain('₹15,00,000');
    expect(text).toContain('38 mm');
    // No Hindi label for this one: English, beside its value.
    expect(text).toContain('Lathe Weight 1,00,000 kg');
    expect(embeddedFonts(response.rawPayload)).toEqual([
      'DejaVuSans',
      'DejaVuSans-Bold',
      'NotoSansDevanagari-Bold',
      'NotoSansDevanagari-Regular',
    ]);
  });

  it('prints the date in the reader’s locale', async () => {
    const machine = await t.app.inject({ method: 'GET', url: `/api/products/${machineId}` });
    const asOf = new Date(machine.json<{ updatedAt: string }>().updatedAt);
    const date = (locale: string) =>
      new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'Asia/Kolkata' }).format(asOf);
    expect(actualTexts((await getSheet(`/ta/product/${machineId}/spec-sheet.pdf`)).rawPayload)).toContain(
      // '24 நவ., 2026': the digits are Latin runs, the month a Tamil one.
      date(INTL_LOCALES.ta).replace(/\d+/g, '').trim(),
    );
    expect(await pdfText((await getSheet(`/product/${machineId}/spec-sheet.pdf`)).rawPayload)).toContain(
      `Details as of ${date(INTL_LOCALES.en)}`,
    );
  });

  it('keeps the English sheet English, with DejaVu alone', async () => {
    const response = await getSheet(`/product/${machineId}/spec-sheet.pdf`);
    expectPdf(response);
    const text = await pdfText(response.rawPayload);
    for (const words of [
      'Heavy Duty Capstan Lathe',
      'Model NP-38',
      'PRICE',
      'Key features',
      'Technical specifications',
      'Bar Capacity 38 mm',
      'Specification sheet · Details as of',
    ]) {
      expect(text).toContain(words);
    }
    expect(text).not.toMatch(/[\u0900-\u097f\u0b80-\u0bff]/);
    expect(actualTexts(response.rawPayload)).toBe('');
    expect(embeddedFonts(response.rawPayload)).toEqual(['DejaVuSans', 'DejaVuSans-Bold']);
  });

  it('says "Price on request" in the language, and prints an untranslated item’s own texts in English', async () => {
    const part = await createPart(t, token, { name: 'Spring Collet 25 mm', code: 'NP38-COL-25', price: '' });
    const tamil = await getSheet(`/ta/product/${part.id}/spec-sheet.pdf`);
    expectPdf(tamil);
    expect(actualTexts(tamil.rawPayload)).toContain('விலைக்குத் தொடர்புகொள்ளவும்');
    expect(actualTexts(tamil.rawPayload)).toContain('உதிரி பாகம்');
    const text = await pdfText(tamil.rawPayload);
    expect(text).toContain('Spring Collet 25 mm');
    expect(text).toContain('Material EN-31 spring steel');
    expect(text).not.toContain('Price on request');
    const hindi = await getSheet(`/hi/product/${part.id}/spec-sheet.pdf`);
    expect(actualTexts(hindi.rawPayload)).toContain('कीमत के लिए संपर्क करें');
  });

  it('answers 404 for a language it does not have, and for an unknown item in a language it has', async () => {
    const french = await getSheet(`/fr/product/${machineId}/spec-sheet.pdf`);
    expect(french.statusCode).toBe(404);
    expect(french.headers['content-type']).not.toBe('application/pdf');
    const unknown = await getSheet('/ta/product/00000000-0000-4000-8000-000000000000/spec-sheet.pdf');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ message: 'Product not found' });
  });

  it('is cached per language: the same bytes and a 304 in each, new bytes after the Tamil text changes', async () => {
    const machine = await createMachine(t, token, {
      name: 'Cache Check Lathe',
      price: '250000',
      translations: JSON.stringify({ ta: { name: 'சோதனை லேத்' }, hi: { name: 'जाँच लेथ' } }),
    });
    const url = (prefix: string) => `${prefix}/product/${machine.id}/spec-sheet.pdf`;
    const english = await getSheet(url(''));
    const tamil = await getSheet(url('/ta'));
    const hindi = await getSheet(url('/hi'));
    const etags = [english, tamil, hindi].map((response) => response.headers['etag']);
    expect(new Set(etags).size).toBe(3);

    const again = await getSheet(url('/ta'));
    expect(again.rawPayload.equals(tamil.rawPayload)).toBe(true);
    expect(again.headers['etag']).toBe(tamil.headers['etag']);
    const notModified = await getSheet(url('/ta'), { 'if-none-match': String(tamil.headers['etag']) });
    expect(notModified.statusCode).toBe(304);
    const hindiNotModified = await getSheet(url('/hi'), { 'if-none-match': String(hindi.headers['etag']) });
    expect(hindiNotModified.statusCode).toBe(304);

    const edited = await sendForm(t, token, 'PUT', `/api/products/${machine.id}`, {
      translations: JSON.stringify({ ta: { name: 'புதிய சோதனை லேத்' } }),
    });
    expect(edited.statusCode, edited.body).toBe(200);
    const after = await getSheet(url('/ta'));
    expectPdf(after);
    expect(after.headers['etag']).not.toBe(tamil.headers['etag']);
    expect(actualTexts(after.rawPayload)).toContain('புதிய சோதனை லேத்');
    // The Hindi name was not part of the edit: still there.
    expect(actualTexts((await getSheet(url('/hi'))).rawPayload)).toContain('जाँच लेथ');
  });
});

describe('the sheet’s words in English', () => {
  const english = serverTranslator('en');

  it('are the texts English sheets always printed', () => {
    const words = specSheetWords(english, {
      company: 'Kovai Precision Machines',
      name: 'NP-38 Capstan Lathe',
      asOf: new Date('2026-11-24T10:00:00Z'),
    });
    expect(words).toMatchObject({
      price: 'Price',
      scanForPage: 'Scan for the live product page',
      keyFeatures: 'Key features',
      specifications: 'Technical specifications',
      specificationsContinued: 'Technical specifications (continued)',
      noSpecifications: 'No specifications available.',
      contactHeading: 'Contact Kovai Precision Machines',
      footer: 'Kovai Precision Machines · Specification sheet · Details as of 24 Nov 2026',
      documentTitle: 'NP-38 Capstan Lathe: specification sheet',
    });
    expect(words.moreFeatures(18)).toBe('+ 18 more key features on the product page');
    expect(words.moreSpecifications(3)).toBe('+ 3 more specifications on the product page');
    expect(words.gstin('33AABCK1234F1Z5')).toBe('GSTIN 33AABCK1234F1Z5');
    expect(words.pageOf(1, 2)).toBe('Page 1 of 2');
    expect(priceIn(english, 1500000)).toEqual({ price: '₹15,00,000', priced: true });
    expect(priceIn(english, null)).toEqual({ price: 'Price on request', priced: false });
  });

  it('print the opening hours as the shared formatter does', () => {
    const open = (day: DayHours['day'], opens: string, closes: string): DayHours => ({
      day,
      closed: false,
      opens,
      closes,
    });
    const closed = (day: DayHours['day']): DayHours => ({ day, closed: true, opens: '09:00', closes: '18:00' });
    const weeks: DayHours[][] = [
      DEFAULT_COMPANY.hours,
      [
        open('Monday', '00:30', '12:00'),
        open('Tuesday', '00:30', '12:00'),
        closed('Wednesday'),
        open('Thursday', '04:59', '23:59'),
        open('Friday', '12:30', '16:00'),
        open('Saturday', '05:00', '19:00'),
        open('Sunday', '05:00', '19:00'),
      ],
    ];
    for (const hours of weeks) expect(openingHoursIn(english, hours)).toEqual(formatOpeningHours(hours));
  });

  it('have Indian grouping in Tamil and Hindi too, with Latin digits', () => {
    expect(priceIn(serverTranslator('ta'), 1500000).price).toBe('₹15,00,000');
    expect(priceIn(serverTranslator('hi'), 1500000).price).toBe('₹15,00,000');
    expect(
      specSheetWords(serverTranslator('hi'), { company: 'X', name: 'Y', asOf: new Date() }).moreFeatures(100000),
    ).toBe('+ 1,00,000 और मुख्य विशेषताएँ प्रोडक्ट पेज पर');
  });
});

describe('a sheet’s category and company lines in the language', () => {
  it('names the machine’s category as staff translated it', async () => {
    const category = await t.app.inject({
      method: 'POST',
      url: '/api/machine-categories',
      headers: { authorization: `Bearer ${token}` },
      payload: { name: 'Bar Turning Lathe', translations: { hi: 'बार टर्निंग लेथ' } },
    });
    expect(category.statusCode, category.body).toBe(201);
    const { slug } = category.json<{ slug: string }>();
    const machine = await createMachine(t, token, { code: 'BT-20', category: slug });
    const hindi = await getSheet(`/hi/product/${machine.id}/spec-sheet.pdf`);
    expect(actualTexts(hindi.rawPayload)).toContain('बार टर्निंग लेथ');
    // No Tamil name: the English one (the kind line is printed in capitals).
    const tamil = await getSheet(`/ta/product/${machine.id}/spec-sheet.pdf`);
    expect(await pdfText(tamil.rawPayload)).toContain('BAR TURNING LATHE');
  });
});
