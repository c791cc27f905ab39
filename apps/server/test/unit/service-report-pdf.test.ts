import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Locale } from '@capstan/shared';
import { renderServiceReportPdf } from '../../src/modules/service-requests/service-report-pdf';
import { pngLogo } from '../helpers/quotation-documents';
import { longServiceReportDocument, serviceReportDocument } from '../helpers/service-report-documents';

// The service report PDF (issue 40), read back with poppler's pdftotext as a customer's viewer
// would copy it: pdftotext honours the ActualText of the Tamil and Devanagari runs (decision 073),
// so a word whose glyphs are drawn in visual order (the vowel sign of கொ before its consonant)
// reads in its spoken order. `-raw` keeps the drawing order, so a date or a row reads whole.

/** The text of each page, in drawing order, white space made single spaces. */
function pdfPages(bytes: Buffer): Promise<string[]> {
  return new Promise((resolve, reject) => {
    const child = execFile('pdftotext', ['-raw', '-enc', 'UTF-8', '-', '-'], { encoding: 'utf8' }, (error, stdout) => {
      if (error) reject(error);
      else
        resolve(
          stdout
            .split('\f')
            .slice(0, -1)
            .map((page) => page.replace(/\s+/g, ' ').trim()),
        );
    });
    child.stdin?.end(bytes);
  });
}

/** The fonts embedded (each subset is named by its font and its descendant font). */
const embeddedFonts = (pdf: Buffer) =>
  [
    ...new Set([...pdf.toString('latin1').matchAll(/\/BaseFont \/[A-Z]{6}\+([\w-]+)/g)].map((match) => match[1])),
  ].sort();

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

const rendered = {} as Record<Locale, { bytes: Buffer; text: string; pages: string[] }>;

beforeAll(async () => {
  for (const locale of ['en', 'ta', 'hi'] as const) {
    const bytes = await renderServiceReportPdf(serviceReportDocument(locale));
    const pages = await pdfPages(bytes);
    rendered[locale] = { bytes, pages, text: pages.join(' ') };
  }
});

describe('renderServiceReportPdf: a typical call in English', () => {
  it('is a one-page A4 PDF titled with its reference, in en-IN', () => {
    const { bytes, pages } = rendered.en;
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(pages).toHaveLength(1);
    const raw = bytes.toString('latin1');
    expect(raw).toContain('/MediaBox [0 0 595.28 841.89]');
    expect(raw).toContain('/Lang (en-IN)');
    expect(embeddedFonts(bytes)).toEqual(['DejaVuSans', 'DejaVuSans-Bold']);
  });

  it('prints the letterhead, the reference, the dates, the customer and the machine with its cover', () => {
    const { text } = rendered.en;
    for (const expected of [
      'Kovai Precision Machines',
      '14, SIDCO Industrial Estate',
      'Phone: +91 98430 12345, +91 422 2672 100',
      'service@kovaiprecision.in',
      'GSTIN: 33AABCK1234F1Z6',
      'SERVICE REPORT SR-2026-00017',
      // Raised at 09:45 in India, closed at 17:10; visited on the day staff set.
      'Raised on 24 Nov 2026',
      'Closed on 27 Nov 2026',
      'Visit date 26 Nov 2026',
      'Engineer Senthil Kumar',
      'Ramesh Kumar Sri Murugan Engineering Works 22, Avinashi Road, Peelamedu, Coimbatore 641004',
      '+91 94430 55555 · service-desk@murugan-engg.in',
      'Serial no. KPM-NP38/2024-117',
      'Model NP-38 All-Geared Capstan Lathe',
      'Commissioned on 10 Mar 2025',
      'Warranty until 9 Mar 2027',
      'Cover Under warranty',
    ]) {
      expect(text).toContain(expected);
    }
  });

  it('prints the complaint, the work done, the parts with their quantities, the time and the signature lines', () => {
    const { text } = rendered.en;
    const document = serviceReportDocument('en');
    expect(text).toContain(`Complaint Machine was down: yes ${document.symptom}`);
    expect(text).toContain(`Work done ${document.report.workDone}`);
    expect(text).toContain('Parts used # Description Quantity');
    expect(text).toContain('1 Spindle bearing set, NP-38 (front) 1 2 Spring collet 25 mm 2 3 V-belt B-52 3');
    expect(text).toContain('Time spent 3.5 hours');
    expect(text).toContain('For Kovai Precision Machines Senthil Kumar');
    expect(text).toContain("Engineer's signature");
    expect(text).toContain("Customer's signature · Name and date");
    expect(text).toContain('Kovai Precision Machines · Service report SR-2026-00017 Page 1 of 1');
  });

  it('says what it does not know: an unregistered machine, no visit date, no parts, no time', async () => {
    const pages = await pdfPages(
      await renderServiceReportPdf(
        serviceReportDocument('en', {
          machine: { serial: 'XYZ-99', model: null, commissionedOn: null, warrantyEndsOn: null, cover: 'unknown' },
          machineDown: false,
          visitOn: null,
          engineer: null,
          report: { workDone: 'Advised the customer by phone.', partsUsed: [], hours: null },
        }),
      ),
    );
    const text = pages.join(' ');
    expect(text).toContain('Serial no. XYZ-99');
    expect(text).toContain('Model Not in our register');
    expect(text).toContain('Commissioned on Not recorded');
    expect(text).toContain('Cover To be confirmed');
    expect(text).toContain('Visit date Not recorded');
    expect(text).toContain('Machine was down: no');
    expect(text).toContain('Parts used No parts were used.');
    expect(text).toContain('Time spent Not recorded');
  });

  it('prints the logo when there is one, and gives the same bytes for the same report', async () => {
    const withLogo = await renderServiceReportPdf(
      serviceReportDocument('en', { seller: { ...serviceReportDocument().seller, logo: await pngLogo() } }),
    );
    expect(withLogo.toString('latin1')).toContain('/Subtype /Image');
    expect(rendered.en.bytes.toString('latin1')).not.toContain('/Subtype /Image');
    expect(sha256(await renderServiceReportPdf(serviceReportDocument('en')))).toBe(sha256(rendered.en.bytes));
  });
});

