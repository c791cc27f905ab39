import { createHash } from 'node:crypto';
import { PDFParse } from 'pdf-parse';
import QRCode from 'qrcode';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import type { QuotationDocument } from '../../src/modules/quotations/quotation-document';
import { renderQuotationPdf } from '../../src/modules/quotations/quotation-pdf';
import { upiPaymentUrl } from '../../src/modules/quotations/quotation-pdf-format';
import {
  buildQuotation,
  BUYER_GSTIN_MAHARASHTRA,
  BUYER_GSTIN_TAMIL_NADU,
  interStateDocument,
  intraStateDocument,
  pngLogo,
  SELLER,
  SELLER_GSTIN,
} from '../helpers/quotation-documents';

// The quotation PDF (issue 39): what a reader gets out of it (pdf.js through pdf-parse, as the
// spec sheet's tests read theirs), its pages, its bytes, and the UPI QR code drawn as vectors.

interface ReadPdf {
  text: string;
  pages: string[];
}

async function readPdf(bytes: Buffer): Promise<ReadPdf> {
  const parser = new PDFParse({ data: new Uint8Array(bytes) });
  // Lines are joined so that a value the layout wrapped is still found whole.
  const flat = (text: string) => text.replace(/\s+/g, ' ');
  try {
    const result = await parser.getText();
    return { text: flat(result.text), pages: result.pages.map((page) => flat(page.text)) };
  } finally {
    await parser.destroy();
  }
}

/** The link annotations of the PDF (pdfkit writes their dictionaries uncompressed): where each is, and its URI. */
function links(bytes: Buffer): { rect: [number, number, number, number]; uri: string }[] {
  const source = bytes.toString('latin1');
  const uris = new Map<string, string>();
  for (const match of source.matchAll(/(\d+) 0 obj\s*<<\s*\/S \/URI\s*\/URI \(([^)]*)\)/g)) {
    uris.set(match[1]!, match[2]!);
  }
  return [...source.matchAll(/\/Subtype \/Link\s*\/A (\d+) 0 R[^>]*?\/Rect \[([^\]]+)\]/g)].map((match) => ({
    uri: uris.get(match[1]!) ?? '',
    rect: match[2]!.trim().split(/\s+/).map(Number) as [number, number, number, number],
  }));
}

/** A page as pixels (pdf.js on a canvas), one grey byte each. */
async function pagePixels(bytes: Buffer, page: number, scale: number) {
  const parser = new PDFParse({ data: new Uint8Array(bytes) });
  try {
    const shot = await parser.getScreenshot({ scale, partial: [page] });
    const image = shot.pages[0];
    if (!image) throw new Error(`page ${page} was not rendered`);
    const { data, info } = await sharp(Buffer.from(image.data)).greyscale().raw().toBuffer({ resolveWithObject: true });
    return { data, width: info.width, channels: info.channels };
  } finally {
    await parser.destroy();
  }
}

/** Whether the PDF embeds a picture (a logo); the QR code is drawn as rectangles, never one. */
const hasImage = (bytes: Buffer) => bytes.toString('latin1').includes('/Subtype /Image');

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

let intra: { document: QuotationDocument; bytes: Buffer; pdf: ReadPdf };
let inter: { document: QuotationDocument; bytes: Buffer; pdf: ReadPdf };

beforeAll(async () => {
  const intraDocument = intraStateDocument();
  const interDocument = interStateDocument(50);
  const [intraBytes, interBytes] = [await renderQuotationPdf(intraDocument), await renderQuotationPdf(interDocument)];
  intra = { document: intraDocument, bytes: intraBytes, pdf: await readPdf(intraBytes) };
  inter = { document: interDocument, bytes: interBytes, pdf: await readPdf(interBytes) };
});

