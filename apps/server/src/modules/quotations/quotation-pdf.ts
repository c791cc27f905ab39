import PDFDocument from 'pdfkit';
import QRCode from 'qrcode';
import type { Quotation } from '@capstan/shared';
import { scriptsIn } from '../spec-sheet/script-runs';
import { registerSheetFonts, SheetText, type TextStyle } from '../spec-sheet/sheet-text';
import { specSheetFontsFor } from '../spec-sheet/spec-sheet-fonts';
import type { QuotationDocument, QuotationSeller } from './quotation-document';
import {
  documentDate,
  formatAmount,
  formatDay,
  formatMoney,
  formatPercent,
  formatRoundOff,
  quotationDay,
  stateTaxName,
  stateWithCode,
  summaryByRate,
  upiPaymentUrl,
} from './quotation-pdf-format';
import {
  COLOR,
  CONTENT_BOTTOM,
  CONTENT_WIDTH,
  writeFitted,
  Flow,
  FOOTER_Y,
  MARGIN_X,
  PAGE,
  type QuotationSheet,
  rule,
  TOP,
} from './quotation-pdf-layout';
import { drawLetterhead, type Letterhead } from './quotation-pdf-letterhead';
import { drawLinesTable } from './quotation-pdf-table';

/**
 * The quotation as a PDF (issue 39): A4, the company's letterhead, both parties' GSTIN and state,
 * the place of supply, the lines with HSN/SAC and their tax, the tax by rate, round-off, total and
 * amount in words, terms, bank details with a UPI QR code, and the signature block.
 *
 * In English, as tax documents are; a buyer's name, address or a line may be in Tamil or Hindi,
 * and is drawn with the spec sheet's Noto faces (decision 073). The same document always gives
 * the same bytes: the PDF's dates come from the quotation, never the clock, so a sent revision's
 * stored hash can be checked by rendering it again.
 */

type Doc = PDFKit.PDFDocument;

export interface QuotationPdfOptions {
  /** Marks every page DRAFT: a quotation not yet sent, previewed by staff. */
  draft?: boolean;
}

const SMALL: TextStyle = { font: 'regular', size: 8 };
const LABEL: TextStyle = { font: 'bold', size: 6.5 };
const BODY: TextStyle = { font: 'regular', size: 8.5 };
const BODY_BOLD: TextStyle = { font: 'bold', size: 8.5 };
const BLOCK_GAP = 12;

/** A block that is measured first, then drawn where it fits whole. */
interface Block {
  height: number;
  draw: (y: number) => void;
}

/** Draws a block here or, when it does not fit, at the top of the next page. */
function place(flow: Flow, block: Block, gapBefore = BLOCK_GAP): void {
  if (flow.y + gapBefore + block.height <= CONTENT_BOTTOM) flow.y += gapBefore;
  else flow.newPage();
  block.draw(flow.y);
  flow.y += block.height;
}