describe('renderServiceReportPdf in Tamil and Hindi', () => {
  it('words the report in Tamil, the dates as Tamil writes them, shaped and copied in spoken order', () => {
    const { bytes, text } = rendered.ta;
    expect(bytes.toString('latin1')).toContain('/Lang (ta-IN)');
    expect(embeddedFonts(bytes)).toEqual([
      'DejaVuSans',
      'DejaVuSans-Bold',
      'NotoSansTamil-Bold',
      'NotoSansTamil-Regular',
    ]);
    const document = serviceReportDocument('ta');
    for (const expected of [
      'சர்வீஸ் அறிக்கை SR-2026-00017',
      'ஜிஎஸ்டி எண்: 33AABCK1234F1Z6',
      'முருகன் செல்வம் ஸ்ரீ முருகன் இன்ஜினியரிங் ஒர்க்ஸ்',
      'பதிவான தேதி 24 நவ., 2026',
      'வருகை தேதி 26 நவ., 2026',
      'பொறியாளர் Senthil Kumar',
      'சீரியல் எண் KPM-NP38/2024-117',
      'வாரண்டி முடியும் தேதி 9 மார்., 2027',
      'கட்டண நிலை வாரண்டியின் கீழ்',
      'புகார் மெஷின் நின்றிருந்ததா: ஆம்',
      `செய்த வேலை ${document.report.workDone}`,
      'பயன்படுத்திய உதிரி பாகங்கள் # விவரம் எண்ணிக்கை 1 ஸ்பிண்டில் பேரிங் செட் (முன்) 1 2 Spring collet 25 mm 2',
      'செலவான நேரம் 3.5 மணி நேரம்',
      'வாடிக்கையாளர் கையொப்பம் · பெயர், தேதி',
      'பக்கம் 1 / 1',
    ]) {
      expect(text).toContain(expected);
    }
    // The sign before the number is drawn with the word before it (one run per script).
    expect(text).toMatch(/தொலைபேசி: \+ ?91 98430 12345/);
    // கொ is drawn ெ + க + ா; without the ActualText a reader would copy the glyphs' order.
    expect(text).toContain('கொலெட்டையும்');
    expect(text).not.toContain('ெகாெலட்');
  });

  it('words the report in Hindi with its conjuncts and vowel signs in spoken order', () => {
    const { bytes, text } = rendered.hi;
    expect(bytes.toString('latin1')).toContain('/Lang (hi-IN)');
    expect(embeddedFonts(bytes)).toEqual([
      'DejaVuSans',
      'DejaVuSans-Bold',
      'NotoSansDevanagari-Bold',
      'NotoSansDevanagari-Regular',
    ]);
    const document = serviceReportDocument('hi');
    for (const expected of [
      'सर्विस रिपोर्ट SR-2026-00017',
      'जीएसटी नंबर: 33AABCK1234F1Z6',
      'सुरेश शर्मा श्री गणेश इंजीनियरिंग वर्क्स',
      'दर्ज होने की तारीख़ 24 नव॰ 2026',
      'विज़िट की तारीख़ 26 नव॰ 2026',
      'वारंटी इस तारीख़ तक 9 मार्च 2027',
      'कवर वारंटी में',
      'शिकायत मशीन बंद थी: हाँ',
      `किया गया काम ${document.report.workDone}`,
      'लगाए गए स्पेयर पार्ट # विवरण मात्रा 1 स्पिंडल बेयरिंग सेट (आगे का) 1',
      'लगा समय 3.5 घंटे',
      'ग्राहक के हस्ताक्षर · नाम और तारीख़',
      'पेज 1 / 1',
    ]) {
      expect(text).toContain(expected);
    }
    expect(text).toMatch(/फ़ोन: \+ ?91 98430 12345/);
    // कि is drawn ि + क: the copy reads it as written.
    expect(text).toContain('किया');
    expect(text).not.toContain('िकया');
  });

  it('prints quantities with Indian digit grouping in every language', async () => {
    const parts = [{ itemId: null, description: 'Washer M10', quantity: 125000 }];
    for (const locale of ['en', 'ta', 'hi'] as const) {
      const document = serviceReportDocument(locale);
      const pages = await pdfPages(
        await renderServiceReportPdf({ ...document, report: { ...document.report, partsUsed: parts } }),
      );
      expect(pages.join(' '), locale).toContain('1 Washer M10 1,25,000');
    }
  });
});