describe('renderQuotationPdf: a 3-line quotation within Tamil Nadu', () => {
  it('is an A4 PDF of one page, titled with its number', () => {
    expect(intra.bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(intra.pdf.pages).toHaveLength(1);
    expect(intra.bytes.toString('latin1').includes('/MediaBox [0 0 595.28 841.89]')).toBe(true);
    expect(intra.pdf.text).toContain('QUOTATION');
    expect(intra.pdf.text).toContain('Quotation no. KPM/Q/2026-27/0042');
    expect(intra.pdf.text).toContain('Page 1 of 1');
  });

  it('prints the letterhead, both GSTINs and states, the dates and the place of supply', () => {
    const { text } = intra.pdf;
    expect(text).toContain('Kovai Precision Machines');
    expect(text).toContain('14, SIDCO Industrial Estate');
    expect(text).toContain('sales@kovaiprecision.in');
    expect(text).toContain('www.kovaiprecision.in');
    expect(text).toContain(`GSTIN: ${SELLER_GSTIN}`);
    expect(text).toContain(`GSTIN: ${BUYER_GSTIN_TAMIL_NADU}`);
    expect(text).toContain('Sri Murugan Engineering Works');
    expect(text).toContain('State: Tamil Nadu (33)');
    expect(text).toContain('Place of supply: Tamil Nadu (33)');
    // The quotation's day is its validity counted back from the valid-until day.
    expect(text).toContain('Date 29 Nov 2026');
    expect(text).toContain('Valid until 29 Dec 2026');
  });

  it('prints each line with its HSN/SAC and CGST + SGST, never IGST', () => {
    const { text } = intra.pdf;
    for (const hsn of ['8458', '8466', '9987']) expect(text).toContain(` ${hsn} `);
    expect(text).toContain('CGST (₹)');
    expect(text).toContain('SGST (₹)');
    expect(text).not.toContain('IGST');
    // Line 1: ₹18,50,000 at 18% → 9% each.
    expect(text).toContain('8458 1 Nos 18,50,000.00 - 18,50,000.00 18% 1,66,500.00 1,66,500.00');
    expect(text).toContain('Freight 18,500.00 18% 1,665.00 1,665.00');
    expect(text).toContain('Packing and forwarding 6,250.00 18% 562.50 562.50');
  });

  it('prints the tax by rate, the totals with their round-off, and the amount in words', () => {
    const { text } = intra.pdf;
    const { totals, amountInWords } = intra.document.quotation;
    expect(totals.roundOff).toBe(0.11);
    expect(text).toContain('18% 19,32,066.85 1,73,886.02 1,73,886.02 3,47,772.04');
    expect(text).toContain('Taxable value ₹19,32,066.85');
    expect(text).toContain('CGST ₹1,73,886.02');
    expect(text).toContain('SGST ₹1,73,886.02');
    expect(text).toContain('Round off +₹0.11');
    expect(text).toContain('Total ₹22,79,839.00');
    expect(amountInWords).toBe('Rupees Twenty-Two Lakh Seventy-Nine Thousand Eight Hundred Thirty-Nine Only');
    expect(text).toContain(`Amount in words: ${amountInWords}`);
  });

  it('prints the terms, the bank details, the UPI id and the signature block', () => {
    const { text } = intra.pdf;
    expect(text).toContain('Validity This quotation is valid until 29 Dec 2026 (30 days).');
    expect(text).toContain('Payment 50% advance with the order, balance before dispatch.');
    expect(text).toContain('Delivery 6 to 8 weeks from the date of the advance.');
    expect(text).toContain('Warranty 12 months from the date of commissioning.');
    expect(text).toContain('Account name Kovai Precision Machines');
    expect(text).toContain('Bank State Bank of India');
    expect(text).toContain('Account no. 32145678901');
    expect(text).toContain('IFSC SBIN0001234');
    expect(text).toContain('UPI id kovaiprecision@okaxis');
    expect(text).toContain('Scan to pay by UPI ₹22,79,839.00');
    expect(text).toContain('For Kovai Precision Machines');
    expect(text).toContain('Authorised signatory');
  });

  it('draws the UPI QR code as vector squares that encode the payment link, with the link on it', async () => {
    const expected = upiPaymentUrl(
      'kovaiprecision@okaxis',
      'Kovai Precision Machines',
      2_279_839,
      'KPM/Q/2026-27/0042',
    );
    expect(expected).toBe(
      'upi://pay?pa=kovaiprecision%40okaxis&pn=Kovai%20Precision%20Machines&am=2279839.00&cu=INR&tn=KPM%2FQ%2F2026-27%2F0042',
    );
    const [link] = links(intra.bytes);
    expect(link?.uri).toBe(expected);
    // No picture: the logo is absent, and the code is drawn as rectangles.
    expect(hasImage(intra.bytes)).toBe(false);

    // Every module of the code for that link, read back from the rendered page at its centre.
    const { modules } = QRCode.create(expected, { errorCorrectionLevel: 'M' });
    const [left, bottom, right] = link!.rect;
    const scale = 4;
    const pixels = await pagePixels(intra.bytes, 1, scale);
    const cell = (right - left) / modules.size;
    const top = 841.89 - (bottom + (right - left));
    let wrong = 0;
    let dark = 0;
    for (let row = 0; row < modules.size; row += 1) {
      for (let column = 0; column < modules.size; column += 1) {
        const x = Math.round((left + (column + 0.5) * cell) * scale);
        const y = Math.round((top + (row + 0.5) * cell) * scale);
        const grey = pixels.data[(y * pixels.width + x) * pixels.channels]!;
        const isDark = grey < 128;
        if (isDark) dark += 1;
        if (isDark !== Boolean(modules.get(row, column))) wrong += 1;
      }
    }
    expect(dark).toBeGreaterThan(modules.size * modules.size * 0.3);
    expect(wrong).toBe(0);
  });

  it('gives the same bytes for the same quotation, whenever it is rendered and whatever the buyer did since', async () => {
    const again = await renderQuotationPdf(intraStateDocument());
    expect(sha256(again)).toBe(sha256(intra.bytes));
    // Viewed and accepted are not printed: a sent revision's stored hash stays reproducible.
    const { quotation, seller } = intraStateDocument();
    const viewed = await renderQuotationPdf({
      seller,
      quotation: { ...quotation, status: 'accepted', viewedAt: '2026-12-01T10:00:00.000Z', pdfSha256: 'x' },
    });
    expect(sha256(viewed)).toBe(sha256(intra.bytes));
    const parser = new PDFParse({ data: new Uint8Array(intra.bytes) });
    try {
      const { info } = await parser.getInfo();
      // The quotation's own date, not the clock's.
      expect((info as { CreationDate?: string }).CreationDate).toBe('D:20261129053000Z');
    } finally {
      await parser.destroy();
    }
  });

  it('marks a draft DRAFT on every page and changes its bytes', async () => {
    const draft = await renderQuotationPdf(intraStateDocument(), { draft: true });
    const { text } = await readPdf(draft);
    expect(text).toContain('QUOTATION DRAFT');
    expect(text).toContain('DRAFT, not valid for acceptance');
    expect(sha256(draft)).not.toBe(sha256(intra.bytes));
    expect(intra.pdf.text).not.toContain('DRAFT');
  });

  it('prints a PNG logo on the letterhead', async () => {
    const bytes = await renderQuotationPdf(intraStateDocument({ logo: await pngLogo() }));
    expect(hasImage(bytes)).toBe(true);
    expect((await readPdf(bytes)).text).toContain('Kovai Precision Machines');
  });

  it('leaves out a logo a PDF cannot embed (WebP) and prints the name instead', async () => {
    const webp = await sharp({ create: { width: 20, height: 10, channels: 3, background: '#1e40af' } })
      .webp()
      .toBuffer();
    const bytes = await renderQuotationPdf(intraStateDocument({ logo: webp }));
    expect(hasImage(bytes)).toBe(false);
    expect((await readPdf(bytes)).text).toContain('Kovai Precision Machines');
  });

  it('leaves out the payment box without bank details or UPI id, and keeps the signature', async () => {
    const bytes = await renderQuotationPdf(intraStateDocument({ bank: null, upiId: '' }));
    const { text } = await readPdf(bytes);
    expect(text).not.toContain('BANK DETAILS');
    expect(text).not.toContain('UPI');
    expect(links(bytes)).toHaveLength(0);
    expect(text).toContain('For Kovai Precision Machines Authorised signatory');
  });
});

describe('renderQuotationPdf: 50 lines to Maharashtra', () => {
  it('charges IGST, never CGST or SGST, with the place of supply the buyer’s state', () => {
    const { text } = inter.pdf;
    expect(text).toContain('Place of supply: Maharashtra (27)');
    expect(text).toContain(`GSTIN: ${BUYER_GSTIN_MAHARASHTRA}`);
    expect(text).toContain('State: Maharashtra (27)');
    expect(text).toContain(`GSTIN: ${SELLER_GSTIN}`);
    expect(text).toContain('IGST (₹)');
    expect(text).not.toContain('CGST');
    expect(text).not.toContain('SGST');
    expect(text).toContain('Quotation no. KPM/Q/2026-27/0043-R2');
    expect(text).toContain('Revision 2');
  });

  it('prints amounts of crores in Indian grouping, whole', () => {
    const { text } = inter.pdf;
    const { totals, amountInWords } = inter.document.quotation;
    // Line 1 is one lathe at ₹1 crore less 5%.
    expect(text).toContain(
      '1 Spare part 1: turret indexing pin 8458 1 Nos 1,00,00,000.00 5% 95,00,000.00 18% 17,10,000.00',
    );
    expect(totals.total).toBe(12_031_712);
    expect(text).toContain('Total ₹1,20,31,712.00');
    expect(text).toContain(`Round off +₹${totals.roundOff.toFixed(2)}`);
    expect(text).toContain('Rupees One Crore Twenty Lakh Thirty-One Thousand Seven Hundred Twelve Only');
    expect(text).toContain(amountInWords);
    for (const hsn of ['8458', '8466', '8457', '9987', '84661010']) expect(text).toContain(` ${hsn} `);
    // Two rates: the summary has a row for each.
    expect(text).toMatch(/GST rate Taxable value \(₹\) IGST \(₹\) Total tax \(₹\) 12% [\d,.]+ [\d,.]+ [\d,.]+ 18% /);
  });

  it('continues the table over pages, its header repeated, every line printed once, pages numbered', () => {
    const { pages } = inter.pdf;
    expect(pages.length).toBeGreaterThanOrEqual(2);
    pages.forEach((page, index) => expect(page).toContain(`Page ${index + 1} of ${pages.length}`));
    const header = '# Description HSN/SAC Qty Unit Rate (₹) Disc. % Taxable value (₹) GST % IGST (₹)';
    const withRows = pages.filter((page) => /Spare part \d+:/.test(page));
    expect(withRows.length).toBeGreaterThanOrEqual(2);
    for (const page of withRows) expect(page).toContain(header);
    expect(pages[1]).toContain('Quotation KPM/Q/2026-27/0043-R2 (continued)');
    for (let line = 1; line <= 50; line += 1) {
      const found = pages.filter((page) => page.includes(`Spare part ${line}:`));
      expect(found, `line ${line}`).toHaveLength(1);
    }
    // The table ends with freight; the totals, bank details and signature follow it.
    const all = pages.join(' ');
    const order = [
      'Spare part 50:',
      'Freight 42,000.00',
      'TAX SUMMARY BY RATE',
      'Amount in words',
      'IFSC',
      'Authorised signatory',
    ];
    const positions = order.map((part) => all.indexOf(part));
    expect(positions.every((position) => position >= 0)).toBe(true);
    expect([...positions].sort((a, b) => a - b)).toEqual(positions);
  });

  it('gives the same bytes when rendered again', async () => {
    expect(sha256(await renderQuotationPdf(interStateDocument(50)))).toBe(sha256(inter.bytes));
  });
});

describe('renderQuotationPdf: texts in Tamil and Hindi', () => {
  it('draws a buyer in Tamil and an address in Hindi with the Noto faces', async () => {
    const quotation = buildQuotation({
      buyer: {
        name: 'முருகன் ராமசாமி',
        company: 'ஸ்ரீ முருகன் இன்ஜினியரிங் ஒர்க்ஸ்',
        address: 'प्लॉट 7, एमआईडीसी भोसरी\nपुणे 411026',
      },
      lines: [{ description: 'கேப்ஸ்டன் லேத் NP-38', hsn: '8458', quantity: 1, rate: 950_000, gstRate: 18 }],
    });
    const bytes = await renderQuotationPdf({ quotation, seller: SELLER });
    const source = bytes.toString('latin1');
    expect(source.includes('NotoSansTamil')).toBe(true);
    expect(source.includes('NotoSansDevanagari')).toBe(true);
    const { text } = await readPdf(bytes);
    expect(text).toContain('GSTIN:');
    expect(text).toContain('NP-38');
    expect(text).toContain('Total ₹11,21,000.00');
  });
});
