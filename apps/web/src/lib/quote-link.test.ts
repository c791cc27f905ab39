import { describe, expect, it } from 'vitest';
import { partRequestLink, quoteLink, quoteLinkForItems, quoteServiceFor } from './quote-link';
import { translatorFor } from '@/testing/locale';
import { readQuoteRequest } from './quote-request';

describe('quoteLink', () => {
  it('goes to the contact section of / with the service and product', () => {
    const href = quoteLink('machine', 'Capstan Lathe CL-25', 'capstan-lathe');
    const url = new URL(href, 'http://localhost');
    expect(url.pathname).toBe('/');
    expect(url.hash).toBe('#contact');
    expect(url.searchParams.get('service')).toBe('capstan-lathe');
    expect(url.searchParams.get('product')).toBe('Capstan Lathe CL-25');
  });

  it('encodes names safely', () => {
    const url = new URL(quoteLink('spare', 'Collet & chuck #2'), 'http://localhost');
    expect(url.searchParams.get('product')).toBe('Collet & chuck #2');
    expect(url.hash).toBe('#contact');
  });

  it.each([
    [{ type: 'machine', name: 'KPM CNC-200 Turning Centre', category: 'cnc-lathe' }, 'cnc-lathe'],
    [{ type: 'machine', name: 'NP-38 Capstan Lathe', category: 'capstan-lathe' }, 'capstan-lathe'],
    [{ type: 'machine', name: 'Bar feeder', category: 'machine' }, 'machine'],
    // A caller that does not know the category does not guess one.
    [{ type: 'machine', name: 'CNC Turning Centre', category: null }, 'general'],
    [{ type: 'spare', name: 'Installation kit', category: null }, 'spare-parts'],
    [{ type: 'service', name: 'Machine Installation', category: null }, 'services'],
    [{ type: 'service', name: 'Preventive Maintenance', category: null }, 'maintenance'],
    [{ type: 'service', name: 'Annual Maintenance Contract (AMC)', category: null }, 'maintenance'],
    [{ type: 'service', name: 'AMC Contract', category: null }, 'maintenance'],
    [{ type: 'service', name: 'Breakdown Repair & Spares Support', category: null }, 'maintenance'],
    [{ type: 'service', name: 'Custom Machining', category: null }, 'services'],
    [{ type: 'service', name: 'Operator Training', category: null }, 'services'],
  ] as const)('maps %o to %s', (item, service) => {
    expect(quoteServiceFor(item.type, item.name, item.category)).toBe(service);
  });
});

const read = (href: string) => readQuoteRequest(new URL(href, 'http://localhost').searchParams);

describe('quoteLinkForItems (the Favourites view)', () => {
  it('names every item and asks in one message', () => {
    const href = quoteLinkForItems([
      { kind: 'machine', name: 'NP-38 Capstan Lathe' },
      { kind: 'spare', name: 'Collet & chuck #2' },
    ]);
    const url = new URL(href, 'http://localhost');
    expect(url.pathname).toBe('/');
    expect(url.hash).toBe('#contact');
    expect(url.searchParams.getAll('product')).toEqual(['NP-38 Capstan Lathe', 'Collet & chuck #2']);
    // Different kinds: no one service fits them all.
    expect(url.searchParams.get('service')).toBe('general');
    expect(read(href)).toEqual({
      service: 'general',
      product: 'NP-38 Capstan Lathe; Collet & chuck #2',
      message: 'I would like a quote for these items:\n- NP-38 Capstan Lathe\n- Collet & chuck #2',
    });
  });

  it('keeps the common service of items of one kind', () => {
    const href = quoteLinkForItems([
      { kind: 'machine', name: 'NP-38', category: 'capstan-lathe' },
      { kind: 'machine', name: 'NP-50', category: 'capstan-lathe' },
    ]);
    expect(read(href).service).toBe('capstan-lathe');
    const mixed = quoteLinkForItems([
      { kind: 'machine', name: 'NP-38', category: 'capstan-lathe' },
      { kind: 'machine', name: 'CNC-200', category: 'cnc-lathe' },
    ]);
    expect(read(mixed).service).toBe('general');
  });

  it('is the single-item link for one item', () => {
    expect(quoteLinkForItems([{ kind: 'spare', name: 'Bearing' }])).toBe(quoteLink('spare', 'Bearing'));
    expect(read(quoteLink('spare', 'Bearing'))).toEqual({
      service: 'spare-parts',
      product: 'Bearing',
      message: 'I would like a quote for Bearing.',
    });
  });

  it('cuts the stored product field to what an inquiry accepts, the message keeps every name', () => {
    const names = Array.from({ length: 20 }, (_, n) => `Spring Collet ${n + 1} mm for NP-38`);
    const request = read(quoteLinkForItems(names.map((name) => ({ kind: 'spare' as const, name }))));
    expect(request.product?.length).toBeLessThanOrEqual(200);
    expect(request.product?.endsWith('…')).toBe(true);
    for (const name of names) expect(request.message).toContain(`- ${name}`);
  });
});