describe('a long report: 40 parts and long texts', () => {
  let pages: string[];
  let bytes: Buffer;

  beforeAll(async () => {
    bytes = await renderServiceReportPdf(longServiceReportDocument(40));
    pages = await pdfPages(bytes);
  });

  it('takes three pages, each numbered, the later ones under the continuation header', () => {
    expect(pages).toHaveLength(3);
    pages.forEach((page, index) => {
      expect(page).toContain(`Service report SR-2026-01234 Page ${index + 1} of 3`);
      if (index > 0) expect(page).toContain('Kovai Precision Machines Service report SR-2026-01234 (continued)');
    });
  });

  it('runs the work done on to the next page, whole and in order', () => {
    const { workDone } = longServiceReportDocument(40).report;
    // The pages' own lines (footer, continuation header) left out, the text reads on.
    const body = pages
      .map((page) =>
        page
          .replace(/Kovai Precision Machines · Service report SR-2026-01234 Page \d of 3/, '')
          .replace('Kovai Precision Machines Service report SR-2026-01234 (continued)', ''),
      )
      .join(' ')
      .replace(/\s+/g, ' ');
    expect(body).toContain(workDone.replace(/\s+/g, ' '));
    expect(pages[0]).toContain('1. Checked the hydraulic chuck pressure');
    expect(pages[1]).toContain('6. Checked the hydraulic chuck pressure');
  });

  it('never splits a row of the parts table, and repeats its header on each page it runs to', () => {
    const { partsUsed } = longServiceReportDocument(40).report;
    const pageOf = partsUsed.map((part, index) => {
      const row = `${index + 1} ${part.description} ${part.quantity === 1250 ? '1,250' : part.quantity}`;
      const found = pages.findIndex((page) => page.includes(row));
      expect(found, row).toBeGreaterThanOrEqual(0);
      return found;
    });
    expect(pageOf).toEqual([...pageOf].sort((a, b) => a - b));
    const tablePages = [...new Set(pageOf)];
    expect(tablePages.length).toBeGreaterThan(1);
    for (const page of tablePages) expect(pages[page]).toContain('# Description Quantity');
    expect(pages[2]).toContain('Time spent 12.25 hours');
    expect(pages[2]).toContain("Customer's signature");
  });
});

describe('texts no line breaker handles well', () => {
  // Its render time is in `npm run bench` (scripts/bench/service-report-render.ts): seconds per
  // page before the cut, both breakers measuring ever longer heads of such a word.
  it('cuts a pasted word of thousands of characters into line-sized pieces', async () => {
    const document = serviceReportDocument('ta');
    const bytes = await renderServiceReportPdf({
      ...document,
      symptom: 'X'.repeat(5000),
      report: { ...document.report, workDone: 'க'.repeat(2500) },
    });
    const pages = await pdfPages(bytes);
    expect(pages.length).toBeGreaterThan(1);
    // Every character printed, in pieces across lines and pages (their own lines left out).
    const text = pages
      .map((page) =>
        page
          .replace(/Kovai Precision Machines · சர்வீஸ் அறிக்கை SR-2026-00017 பக்கம் \d \/ \d/, '')
          .replace(/Kovai Precision Machines சர்வீஸ் அறிக்கை SR-2026-00017 \( ?தொடர்ச்சி\)/, ''),
      )
      .join('')
      .replace(/\s+/g, '');
    expect(text).toContain(`ஆம்${'X'.repeat(5000)}செய்த`);
    expect(text).toContain(`வேலை${'க'.repeat(2500)}பயன்படுத்திய`);
  });
});
