import PDFDocument from 'pdfkit';
import QRCode from 'qrcode';
import { COG_PATH } from '../brand/brand-images';
import { registerSheetFonts, SheetText } from './sheet-text';
import type { SpecSheetFonts } from './spec-sheet-fonts';

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

/** The sheet's own words in the reader's language, already formatted (`specSheet.*` messages). */
export interface SpecSheetWords {
  /** 'Price', printed in capitals where the script has them. */
  price: string;
  scanForPage: string;
  keyFeatures: string;
  specifications: string;
  specificationsContinued: string;
  moreFeatures: (count: number) => string;
  moreSpecifications: (count: number) => string;
  noSpecifications: string;
  /** 'Contact Capstan Works'. */
  contactHeading: string;
  gstin: (gstin: string) => string;
  /** 'Capstan Works · Specification sheet · Details as of 24 Nov 2026'. */
  footer: string;
  pageOf: (page: number, count: number) => string;
  /** The PDF's title: 'NP-38 Capstan Lathe: specification sheet'. */
  documentTitle: string;
}

/** Everything one sheet shows, already worded and formatted. */
export interface SpecSheetContent {
  /** The reader's locale ('en-IN', 'ta-IN', 'hi-IN'): the PDF's language, for screen readers. */
  lang: string;
  words: SpecSheetWords;
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
  /** When the data last changed (printed in the footer's words): the PDF's dates, so the same data gives the same bytes. */
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

/** Cuts `text` at a word boundary to at most `max` characters, marking the cut with an ellipsis. */
export function clip(text: string, max: number): string {
  const trimmed = text.trim();
  if (trimmed.length <= max) return trimmed;
  const cut = trimmed.slice(0, max - 1);
  const lastSpace = cut.lastIndexOf(' ');
  return `${(lastSpace > max * 0.6 ? cut.slice(0, lastSpace) : cut).trimEnd()}…`;
}

type Doc = PDFKit.PDFDocument;

/** The document and the writer of its texts (any script). */
interface Sheet {
  doc: Doc;
  text: SheetText;
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

function drawFirstPageHeader({ doc, text }: Sheet, content: SpecSheetContent): number {
  const { company } = content;
  drawCog(doc, MARGIN_X, TOP, 30);
  const nameX = MARGIN_X + 40;
  const rightWidth = 190;
  const nameWidth = CONTENT_WIDTH - 40 - rightWidth - 10;
  doc.fillColor(COLOR.primary);
  text.write(
    company.name,
    nameX,
    TOP + 1,
    { font: 'bold', size: 14 },
    { width: nameWidth, height: 18, ellipsis: true, lineBreak: false },
  );
  doc.fillColor(COLOR.muted);
  text.write(
    company.tagline,
    nameX,
    TOP + 20,
    { font: 'regular', size: 7.5 },
    { width: nameWidth, height: 20, ellipsis: true },
  );

  const contactLines = [company.phones[0]?.number, company.email, hostOf(company.website)].filter(
    (line): line is string => line !== undefined && line !== '',
  );
  doc.fillColor(COLOR.text);
  text.write(
    contactLines.join('\n'),
    PAGE.width - MARGIN_X - rightWidth,
    TOP,
    { font: 'regular', size: 8 },
    { width: rightWidth, align: 'right', lineGap: 1.5 },
  );

  const ruleY = TOP + 44;
  doc.rect(MARGIN_X, ruleY, CONTENT_WIDTH, 2.5).fill(COLOR.primary);
  doc.rect(MARGIN_X, ruleY, 64, 2.5).fill(COLOR.accent);
  return ruleY + 16;
}

function drawContinuationHeader({ doc, text }: Sheet, content: SpecSheetContent): number {
  drawCog(doc, MARGIN_X, TOP, 16);
  doc.fillColor(COLOR.primary);
  text.write(
    content.company.name,
    MARGIN_X + 22,
    TOP + 3,
    { font: 'bold', size: 9 },
    { width: 220, height: 12, ellipsis: true, lineBreak: false },
  );
  const title = content.code ? `${content.name} · ${content.code}` : content.name;
  doc.fillColor(COLOR.muted);
  text.write(
    title,
    MARGIN_X + 250,
    TOP + 3.5,
    { font: 'regular', size: 8.5 },
    { width: CONTENT_WIDTH - 250, align: 'right', height: 12, ellipsis: true },
  );
  const ruleY = TOP + 22;
  doc.rect(MARGIN_X, ruleY, CONTENT_WIDTH, 1.5).fill(COLOR.primary);
  return ruleY + 16;
}

function drawTitle({ doc, text }: Sheet, content: SpecSheetContent, top: number): number {
  let y = top;
  doc.fillColor(COLOR.accentStrong);
  text.write(content.kindLabel.toUpperCase(), MARGIN_X, y, { font: 'bold', size: 8.5 }, { width: CONTENT_WIDTH });
  y += 14;
  const name = clip(content.name, 160);
  const nameStyle = { font: 'bold', size: 20 } as const;
  const nameHeight = text.heightOf(name, nameStyle, { width: CONTENT_WIDTH });
  doc.fillColor(COLOR.text);
  text.write(name, MARGIN_X, y, nameStyle, { width: CONTENT_WIDTH });
  y += nameHeight + 3;

  const facts: string[] = [];
  if (content.code) facts.push(`${content.codeLabel} ${content.code}`);
  if (content.brand) facts.push(content.brand);
  if (facts.length > 0) {
    doc.fillColor(COLOR.muted);
    text.write(facts.join('  ·  '), MARGIN_X, y, { font: 'regular', size: 10 }, { width: CONTENT_WIDTH });
    y += 16;
  }
  return y + 8;
}

/** The picture on the left, price and QR code on the right (both across when there is no picture). */
function drawHero({ doc, text }: Sheet, content: SpecSheetContent, top: number): number {
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
  doc.fillColor(COLOR.muted);
  text.write(content.words.price.toUpperCase(), x, top + 2, { font: 'bold', size: 7.5 });
  if (content.priced) {
    doc.fillColor(COLOR.primary);
    text.write(content.price, x, top + 13, { font: 'bold', size: 20 }, { width });
  } else {
    doc.fillColor(COLOR.text);
    text.write(content.price, x, top + 15, { font: 'bold', size: 14 }, { width });
  }

  const qrX = content.picture ? x : MARGIN_X + CONTENT_WIDTH - qrBlockWidth;
  const qrY = top + rowHeight - qrSize;
  drawQrCode(doc, content.pageUrl, qrX, qrY, qrSize);
  const captionX = qrX + qrSize + 10;
  const captionWidth = qrBlockWidth - qrSize - 10;
  const caption = content.words.scanForPage;
  const captionStyle = { font: 'bold', size: 8.5 } as const;
  doc.fillColor(COLOR.text);
  text.write(caption, captionX, qrY + 6, captionStyle, { width: captionWidth });
  const captionHeight = text.heightOf(caption, captionStyle, { width: captionWidth });
  doc.fillColor(COLOR.primary);
  text.write(
    content.pageUrl,
    captionX,
    qrY + 10 + captionHeight,
    { font: 'regular', size: 7 },
    { width: captionWidth, link: content.pageUrl, underline: false },
  );
  return top + rowHeight + 14;
}

function drawSectionHeading({ doc, text }: Sheet, title: string, y: number): number {
  doc.fillColor(COLOR.primary);
  text.write(title, MARGIN_X, y, { font: 'bold', size: 11 }, { width: CONTENT_WIDTH });
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
function contactBlock({ doc, text }: Sheet, content: SpecSheetContent): ContactBlock {
  const { company, words } = content;
  const padding = 11;
  const columnGap = 16;
  const innerWidth = CONTENT_WIDTH - 2 * padding;
  const heading = words.contactHeading;
  const headingStyle = { font: 'bold', size: 10 } as const;
  const bodyStyle = { font: 'regular', size: 8.5 } as const;
  const columns = [
    { share: 0.31, text: [...company.addressLines, ...(company.gstin ? [words.gstin(company.gstin)] : [])].join('\n') },
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

  const headingHeight = text.heightOf(heading, headingStyle, { width: innerWidth }) + 4;
  const bodyHeight = Math.max(
    ...columns.map((column) => text.heightOf(column.text, bodyStyle, { width: column.width, lineGap: 1.2 })),
  );
  const height = padding * 2 + headingHeight + bodyHeight;

  return {
    height,
    draw: (y) => {
      doc.roundedRect(MARGIN_X, y, CONTENT_WIDTH, height, 5).fill(COLOR.panel);
      doc.rect(MARGIN_X, y, 3, height).fill(COLOR.primary);
      doc.fillColor(COLOR.primary);
      text.write(heading, MARGIN_X + padding, y + padding, headingStyle, { width: innerWidth });
      const top = y + padding + headingHeight;
      let x = MARGIN_X + padding;
      doc.fillColor(COLOR.text);
      for (const column of columns) {
        text.write(column.text, x, top, bodyStyle, { width: column.width, lineGap: 1.2 });
        x += column.width + columnGap;
      }
    },
  };
}

function drawFooters({ doc, text }: Sheet, content: SpecSheetContent) {
  const range = doc.bufferedPageRange();
  const style = { font: 'regular', size: 7 } as const;
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
    doc.fillColor(COLOR.muted);
    text.write(content.words.footer, MARGIN_X, y, style, {
      width: CONTENT_WIDTH - 70,
      height: 10,
      ellipsis: true,
      lineBreak: false,
    });
    text.write(content.words.pageOf(index + 1, range.count), PAGE.width - MARGIN_X - 70, y, style, {
      width: 70,
      align: 'right',
      lineBreak: false,
    });
    doc.page.margins.bottom = margin;
  }
}

function drawMoreNote({ doc, text }: Sheet, note: string, y: number): number {
  doc.fillColor(COLOR.muted);
  text.write(note, MARGIN_X, y, { font: 'regular', size: 8.5 }, { width: CONTENT_WIDTH });
  return y + 16;
}
const MORE_NOTE_HEIGHT = 16;

function drawFeatures(sheet: Sheet, content: SpecSheetContent, flow: Flow, reserve: number) {
  const { doc, text } = sheet;
  const { features, words } = content;
  const columnGap = 16;
  const columnWidth = (CONTENT_WIDTH - columnGap) / 2;
  const bulletIndent = 11;
  const style = { font: 'regular', size: 9 } as const;
  const items = features.slice(0, FEATURES_MAX).map((feature) => clip(feature, FEATURE_MAX_CHARS));
  const notShown = features.length - items.length;
  for (let index = 0; index < items.length; index += 2) {
    const pair = items.slice(index, index + 2);
    const height =
      Math.max(...pair.map((item) => text.heightOf(item, style, { width: columnWidth - bulletIndent }))) + 5;
    const last = index + 2 >= items.length && notShown === 0;
    // The heading goes with the first pair, never alone at the foot of a page.
    const heading = index === 0 ? SECTION_HEADING_HEIGHT : 0;
    if (!flow.fit(heading + height + (last ? 0 : MORE_NOTE_HEIGHT), reserve)) {
      if (index === 0) return;
      flow.y = drawMoreNote(sheet, words.moreFeatures(features.length - index), flow.y);
      return;
    }
    if (index === 0) flow.y = drawSectionHeading(sheet, words.keyFeatures, flow.y);
    pair.forEach((item, column) => {
      const x = MARGIN_X + column * (columnWidth + columnGap);
      doc.circle(x + 3, flow.y + 5, 1.8).fill(COLOR.accent);
      doc.fillColor(COLOR.text);
      text.write(item, x + bulletIndent, flow.y, style, { width: columnWidth - bulletIndent });
    });
    flow.y += height;
  }
  if (notShown > 0 && flow.fit(MORE_NOTE_HEIGHT, reserve)) {
    flow.y = drawMoreNote(sheet, words.moreFeatures(notShown), flow.y + 2);
  }
}

function drawSpecifications(sheet: Sheet, content: SpecSheetContent, flow: Flow, reserve: number) {
  const { doc, text } = sheet;
  const { specifications: rows, words } = content;
  const padX = 7;
  const padY = 4;
  const keyWidth = CONTENT_WIDTH * 0.38;
  const valueWidth = CONTENT_WIDTH - keyWidth;
  const keyStyle = { font: 'bold', size: 9 } as const;
  const valueStyle = { font: 'regular', size: 9 } as const;
  // The page the table's heading was last drawn on: a heading always comes with a row under it.
  let pageOfHeading: number | null = null;
  for (let index = 0; index < rows.length; index += 1) {
    const row = rows[index];
    if (!row) continue;
    const key = clip(row.key, 100);
    const value = clip(row.value, SPEC_VALUE_MAX_CHARS);
    const keyHeight = text.heightOf(key, keyStyle, { width: keyWidth - 2 * padX });
    const valueHeight = text.heightOf(value, valueStyle, { width: valueWidth - 2 * padX });
    const height = Math.max(keyHeight, valueHeight) + 2 * padY;
    const last = index === rows.length - 1;
    const heading = pageOfHeading === flow.page ? 0 : SECTION_HEADING_HEIGHT;
    if (!flow.fit(heading + height + (last ? 0 : MORE_NOTE_HEIGHT), reserve)) {
      if (pageOfHeading === null) return;
      flow.y = drawMoreNote(sheet, words.moreSpecifications(rows.length - index), flow.y + 4);
      return;
    }
    if (pageOfHeading !== flow.page) {
      flow.y = drawSectionHeading(
        sheet,
        pageOfHeading === null ? words.specifications : words.specificationsContinued,
        flow.y,
      );
      pageOfHeading = flow.page;
    }
    if (index % 2 === 0) doc.rect(MARGIN_X, flow.y, CONTENT_WIDTH, height).fill(COLOR.zebra);
    doc.fillColor(COLOR.muted);
    text.write(key, MARGIN_X + padX, flow.y + padY, keyStyle, { width: keyWidth - 2 * padX });
    doc.fillColor(COLOR.text);
    text.write(value, MARGIN_X + keyWidth + padX, flow.y + padY, valueStyle, { width: valueWidth - 2 * padX });
    flow.y += height;
    doc
      .moveTo(MARGIN_X, flow.y)
      .lineTo(MARGIN_X + CONTENT_WIDTH, flow.y)
      .lineWidth(0.4)
      .stroke(COLOR.rule);
  }
}

/**
 * Renders the sheet: an A4 PDF of one or two pages, with the fonts embedded (only used glyphs).
 * `fonts` must have a face for every script in the content's texts (specSheetFontsFor(scriptsIn(…))).
 */
export function renderSpecSheet(content: SpecSheetContent, fonts: SpecSheetFonts): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'A4',
    margins: { top: TOP, bottom: PAGE.height - CONTENT_BOTTOM, left: MARGIN_X, right: MARGIN_X },
    bufferPages: true,
    lang: content.lang,
    displayTitle: true,
    info: {
      Title: content.words.documentTitle,
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

  registerSheetFonts(doc, fonts);
  const sheet: Sheet = { doc, text: new SheetText(doc, fonts) };

  const contact = contactBlock(sheet, content);
  const reserve = contact.height + 12;
  const flow = new Flow(doc, () => drawContinuationHeader(sheet, content), drawFirstPageHeader(sheet, content));
  flow.y = drawTitle(sheet, content, flow.y);
  flow.y = drawHero(sheet, content, flow.y);

  const description = clip(content.description, DESCRIPTION_MAX_CHARS);
  if (description !== '') {
    const style = { font: 'regular', size: 9.5 } as const;
    const height = sheet.text.heightOf(description, style, { width: CONTENT_WIDTH, lineGap: 2 });
    if (flow.fit(Math.min(height, 60), reserve)) {
      const room = flow.bottom(reserve) - flow.y;
      doc.fillColor(COLOR.text);
      sheet.text.write(description, MARGIN_X, flow.y, style, {
        width: CONTENT_WIDTH,
        lineGap: 2,
        height: room,
        ellipsis: true,
      });
      flow.y += Math.min(height, room) + 10;
    }
  }

  if (content.features.length > 0) {
    drawFeatures(sheet, content, flow, reserve);
    flow.y += 10;
  }

  if (content.specifications.length > 0) {
    drawSpecifications(sheet, content, flow, reserve);
    flow.y += 12;
  } else if (flow.fit(SECTION_HEADING_HEIGHT + MORE_NOTE_HEIGHT, reserve)) {
    flow.y = drawSectionHeading(sheet, content.words.specifications, flow.y);
    flow.y = drawMoreNote(sheet, content.words.noSpecifications, flow.y + 2) + 12;
  }

  // The contact block closes the sheet: here if it fits, else on the second page (kept free for it).
  if (flow.y + contact.height > CONTENT_BOTTOM && flow.page < MAX_PAGES) {
    doc.addPage();
    flow.page += 1;
    flow.y = drawContinuationHeader(sheet, content);
  }
  contact.draw(Math.min(flow.y, CONTENT_BOTTOM - contact.height));

  drawFooters(sheet, content);
  doc.end();
  return finished;
}
