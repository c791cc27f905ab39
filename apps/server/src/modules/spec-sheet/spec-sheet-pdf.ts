import PDFDocument from 'pdfkit';
import QRCode from 'qrcode';
import type { SpecSheetFonts } from './spec-sheet-fonts';
import { COG_PATH } from '../brand/brand-images';

/** The company as a spec sheet prints it (site settings, or their defaults). */
export interface SpecSheetCompany {
  name: string;
  tagline: string;
  addressLines: string[];
  phones: { label: string; number: string }[];
  email: string;
  /** The site's public address, printed as the website. */
  website: string;
  /** Opening hours as printed on the site ('Monday to Saturday 9:00 AM to 8:00 PM'). */
  hours: string[];
  gstin: string;
}

/** The main picture, already a JPEG or PNG (the PDF format has no WebP). */
export interface SpecSheetPicture {
  data: Buffer;
  width: number;
  height: number;
}

/** Everything one sheet shows, already worded and formatted. */
export interface SpecSheetContent {
  company: SpecSheetCompany;
  /** 'Capstan lathe', 'Spare part', 'Service'. */
  kindLabel: string;
  name: string;
  /** 'Model', 'Part no.', 'Service code'. */
  codeLabel: string;
  code: string | null;
  brand: string | null;
  /** The printed price, or 'Price on request'. */
  price: string;
  priced: boolean;
  description: string;
  features: string[];
  /** Printed values (number, unit and remark already formatted). */
  specifications: { key: string; value: string }[];
  picture: SpecSheetPicture | null;
  /** The product page's absolute URL, for the QR code and the link. */
  pageUrl: string;
  /** When the data last changed: printed, and the PDF's dates, so the same data gives the same bytes. */
  asOf: Date;
}

// A4 in points.
const PAGE = { width: 595.28, height: 841.89 };
const MARGIN_X = 42;
const TOP = 36;
/** The footer line sits below this. */
const CONTENT_BOTTOM = PAGE.height - 48;
const CONTENT_WIDTH = PAGE.width - 2 * MARGIN_X;
/** A one- or two-page sheet (decision 033); what does not fit is pointed to the product page. */
const MAX_PAGES = 2;

/** The site's palette (apps/web/src/index.css). */
const COLOR = {
  primary: '#1e40af',
  accent: '#f97316',
  accentStrong: '#c2410c',
  text: '#0f172a',
  muted: '#475569',
  rule: '#cbd5e1',
  zebra: '#f1f5f9',
  panel: '#eff6ff',
} as const;

// Long texts are cut on the sheet (the product page has them whole) so that even the largest
// item the forms allow (5,000-character description, 30 features, 50 specifications of 500
// characters) stays within two pages.
const DESCRIPTION_MAX_CHARS = 1200;
const FEATURE_MAX_CHARS = 160;
/** Buyers compare specifications; features past these leave the room to the table. */
const FEATURES_MAX = 12;
const SPEC_VALUE_MAX_CHARS = 300;

const asOfFormat = new Intl.DateTimeFormat('en-IN', { dateStyle: 'medium', timeZone: 'Asia/Kolkata' });

/** Cuts `text` at a word boundary to at most `max` characters, marking the cut with an ellipsis. */
export function clip(text: string, max: number): string {
  const trimmed = text.trim();
  if (trimmed.length <= max) return trimmed;
  const cut = trimmed.slice(0, max - 1);
  const lastSpace = cut.lastIndexOf(' ');
  return `${(lastSpace > max * 0.6 ? cut.slice(0, lastSpace) : cut).trimEnd()}…`;
}

type Doc = PDFKit.PDFDocument;

/**
 * pdfkit takes an already parsed fontkit font as well as a file (PDFFontFactory.open: anything
 * with `layout()`); its type definitions only list files, hence the cast.
 */
function registerParsedFont(doc: Doc, name: string, font: SpecSheetFonts[keyof SpecSheetFonts]) {
  doc.registerFont(name, font as unknown as PDFKit.Mixins.PDFFontSource);
}

/** Where the next block goes, and the page breaks: at most MAX_PAGES pages. */
class Flow {
  page = 1;
  y: number;

  constructor(
    private readonly doc: Doc,
    private readonly onNewPage: () => number,
    startY: number,
  ) {
    this.y = startY;
  }

  /** The lowest y content may reach on this page; the last page keeps `reserve` for the contact block. */
  bottom(reserve: number): number {
    return CONTENT_BOTTOM - (this.page === MAX_PAGES ? reserve : 0);
  }