describe('partRequestLink ("Request this part")', () => {
  it('carries the search term and the machine', () => {
    const href = partRequestLink('colet 25', 'NP-38 Capstan Lathe');
    expect(href).toBe('/?service=general&part=colet%2025&machine=NP-38%20Capstan%20Lathe#contact');
    expect(read(href)).toEqual({
      service: 'general',
      product: 'colet 25',
      message:
        'I am looking for a spare part that is not listed in your catalogue: "colet 25" for my NP-38 Capstan Lathe. Please let me know if you can supply it.',
    });
  });

  it('works without a machine', () => {
    expect(read(partRequestLink('bearing 6205')).message).toBe(
      'I am looking for a spare part that is not listed in your catalogue: "bearing 6205". Please let me know if you can supply it.',
    );
  });

  it('asks for a part for the machine when the machine filter found nothing and no term was typed', () => {
    const href = partRequestLink('', 'NP-38');
    expect(href).toBe('/?service=general&machine=NP-38#contact');
    expect(read(href)).toMatchObject({
      product: 'Spare part for NP-38',
      message: 'I am looking for a spare part for my NP-38 that is not listed in your catalogue: ',
    });
  });

  it('ignores blank values; the form decides whether it offers the service', () => {
    expect(read('/?service=%20&product=%20&part=#contact')).toEqual({ service: null, product: null, message: null });
    expect(read('/?service=nope#contact').service).toBe('nope');
  });

  it('sends links of the old fixed list to the option that replaced it', () => {
    expect(read('/?service=installation#contact').service).toBe('services');
    expect(read('/?service=custom-machining#contact').service).toBe('services');
    expect(read('/?service=capstan-lathe#contact').service).toBe('capstan-lathe');
  });
});

describe("the contact form's starting message in the page language", () => {
  const readIn = (locale: 'ta' | 'hi', href: string) =>
    readQuoteRequest(new URL(href, 'http://localhost').searchParams, translatorFor(locale));

  it('asks for a quote in Tamil and Hindi, keeping the product field as the link named it', () => {
    expect(readIn('ta', quoteLink('spare', 'Bearing'))).toEqual({
      service: 'spare-parts',
      product: 'Bearing',
      message: 'Bearing-க்கு கொட்டேஷன் வேண்டும்.',
    });
    expect(readIn('hi', quoteLink('spare', 'Bearing')).message).toBe('मुझे Bearing का कोटेशन चाहिए।');
    expect(
      readIn(
        'hi',
        quoteLinkForItems([
          { kind: 'spare', name: 'A' },
          { kind: 'spare', name: 'B' },
        ]),
      ).message,
    ).toBe('मुझे इन चीज़ों का कोटेशन चाहिए:\n- A\n- B');
  });

  it('asks for an unlisted part in Tamil and Hindi', () => {
    const ta = readIn('ta', partRequestLink('colet 25', 'NP-38'));
    expect(ta.message).toBe(
      'என் NP-38-க்கு உங்கள் பட்டியலில் இல்லாத ஒரு உதிரி பாகம் தேவை: "colet 25". இதை உங்களால் தர முடியுமா என்று தெரிவியுங்கள்.',
    );
    expect(readIn('hi', partRequestLink('', 'NP-38'))).toMatchObject({
      product: 'Spare part for NP-38',
      message: 'मुझे NP-38 के लिए एक स्पेयर पार्ट चाहिए जो आपके कैटलॉग में नहीं है: ',
    });
  });
});