/** The letterhead in the quotation's English: the address and contact lines, GSTIN and state. */
function quotationLetterhead(seller: QuotationSeller): Letterhead {
  const contact = [
    seller.phones.length > 0 ? `Phone: ${seller.phones.join(', ')}` : '',
    seller.email,
    seller.website.replace(/^https?:\/\//, '').replace(/\/$/, ''),
  ].filter((part) => part !== '');
  return {
    name: seller.name,
    logo: seller.logo,
    details: [...seller.addressLines.filter((line) => line.trim() !== ''), contact.join('  ·  ')],
    right: [
      seller.gstin === '' ? 'GSTIN: not registered' : `GSTIN: ${seller.gstin}`,
      ...(seller.stateCode !== '' ? [`State: ${stateWithCode(seller.stateCode)}`] : []),
    ],
  };
}

function drawContinuationHeader({ doc, text }: QuotationSheet, document: QuotationDocument): number {
  doc.fillColor(COLOR.primary);
  text.write(
    document.seller.name,
    MARGIN_X,
    TOP,
    { font: 'bold', size: 10 },
    { width: CONTENT_WIDTH - 230, height: 14, ellipsis: true, lineBreak: false },
  );
  doc.fillColor(COLOR.muted);
  text.write(`Quotation ${document.quotation.number} (continued)`, MARGIN_X + CONTENT_WIDTH - 220, TOP + 1, SMALL, {
    width: 220,
    align: 'right',
    lineBreak: false,
  });
  rule(doc, TOP + 18, COLOR.primary, 1.5);
  return TOP + 28;
}

function drawTitle({ doc, text }: QuotationSheet, draft: boolean, y: number): number {
  doc.fillColor(COLOR.text);
  text.write('QUOTATION', MARGIN_X, y, { font: 'bold', size: 16 }, { lineBreak: false });
  if (draft) {
    const x = MARGIN_X + doc.font('bold').fontSize(16).widthOfString('QUOTATION') + 12;
    const badge = { font: 'bold', size: 9 } as const;
    const width = doc.font(badge.font).fontSize(badge.size).widthOfString('DRAFT') + 16;
    doc.roundedRect(x, y + 1, width, 17, 3).fill(COLOR.draft);
    doc.fillColor(COLOR.headerText);
    text.write('DRAFT', x + 8, y + 5, badge, { lineBreak: false });
  }
  return y + 26;
}

/** The buyer on the left, the quotation's number and dates on the right. */
function partiesBlock({ doc, text }: QuotationSheet, quotation: Quotation): Block {
  const { buyer } = quotation;
  const pad = 8;
  const gap = 12;
  const rightWidth = 190;
  const leftWidth = CONTENT_WIDTH - rightWidth - gap;
  const leftInner = leftWidth - 2 * pad;

  const buyerLines: { text: string; style: TextStyle }[] = [
    { text: buyer.name, style: { font: 'bold', size: 10 } },
    ...(buyer.company ? [{ text: buyer.company, style: BODY_BOLD }] : []),
    ...(buyer.address ? [{ text: buyer.address, style: BODY }] : []),
    { text: `GSTIN: ${buyer.gstin === '' ? 'not registered' : buyer.gstin}`, style: BODY_BOLD },
    ...(buyer.state ? [{ text: `State: ${stateWithCode(buyer.state)}`, style: BODY }] : []),
    ...([buyer.phone, buyer.email].some((part) => part !== '')
      ? [{ text: [buyer.phone, buyer.email].filter((part) => part !== '').join('  ·  '), style: BODY }]
      : []),
  ];
  const lineHeights = buyerLines.map((line) => text.heightOf(line.text, line.style, { width: leftInner }) + 1.5);
  const leftHeight = pad + 11 + lineHeights.reduce((sum, height) => sum + height, 0) + pad;

  const facts: [string, string][] = [
    ['Quotation no.', quotation.number],
    ['Date', formatDay(quotationDay(quotation))],
    ['Valid until', formatDay(quotation.validUntil)],
    ['Revision', String(quotation.revision)],
  ];
  const factHeight = 15;
  const rightHeight = pad + 11 + facts.length * factHeight + pad - 3;
  const height = Math.max(leftHeight, rightHeight);

  return {
    height,
    draw: (y) => {
      doc.roundedRect(MARGIN_X, y, leftWidth, height, 4).fill(COLOR.panel);
      doc.fillColor(COLOR.muted);
      text.write('QUOTATION FOR', MARGIN_X + pad, y + pad, LABEL);
      let lineY = y + pad + 11;
      doc.fillColor(COLOR.text);
      buyerLines.forEach((line, index) => {
        text.write(line.text, MARGIN_X + pad, lineY, line.style, { width: leftInner });
        lineY += lineHeights[index] ?? 0;
      });

      const x = MARGIN_X + leftWidth + gap;
      doc.roundedRect(x, y, rightWidth, height, 4).lineWidth(0.75).stroke(COLOR.rule);
      doc.fillColor(COLOR.muted);
      text.write('QUOTATION DETAILS', x + pad, y + pad, LABEL);
      facts.forEach(([label, value], index) => {
        const factY = y + pad + 11 + index * factHeight;
        doc.fillColor(COLOR.muted);
        text.write(label, x + pad, factY, SMALL, { width: 62, lineBreak: false });
        const valueWidth = rightWidth - 2 * pad - 64;
        doc.fillColor(COLOR.text);
        writeFitted(doc, value, x + pad + 64, factY, BODY_BOLD, valueWidth);
      });
    },
  };
}

function supplyBlock({ doc, text }: QuotationSheet, quotation: Quotation, stateTax: string): Block {
  const place = `Place of supply: ${quotation.placeOfSupply.name} (${quotation.placeOfSupply.code})`;
  const tax =
    quotation.supply === 'intraState' ? `Supply within the state: CGST + ${stateTax}` : 'Supply to another state: IGST';
  return {
    height: 12,
    draw: (y) => {
      doc.fillColor(COLOR.text);
      text.write(place, MARGIN_X, y, { font: 'bold', size: 9 }, { width: CONTENT_WIDTH * 0.62 });
      doc.fillColor(COLOR.muted);
      text.write(tax, MARGIN_X + CONTENT_WIDTH * 0.62, y + 0.5, SMALL, {
        width: CONTENT_WIDTH * 0.38,
        align: 'right',
      });
    },
  };
}

/** Tax by rate on the left; taxable value, taxes, round-off and the total on the right. */
function summaryBlock({ doc, text }: QuotationSheet, quotation: Quotation, stateTax: string): Block {
  const intra = quotation.supply === 'intraState';
  const byRate = summaryByRate(quotation);
  const rateColumns: { heading: string; width: number; value: (row: (typeof byRate)[number]) => string }[] = [
    { heading: 'GST rate', width: 44, value: (row) => formatPercent(row.gstRate) },
    { heading: 'Taxable value (₹)', width: 72, value: (row) => formatAmount(row.taxablePaise / 100) },
    ...(intra
      ? [
          {
            heading: 'CGST (₹)',
            width: 62,
            value: (row: (typeof byRate)[number]) => formatAmount(row.cgstPaise / 100),
          },
          {
            heading: `${stateTax} (₹)`,
            width: 62,
            value: (row: (typeof byRate)[number]) => formatAmount(row.sgstPaise / 100),
          },
        ]
      : [
          {
            heading: 'IGST (₹)',
            width: 68,
            value: (row: (typeof byRate)[number]) => formatAmount(row.igstPaise / 100),
          },
        ]),
    {
      heading: 'Total tax (₹)',
      width: 66,
      value: (row) => formatAmount((row.cgstPaise + row.sgstPaise + row.igstPaise) / 100),
    },
  ];
  const rowHeight = 13;
  const headingHeight = 16;
  const leftWidth = rateColumns.reduce((sum, column) => sum + column.width, 0);
  const leftHeight = 12 + headingHeight + byRate.length * rowHeight;

  const { totals } = quotation;
  const totalRows: [string, string][] = [
    ['Taxable value', formatMoney(totals.taxableValue)],
    ...(intra
      ? ([
          ['CGST', formatMoney(totals.cgst)],
          [stateTax, formatMoney(totals.sgst)],
        ] as [string, string][])
      : ([['IGST', formatMoney(totals.igst)]] as [string, string][])),
    ['Round off', formatRoundOff(totals.roundOff)],
  ];
  const rightWidth = 196;
  const totalHeight = 24;
  const rightHeight = totalRows.length * rowHeight + 6 + totalHeight;
  const height = Math.max(leftHeight, rightHeight);

  return {
    height,
    draw: (y) => {
      doc.fillColor(COLOR.muted);
      text.write('TAX SUMMARY BY RATE', MARGIN_X, y, LABEL);
      let rowY = y + 12;
      doc.rect(MARGIN_X, rowY, leftWidth, headingHeight).fill(COLOR.zebra);
      let x = MARGIN_X;
      doc.fillColor(COLOR.muted);
      for (const column of rateColumns) {
        text.write(
          column.heading,
          x + 3,
          rowY + 4.5,
          { font: 'bold', size: 6.5 },
          {
            width: column.width - 6,
            align: 'right',
            lineBreak: false,
          },
        );
        x += column.width;
      }
      rowY += headingHeight;
      doc.fillColor(COLOR.text);
      for (const row of byRate) {
        x = MARGIN_X;
        for (const column of rateColumns) {
          const value = column.value(row);
          writeFitted(doc, value, x + 3, rowY + 3, SMALL, column.width - 6);
          x += column.width;
        }
        rowY += rowHeight;
        doc
          .moveTo(MARGIN_X, rowY)
          .lineTo(MARGIN_X + leftWidth, rowY)
          .lineWidth(0.4)
          .stroke(COLOR.rule);
      }

      const rightX = MARGIN_X + CONTENT_WIDTH - rightWidth;
      rowY = y;
      for (const [label, value] of totalRows) {
        doc.fillColor(COLOR.muted);
        text.write(label, rightX, rowY + 2, BODY, { width: 80, lineBreak: false });
        doc.fillColor(COLOR.text);
        writeFitted(doc, value, rightX + 80, rowY + 2, BODY, rightWidth - 84);
        rowY += rowHeight;
      }
      rowY += 4;
      doc.rect(rightX, rowY, rightWidth, totalHeight).fill(COLOR.primary);
      doc.fillColor(COLOR.headerText);
      text.write('Total', rightX + 6, rowY + 6.5, { font: 'bold', size: 10 }, { width: 60, lineBreak: false });
      const total = formatMoney(totals.total);
      const totalWidth = rightWidth - 72;
      writeFitted(doc, total, rightX + 66, rowY + 5.5, { font: 'bold', size: 12 }, totalWidth);
    },
  };
}

function amountInWordsBlock({ doc, text }: QuotationSheet, quotation: Quotation): Block {
  const labelWidth = 92;
  const width = CONTENT_WIDTH - labelWidth;
  const words = quotation.amountInWords;
  const height = Math.max(12, text.heightOf(words, BODY_BOLD, { width }));
  return {
    height,
    draw: (y) => {
      doc.fillColor(COLOR.muted);
      text.write('Amount in words:', MARGIN_X, y, BODY, { width: labelWidth, lineBreak: false });
      doc.fillColor(COLOR.text);
      text.write(words, MARGIN_X + labelWidth, y, BODY_BOLD, { width });
    },
  };
}

function termsRows(quotation: Quotation): [string, string][] {
  const { terms } = quotation;
  return [
    [
      'Validity',
      `This quotation is valid until ${formatDay(quotation.validUntil)} (${quotation.validityDays} ${quotation.validityDays === 1 ? 'day' : 'days'}).`,
    ],
    ['Payment', terms.payment ?? ''],
    ['Delivery', terms.delivery ?? ''],
    ['Warranty', terms.warranty ?? ''],
    ['Notes', terms.notes ?? ''],
  ].filter((row): row is [string, string] => (row[1] ?? '').trim() !== '');
}

/** Terms, one row each, each kept whole (a long note may move to the next page, the heading stays with the first). */
function drawTerms({ doc, text }: QuotationSheet, quotation: Quotation, flow: Flow): void {
  const labelWidth = 62;
  const width = CONTENT_WIDTH - labelWidth;
  const headingHeight = 16;
  termsRows(quotation).forEach(([label, value], index) => {
    const heading = index === 0 ? headingHeight : 0;
    const height = text.heightOf(value.trim(), BODY, { width, lineGap: 0.5 }) + 4;
    const draw = (y: number) => {
      if (heading > 0) {
        doc.fillColor(COLOR.primary);
        text.write('Terms and conditions', MARGIN_X, y, { font: 'bold', size: 9.5 });
        rule(doc, y + 13);
      }
      doc.fillColor(COLOR.muted);
      text.write(label, MARGIN_X, y + heading, BODY_BOLD, { width: labelWidth, lineBreak: false });
      doc.fillColor(COLOR.text);
      text.write(value.trim(), MARGIN_X + labelWidth, y + heading, BODY, { width, lineGap: 0.5 });
    };
    place(flow, { height: heading + height, draw }, index === 0 ? BLOCK_GAP : 0);
  });
}

function drawQrCode(doc: Doc, url: string, x: number, y: number, size: number): void {
  const { modules } = QRCode.create(url, { errorCorrectionLevel: 'M' });
  const cell = size / modules.size;
  for (let row = 0; row < modules.size; row += 1) {
    for (let column = 0; column < modules.size; column += 1) {
      if (modules.get(row, column)) doc.rect(x + column * cell, y + row * cell, cell, cell);
    }
  }
  doc.fill(COLOR.text);
  // Tapped on a phone, the code opens the payment app as scanning it would.
  doc.link(x, y, size, size, url);
}

const SIGNATURE_WIDTH = 170;

/**
 * The last row: where to pay (the bank account, the UPI id and its QR code, in a box; absent when
 * Site → Company has neither) and, beside it, the signature block.
 */
function paymentAndSignatureBlock(sheet: QuotationSheet, document: QuotationDocument): Block {
  const { doc, text } = sheet;
  const { seller, quotation } = document;
  const bank = seller.bank && Object.values(seller.bank).some((value) => value !== '') ? seller.bank : null;
  const upi = seller.upiId !== '';
  const pad = 9;
  const qrSize = 78;
  const rowHeight = 13;
  const rows: [string, string][] = (
    [
      ['Account name', bank?.accountName ?? ''],
      ['Bank', bank?.bankName ?? ''],
      ['Branch', bank?.branch ?? ''],
      ['Account no.', bank?.accountNumber ?? ''],
      ['IFSC', bank?.ifsc ?? ''],
      ['UPI id', seller.upiId],
    ] as [string, string][]
  ).filter(([, value]) => value !== '');
  const hasBox = rows.length > 0;
  const boxWidth = CONTENT_WIDTH - SIGNATURE_WIDTH - 14;
  const rowsWidth = boxWidth - 2 * pad - (upi ? qrSize + 12 : 0);
  const boxHeight = hasBox ? 2 * pad + Math.max(13 + rows.length * rowHeight, upi ? qrSize + 20 : 0) : 0;

  const forLine = `For ${seller.name}`;
  const forHeight = Math.min(text.heightOf(forLine, BODY_BOLD, { width: SIGNATURE_WIDTH }), 36);
  const height = Math.max(boxHeight, forHeight + 56);

  return {
    height,
    draw: (y) => {
      if (hasBox) {
        doc.roundedRect(MARGIN_X, y, boxWidth, boxHeight, 4).lineWidth(0.75).stroke(COLOR.rule);
        doc.fillColor(COLOR.muted);
        text.write(bank ? 'BANK DETAILS FOR PAYMENT' : 'PAYMENT', MARGIN_X + pad, y + pad, LABEL);
        rows.forEach(([label, value], index) => {
          const rowY = y + pad + 13 + index * rowHeight;
          doc.fillColor(COLOR.muted);
          text.write(label, MARGIN_X + pad, rowY, SMALL, { width: 68, lineBreak: false });
          doc.fillColor(COLOR.text);
          text.write(value, MARGIN_X + pad + 70, rowY, BODY_BOLD, {
            width: rowsWidth - 70,
            height: rowHeight,
            ellipsis: true,
            lineBreak: false,
          });
        });
        if (upi) {
          const qrX = MARGIN_X + boxWidth - pad - qrSize;
          const url = upiPaymentUrl(seller.upiId, seller.name, quotation.totals.total, quotation.number);
          drawQrCode(doc, url, qrX, y + pad, qrSize);
          doc.fillColor(COLOR.muted);
          const caption = { font: 'regular', size: 6.5 } as const;
          writeFitted(doc, 'Scan to pay by UPI', qrX, y + pad + qrSize + 3, caption, qrSize, 'center');
          writeFitted(doc, formatMoney(quotation.totals.total), qrX, y + pad + qrSize + 11, caption, qrSize, 'center');
        }
      }

      const x = MARGIN_X + CONTENT_WIDTH - SIGNATURE_WIDTH;
      doc.fillColor(COLOR.text);
      text.write(forLine, x, y + (hasBox ? pad : 0), BODY_BOLD, {
        width: SIGNATURE_WIDTH,
        height: forHeight,
        ellipsis: true,
        align: 'right',
      });
      const lineY = y + height - 14;
      doc
        .moveTo(x + 40, lineY)
        .lineTo(x + SIGNATURE_WIDTH, lineY)
        .lineWidth(0.5)
        .stroke(COLOR.muted);
      doc.fillColor(COLOR.muted);
      text.write('Authorised signatory', x, lineY + 4, SMALL, { width: SIGNATURE_WIDTH, align: 'right' });
    },
  };
}

function drawFooters({ doc, text }: QuotationSheet, quotation: Quotation, draft: boolean): void {
  const range = doc.bufferedPageRange();
  for (let index = 0; index < range.count; index += 1) {
    doc.switchToPage(range.start + index);
    // Writing below the bottom margin would make pdfkit start a new page.
    const margin = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    if (draft) {
      // Light and across the page, over the content, so no crop or print setting loses it.
      doc.save();
      doc.rotate(-35, { origin: [PAGE.width / 2, PAGE.height / 2] });
      doc.fillOpacity(0.1).fillColor(COLOR.draft);
      doc.font('bold').fontSize(130);
      const width = doc.widthOfString('DRAFT');
      doc.text('DRAFT', PAGE.width / 2 - width / 2, PAGE.height / 2 - 65, { lineBreak: false });
      doc.restore();
    }
    rule(doc, FOOTER_Y - 6);
    doc.fillColor(COLOR.muted);
    const left = `Quotation ${quotation.number}${draft ? ' · DRAFT, not valid for acceptance' : ''}`;
    text.write(
      left,
      MARGIN_X,
      FOOTER_Y,
      { font: 'regular', size: 7 },
      {
        width: CONTENT_WIDTH - 90,
        height: 10,
        ellipsis: true,
        lineBreak: false,
      },
    );
    text.write(
      `Page ${index + 1} of ${range.count}`,
      MARGIN_X + CONTENT_WIDTH - 90,
      FOOTER_Y,
      {
        font: 'regular',
        size: 7,
      },
      { width: 90, align: 'right', lineBreak: false },
    );
    doc.page.margins.bottom = margin;
  }
}

/** Every text the document prints that may be in any script: which fonts it needs. */
function textsOf({ quotation, seller }: QuotationDocument): string[] {
  const { buyer, terms } = quotation;
  return [
    seller.name,
    ...seller.addressLines,
    buyer.name,
    buyer.company,
    buyer.address,
    ...quotation.lines.flatMap((line) => [line.description, line.unit]),
    terms.payment ?? '',
    terms.delivery ?? '',
    terms.warranty ?? '',
    terms.notes ?? '',
    ...(seller.bank ? Object.values(seller.bank) : []),
  ];
}

/**
 * Renders the quotation: an A4 PDF of as many pages as its lines need, fonts embedded (only the
 * glyphs used). Pages carry "Page n of N"; a draft is marked DRAFT on every page.
 */
export async function renderQuotationPdf(
  document: QuotationDocument,
  options: QuotationPdfOptions = {},
): Promise<Buffer> {
  const { quotation, seller } = document;
  const draft = options.draft ?? false;
  const fonts = await specSheetFontsFor(scriptsIn(textsOf(document)));
  const date = documentDate(quotation);
  const doc = new PDFDocument({
    size: 'A4',
    margins: { top: TOP, bottom: PAGE.height - CONTENT_BOTTOM, left: MARGIN_X, right: MARGIN_X },
    bufferPages: true,
    lang: 'en-IN',
    displayTitle: true,
    info: {
      Title: `Quotation ${quotation.number}`,
      Author: seller.name,
      Subject: `Quotation for ${quotation.buyer.company || quotation.buyer.name}`,
      CreationDate: date,
      ModDate: date,
    },
  });
  const chunks: Buffer[] = [];
  const finished = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  registerSheetFonts(doc, fonts);
  const sheet: QuotationSheet = { doc, text: new SheetText(doc, fonts) };
  const stateTax = stateTaxName(quotation);

  const flow = new Flow(
    doc,
    () => drawContinuationHeader(sheet, document),
    drawLetterhead(sheet, quotationLetterhead(seller)),
  );
  flow.y = drawTitle(sheet, draft, flow.y);
  place(flow, partiesBlock(sheet, quotation), 0);
  place(flow, supplyBlock(sheet, quotation, stateTax), 10);
  flow.y += 8;
  drawLinesTable(sheet, quotation, stateTax, flow);
  place(flow, summaryBlock(sheet, quotation, stateTax));
  place(flow, amountInWordsBlock(sheet, quotation), 10);
  drawTerms(sheet, quotation, flow);
  place(flow, paymentAndSignatureBlock(sheet, document), 16);

  drawFooters(sheet, quotation, draft);
  doc.end();
  return finished;
}