  /**
   * True when a block of `height` fits here or on a new page (which it then starts); false when
   * the sheet is out of pages.
   */
  fit(height: number, reserve: number): boolean {
    if (this.y + height <= this.bottom(reserve)) return true;
    if (this.page >= MAX_PAGES) return false;
    this.doc.addPage();
    this.page += 1;
    this.y = this.onNewPage();
    return this.y + height <= this.bottom(reserve);
  }
}

function drawCog(doc: Doc, x: number, y: number, size: number) {
  doc.save();
  doc.translate(x, y).scale(size / 32);
  doc.path(COG_PATH).fill(COLOR.primary, 'even-odd');
  doc.circle(16, 16, 2.2).fill(COLOR.accent);
  doc.restore();
}

function drawQrCode(doc: Doc, url: string, x: number, y: number, size: number) {
  const { modules } = QRCode.create(url, { errorCorrectionLevel: 'M' });
  const cell = size / modules.size;
  for (let row = 0; row < modules.size; row += 1) {
    for (let column = 0; column < modules.size; column += 1) {
      if (modules.get(row, column)) doc.rect(x + column * cell, y + row * cell, cell, cell);
    }
  }
  doc.fill(COLOR.text);
  doc.link(x, y, size, size, url);
}

function hostOf(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.host}${parsed.pathname === '/' ? '' : parsed.pathname}`;
  } catch {
    return url;
  }
}

function drawFirstPageHeader(doc: Doc, content: SpecSheetContent): number {
  const { company } = content;
  drawCog(doc, MARGIN_X, TOP, 30);
  const nameX = MARGIN_X + 40;
  const rightWidth = 190;
  const nameWidth = CONTENT_WIDTH - 40 - rightWidth - 10;
  doc
    .font('bold')
    .fontSize(14)
    .fillColor(COLOR.primary)
    .text(company.name, nameX, TOP + 1, { width: nameWidth, height: 18, ellipsis: true, lineBreak: false });
  doc
    .font('regular')
    .fontSize(7.5)
    .fillColor(COLOR.muted)
    .text(company.tagline, nameX, TOP + 20, { width: nameWidth, height: 20, ellipsis: true });

  const contactLines = [company.phones[0]?.number, company.email, hostOf(company.website)].filter(
    (line): line is string => line !== undefined && line !== '',
  );
  doc
    .font('regular')
    .fontSize(8)
    .fillColor(COLOR.text)
    .text(contactLines.join('\n'), PAGE.width - MARGIN_X - rightWidth, TOP, {
      width: rightWidth,
      align: 'right',
      lineGap: 1.5,
    });

  const ruleY = TOP + 44;
  doc.rect(MARGIN_X, ruleY, CONTENT_WIDTH, 2.5).fill(COLOR.primary);
  doc.rect(MARGIN_X, ruleY, 64, 2.5).fill(COLOR.accent);
  return ruleY + 16;
}

function drawContinuationHeader(doc: Doc, content: SpecSheetContent): number {
  drawCog(doc, MARGIN_X, TOP, 16);
  doc
    .font('bold')
    .fontSize(9)
    .fillColor(COLOR.primary)
    .text(content.company.name, MARGIN_X + 22, TOP + 3, { width: 220, height: 12, ellipsis: true, lineBreak: false });
  const title = content.code ? `${content.name} · ${content.code}` : content.name;
  doc
    .font('regular')
    .fontSize(8.5)
    .fillColor(COLOR.muted)
    .text(title, MARGIN_X + 250, TOP + 3.5, { width: CONTENT_WIDTH - 250, align: 'right', height: 12, ellipsis: true });
  const ruleY = TOP + 22;
  doc.rect(MARGIN_X, ruleY, CONTENT_WIDTH, 1.5).fill(COLOR.primary);
  return ruleY + 16;
}

function drawTitle(doc: Doc, content: SpecSheetContent, top: number): number {
  let y = top;
  doc
    .font('bold')
    .fontSize(8.5)
    .fillColor(COLOR.accentStrong)
    .text(content.kindLabel.toUpperCase(), MARGIN_X, y, { width: CONTENT_WIDTH });
  y += 14;
  const name = clip(content.name, 160);
  doc.font('bold').fontSize(20).fillColor(COLOR.text);
  const nameHeight = doc.heightOfString(name, { width: CONTENT_WIDTH });
  doc.text(name, MARGIN_X, y, { width: CONTENT_WIDTH });
  y += nameHeight + 3;

  const facts: string[] = [];
  if (content.code) facts.push(`${content.codeLabel} ${content.code}`);
  if (content.brand) facts.push(content.brand);
  if (facts.length > 0) {
    doc
      .font('regular')
      .fontSize(10)
      .fillColor(COLOR.muted)
      .text(facts.join('  ·  '), MARGIN_X, y, { width: CONTENT_WIDTH });
    y += 16;
  }
  return y + 8;
}

/** The picture on the left, price and QR code on the right (both across when there is no picture). */
function drawHero(doc: Doc, content: SpecSheetContent, top: number): number {
  const pictureWidth = content.picture ? 250 : 0;
  const gap = content.picture ? 20 : 0;
  const qrSize = 80;
  const rowHeight = content.picture ? 172 : qrSize;

  if (content.picture) {
    doc.roundedRect(MARGIN_X, top, pictureWidth, rowHeight, 4).lineWidth(0.75).stroke(COLOR.rule);
    doc.image(content.picture.data, MARGIN_X + 6, top + 6, {
      fit: [pictureWidth - 12, rowHeight - 12],
      align: 'center',
      valign: 'center',
    });
  }

  const x = MARGIN_X + pictureWidth + gap;
  // Beside a picture the QR code sits under the price; without one, at the right of it.
  const qrBlockWidth = content.picture ? CONTENT_WIDTH - pictureWidth - gap : 250;
  const width = content.picture ? qrBlockWidth : CONTENT_WIDTH - qrBlockWidth - 10;
  doc
    .font('bold')
    .fontSize(7.5)
    .fillColor(COLOR.muted)
    .text('PRICE', x, top + 2);
  if (content.priced) {
    doc
      .font('bold')
      .fontSize(20)
      .fillColor(COLOR.primary)
      .text(content.price, x, top + 13, { width });
  } else {
    doc
      .font('bold')
      .fontSize(14)
      .fillColor(COLOR.text)
      .text(content.price, x, top + 15, { width });
  }

  const qrX = content.picture ? x : MARGIN_X + CONTENT_WIDTH - qrBlockWidth;
  const qrY = top + rowHeight - qrSize;
  drawQrCode(doc, content.pageUrl, qrX, qrY, qrSize);
  const captionX = qrX + qrSize + 10;
  const captionWidth = qrBlockWidth - qrSize - 10;
  doc
    .font('bold')
    .fontSize(8.5)
    .fillColor(COLOR.text)
    .text('Scan for the live product page', captionX, qrY + 6, { width: captionWidth });
  const captionHeight = doc.heightOfString('Scan for the live product page', { width: captionWidth });
  doc
    .font('regular')
    .fontSize(7)
    .fillColor(COLOR.primary)
    .text(content.pageUrl, captionX, qrY + 10 + captionHeight, {
      width: captionWidth,
      link: content.pageUrl,
      underline: false,
    });
  return top + rowHeight + 14;
}

function drawSectionHeading(doc: Doc, title: string, y: number): number {
  doc.font('bold').fontSize(11).fillColor(COLOR.primary).text(title, MARGIN_X, y, { width: CONTENT_WIDTH });
  doc
    .moveTo(MARGIN_X, y + 16)
    .lineTo(MARGIN_X + CONTENT_WIDTH, y + 16)
    .lineWidth(0.75)
    .stroke(COLOR.rule);
  return y + 23;
}
const SECTION_HEADING_HEIGHT = 23;

interface ContactBlock {
  height: number;
  draw: (y: number) => void;
}

/** Address, ways to reach the company and its hours, side by side so the block stays short. */
function contactBlock(doc: Doc, company: SpecSheetCompany): ContactBlock {
  const padding = 11;
  const columnGap = 16;
  const innerWidth = CONTENT_WIDTH - 2 * padding;
  const heading = `Contact ${company.name}`;
  const columns = [
    { share: 0.31, text: [...company.addressLines, ...(company.gstin ? [`GSTIN ${company.gstin}`] : [])].join('\n') },
    {
      share: 0.32,
      text: [
        ...company.phones.map((phone) => `${phone.label}: ${phone.number}`),
        company.email,
        hostOf(company.website),
      ].join('\n'),
    },
    { share: 0.37, text: company.hours.join('\n') },
  ].map((column) => ({ ...column, width: (innerWidth - 2 * columnGap) * column.share }));

  doc.font('bold').fontSize(10);
  const headingHeight = doc.heightOfString(heading, { width: innerWidth }) + 4;
  doc.font('regular').fontSize(8.5);
  const bodyHeight = Math.max(
    ...columns.map((column) => doc.heightOfString(column.text, { width: column.width, lineGap: 1.2 })),
  );
  const height = padding * 2 + headingHeight + bodyHeight;

  return {
    height,
    draw: (y) => {
      doc.roundedRect(MARGIN_X, y, CONTENT_WIDTH, height, 5).fill(COLOR.panel);
      doc.rect(MARGIN_X, y, 3, height).fill(COLOR.primary);
      doc
        .font('bold')
        .fontSize(10)
        .fillColor(COLOR.primary)
        .text(heading, MARGIN_X + padding, y + padding, { width: innerWidth });
      const top = y + padding + headingHeight;
      let x = MARGIN_X + padding;
      doc.font('regular').fontSize(8.5).fillColor(COLOR.text);
      for (const column of columns) {
        doc.text(column.text, x, top, { width: column.width, lineGap: 1.2 });
        x += column.width + columnGap;
      }
    },
  };
}

function drawFooters(doc: Doc, content: SpecSheetContent) {
  const range = doc.bufferedPageRange();
  const left = `${content.company.name} · Specification sheet · Details as of ${asOfFormat.format(content.asOf)}`;
  for (let index = 0; index < range.count; index += 1) {
    doc.switchToPage(range.start + index);
    // Writing below the bottom margin would make the PDF library start a new page.
    const margin = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    const y = PAGE.height - 32;
    doc
      .moveTo(MARGIN_X, y - 6)
      .lineTo(MARGIN_X + CONTENT_WIDTH, y - 6)
      .lineWidth(0.5)
      .stroke(COLOR.rule);
    doc
      .font('regular')
      .fontSize(7)
      .fillColor(COLOR.muted)
      .text(left, MARGIN_X, y, { width: CONTENT_WIDTH - 70, height: 10, ellipsis: true, lineBreak: false });
    doc.text(`Page ${index + 1} of ${range.count}`, PAGE.width - MARGIN_X - 70, y, {
      width: 70,
      align: 'right',
      lineBreak: false,
    });
    doc.page.margins.bottom = margin;
  }
}

function drawMoreNote(doc: Doc, text: string, y: number): number {
  doc.font('regular').fontSize(8.5).fillColor(COLOR.muted).text(text, MARGIN_X, y, { width: CONTENT_WIDTH });
  return y + 16;
}
const MORE_NOTE_HEIGHT = 16;

function drawFeatures(doc: Doc, features: readonly string[], flow: Flow, reserve: number) {
  const columnGap = 16;
  const columnWidth = (CONTENT_WIDTH - columnGap) / 2;
  const bulletIndent = 11;
  const items = features.slice(0, FEATURES_MAX).map((feature) => clip(feature, FEATURE_MAX_CHARS));
  const notShown = features.length - items.length;
  doc.font('regular').fontSize(9);
  for (let index = 0; index < items.length; index += 2) {
    const pair = items.slice(index, index + 2);
    const height = Math.max(...pair.map((item) => doc.heightOfString(item, { width: columnWidth - bulletIndent }))) + 5;
    const last = index + 2 >= items.length && notShown === 0;
    // The heading goes with the first pair, never alone at the foot of a page.
    const heading = index === 0 ? SECTION_HEADING_HEIGHT : 0;
    if (!flow.fit(heading + height + (last ? 0 : MORE_NOTE_HEIGHT), reserve)) {
      if (index === 0) return;
      flow.y = drawMoreNote(doc, `+ ${features.length - index} more key features on the product page`, flow.y);
      return;
    }
    if (index === 0) flow.y = drawSectionHeading(doc, 'Key features', flow.y);
    pair.forEach((item, column) => {
      const x = MARGIN_X + column * (columnWidth + columnGap);
      doc.circle(x + 3, flow.y + 5, 1.8).fill(COLOR.accent);
      doc
        .font('regular')
        .fontSize(9)
        .fillColor(COLOR.text)
        .text(item, x + bulletIndent, flow.y, { width: columnWidth - bulletIndent });
    });
    flow.y += height;
  }
  if (notShown > 0 && flow.fit(MORE_NOTE_HEIGHT, reserve)) {
    flow.y = drawMoreNote(doc, `+ ${notShown} more key features on the product page`, flow.y + 2);
  }
}

function drawSpecifications(doc: Doc, rows: readonly { key: string; value: string }[], flow: Flow, reserve: number) {
  const padX = 7;
  const padY = 4;
  const keyWidth = CONTENT_WIDTH * 0.38;
  const valueWidth = CONTENT_WIDTH - keyWidth;
  // The page the table's heading was last drawn on: a heading always comes with a row under it.
  let pageOfHeading: number | null = null;
  for (let index = 0; index < rows.length; index += 1) {
    const row = rows[index];
    if (!row) continue;
    const key = clip(row.key, 100);
    const value = clip(row.value, SPEC_VALUE_MAX_CHARS);
    doc.font('bold').fontSize(9);
    const keyHeight = doc.heightOfString(key, { width: keyWidth - 2 * padX });
    doc.font('regular').fontSize(9);
    const valueHeight = doc.heightOfString(value, { width: valueWidth - 2 * padX });
    const height = Math.max(keyHeight, valueHeight) + 2 * padY;
    const last = index === rows.length - 1;
    const heading = pageOfHeading === flow.page ? 0 : SECTION_HEADING_HEIGHT;
    if (!flow.fit(heading + height + (last ? 0 : MORE_NOTE_HEIGHT), reserve)) {
      if (pageOfHeading === null) return;
      flow.y = drawMoreNote(doc, `+ ${rows.length - index} more specifications on the product page`, flow.y + 4);
      return;
    }
    if (pageOfHeading !== flow.page) {
      flow.y = drawSectionHeading(
        doc,
        pageOfHeading === null ? 'Technical specifications' : 'Technical specifications (continued)',
        flow.y,
      );
      pageOfHeading = flow.page;
    }
    if (index % 2 === 0) doc.rect(MARGIN_X, flow.y, CONTENT_WIDTH, height).fill(COLOR.zebra);
    doc
      .font('bold')
      .fontSize(9)
      .fillColor(COLOR.muted)
      .text(key, MARGIN_X + padX, flow.y + padY, { width: keyWidth - 2 * padX });
    doc
      .font('regular')
      .fontSize(9)
      .fillColor(COLOR.text)
      .text(value, MARGIN_X + keyWidth + padX, flow.y + padY, { width: valueWidth - 2 * padX });
    flow.y += height;
    doc
      .moveTo(MARGIN_X, flow.y)
      .lineTo(MARGIN_X + CONTENT_WIDTH, flow.y)
      .lineWidth(0.4)
      .stroke(COLOR.rule);
  }
}

/** Renders the sheet: an A4 PDF of one or two pages, with the fonts embedded (only used glyphs). */
export function renderSpecSheet(content: SpecSheetContent, fonts: SpecSheetFonts): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'A4',
    margins: { top: TOP, bottom: PAGE.height - CONTENT_BOTTOM, left: MARGIN_X, right: MARGIN_X },
    bufferPages: true,
    lang: 'en-IN',
    displayTitle: true,
    info: {
      Title: `${content.name}: specification sheet`,
      Author: content.company.name,
      Subject: content.code ? `${content.codeLabel} ${content.code}` : content.kindLabel,
      CreationDate: content.asOf,
      ModDate: content.asOf,
    },
  });
  const chunks: Buffer[] = [];
  const finished = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  registerParsedFont(doc, 'regular', fonts.regular);
  registerParsedFont(doc, 'bold', fonts.bold);

  const contact = contactBlock(doc, content.company);
  const reserve = contact.height + 12;
  const flow = new Flow(doc, () => drawContinuationHeader(doc, content), drawFirstPageHeader(doc, content));
  flow.y = drawTitle(doc, content, flow.y);
  flow.y = drawHero(doc, content, flow.y);

  const description = clip(content.description, DESCRIPTION_MAX_CHARS);
  if (description !== '') {
    doc.font('regular').fontSize(9.5);
    const height = doc.heightOfString(description, { width: CONTENT_WIDTH, lineGap: 2 });
    if (flow.fit(Math.min(height, 60), reserve)) {
      const room = flow.bottom(reserve) - flow.y;
      doc.fillColor(COLOR.text).text(description, MARGIN_X, flow.y, {
        width: CONTENT_WIDTH,
        lineGap: 2,
        height: room,
        ellipsis: true,
      });
      flow.y += Math.min(height, room) + 10;
    }
  }

  if (content.features.length > 0) {
    drawFeatures(doc, content.features, flow, reserve);
    flow.y += 10;
  }

  if (content.specifications.length > 0) {
    drawSpecifications(doc, content.specifications, flow, reserve);
    flow.y += 12;
  } else if (flow.fit(SECTION_HEADING_HEIGHT + MORE_NOTE_HEIGHT, reserve)) {
    flow.y = drawSectionHeading(doc, 'Technical specifications', flow.y);
    flow.y = drawMoreNote(doc, 'No specifications available.', flow.y + 2) + 12;
  }

  // The contact block closes the sheet: here if it fits, else on the second page (kept free for it).
  if (flow.y + contact.height > CONTENT_BOTTOM && flow.page < MAX_PAGES) {
    doc.addPage();
    flow.page += 1;
    flow.y = drawContinuationHeader(doc, content);
  }
  contact.draw(Math.min(flow.y, CONTENT_BOTTOM - contact.height));

  drawFooters(doc, content);
  doc.end();
  return finished;
}
