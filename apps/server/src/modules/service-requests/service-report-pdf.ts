import PDFDocument from 'pdfkit';
import { scriptsIn } from '../spec-sheet/script-runs';
import { registerSheetFonts, SheetText, type TextStyle } from '../spec-sheet/sheet-text';
import { specSheetFontsFor } from '../spec-sheet/spec-sheet-fonts';
import { drawLetterhead } from '../quotations/quotation-pdf-letterhead';
import {
  COLOR,
  CONTENT_BOTTOM,
  CONTENT_WIDTH,
  Flow,
  FOOTER_Y,
  MARGIN_X,
  PAGE,
  type QuotationSheet,
  rule,
  TOP,
} from '../quotations/quotation-pdf-layout';
import type { ServiceReportDocument } from './service-report-document';
import { allTexts, type ServiceReportTexts, serviceReportTexts } from './service-report-words';

/**
 * The service report as a PDF (issue 40), emailed to the customer when a request is closed: the
 * letterhead, the call and the customer, the machine and its cover, the complaint, the work done,
 * the parts used, the time spent and the signatures, in the customer's language. It is laid out
 * as the quotation is (A4, the same letterhead, palette and page breaks; decision 076) and writes
 * Tamil and Hindi with the spec sheet's fonts (decision 073). Long texts run on to the next page;
 * a row of the parts table never splits. The same document gives the same bytes (the PDF's dates
 * are the request's), so a stored report's hash can be checked by rendering it again.
 */

type Sheet = QuotationSheet;

const SMALL: TextStyle = { font: 'regular', size: 8 };
const LABEL: TextStyle = { font: 'bold', size: 6.5 };
const BODY: TextStyle = { font: 'regular', size: 9 };
const BODY_BOLD: TextStyle = { font: 'bold', size: 9 };
const HEADING: TextStyle = { font: 'bold', size: 10 };
const BODY_LINE_GAP = 1;
const SECTION_GAP = 14;
const PAD = 8;

const COVER_COLOR = { warranty: '#15803d', amc: COLOR.primary, none: '#c2410c', unknown: COLOR.muted } as const;

/** A label in capitals where the script has them (Tamil and Devanagari have none). */
const capitals = (texts: ServiceReportTexts, label: string) => label.toLocaleUpperCase(texts.lang);

function drawContinuationHeader({ doc, text }: Sheet, document: ServiceReportDocument, texts: ServiceReportTexts) {
  doc.fillColor(COLOR.primary);
  text.write(
    document.seller.name,
    MARGIN_X,
    TOP,
    { font: 'bold', size: 10 },
    { width: CONTENT_WIDTH - 250, height: 14, ellipsis: true, lineBreak: false },
  );
  doc.fillColor(COLOR.muted);
  text.write(texts.continued, MARGIN_X + CONTENT_WIDTH - 240, TOP + 1, SMALL, {
    width: 240,
    align: 'right',
    lineBreak: false,
  });
  rule(doc, TOP + 18, COLOR.primary, 1.5);
  return TOP + 28;
}

function drawTitle({ doc, text }: Sheet, document: ServiceReportDocument, texts: ServiceReportTexts, y: number) {
  const title = capitals(texts, texts.title);
  const style: TextStyle = { font: 'bold', size: 16 };
  doc.fillColor(COLOR.text);
  text.write(title, MARGIN_X, y, style, { width: CONTENT_WIDTH - 180, lineBreak: false });
  doc.fillColor(COLOR.primary);
  text.write(
    document.reference,
    MARGIN_X + CONTENT_WIDTH - 180,
    y + 2,
    { font: 'bold', size: 13 },
    {
      width: 180,
      align: 'right',
      lineBreak: false,
    },
  );
  return y + Math.max(text.heightOf(title, style), 20) + 8;
}

/** The customer on the left; the call's reference, dates and engineer on the right. */
function drawParties({ doc, text }: Sheet, texts: ServiceReportTexts, flow: Flow): void {
  const gap = 12;
  const rightWidth = 214;
  const leftWidth = CONTENT_WIDTH - rightWidth - gap;
  const leftInner = leftWidth - 2 * PAD;
  const lines = texts.customer.lines.map((line, index) => ({
    text: line,
    style: index === 0 ? ({ font: 'bold', size: 10 } as const) : BODY,
  }));
  const lineHeights = lines.map((line) => text.heightOf(line.text, line.style, { width: leftInner }) + 1.5);
  const leftHeight = PAD + 12 + lineHeights.reduce((sum, height) => sum + height, 0) + PAD;

  const labelWidth = 82;
  const valueWidth = rightWidth - 2 * PAD - labelWidth - 4;
  const factHeights = texts.call.facts.map(
    ([label, value]) =>
      Math.max(
        text.heightOf(label, SMALL, { width: labelWidth }),
        text.heightOf(value, BODY_BOLD, { width: valueWidth, height: 24, ellipsis: true }),
      ) + 3,
  );
  const rightHeight = PAD + 12 + factHeights.reduce((sum, height) => sum + height, 0) + PAD - 3;
  const height = Math.max(leftHeight, rightHeight);
  flow.fit(height);
  const y = flow.y;

  doc.roundedRect(MARGIN_X, y, leftWidth, height, 4).fill(COLOR.panel);
  doc.fillColor(COLOR.muted);
  text.write(capitals(texts, texts.customer.heading), MARGIN_X + PAD, y + PAD, LABEL);
  let lineY = y + PAD + 12;
  doc.fillColor(COLOR.text);
  lines.forEach((line, index) => {
    text.write(line.text, MARGIN_X + PAD, lineY, line.style, { width: leftInner });
    lineY += lineHeights[index] ?? 0;
  });

  const x = MARGIN_X + leftWidth + gap;
  doc.roundedRect(x, y, rightWidth, height, 4).lineWidth(0.75).stroke(COLOR.rule);
  doc.fillColor(COLOR.muted);
  text.write(capitals(texts, texts.call.heading), x + PAD, y + PAD, LABEL);
  let factY = y + PAD + 12;
  texts.call.facts.forEach(([label, value], index) => {
    doc.fillColor(COLOR.muted);
    text.write(label, x + PAD, factY + 0.5, SMALL, { width: labelWidth });
    doc.fillColor(COLOR.text);
    text.write(value, x + PAD + labelWidth + 4, factY, BODY_BOLD, { width: valueWidth, height: 24, ellipsis: true });
    factY += factHeights[index] ?? 0;
  });
  flow.y = y + height;
}

/** The machine: serial and model on the first row; commissioning, warranty and cover on the second. */
function drawMachine({ doc, text }: Sheet, document: ServiceReportDocument, texts: ServiceReportTexts, flow: Flow) {
  const { machine } = texts;
  const columnWidth = (CONTENT_WIDTH - 2 * PAD) / 3;
  const cellHeight = (value: string, width: number) =>
    11 + text.heightOf(value, BODY_BOLD, { width: width - 8, height: 24, ellipsis: true });
  const firstRow = Math.max(cellHeight(machine.serial[1], columnWidth), cellHeight(machine.model[1], columnWidth * 2));
  const secondRow = Math.max(
    ...[machine.commissionedOn, machine.warrantyUntil, machine.cover].map(([, value]) =>
      cellHeight(value, columnWidth),
    ),
  );
  const height = PAD + 12 + firstRow + 6 + secondRow + PAD;
  if (flow.y + SECTION_GAP + height <= CONTENT_BOTTOM) flow.y += SECTION_GAP;
  else flow.newPage();
  const y = flow.y;

  doc.roundedRect(MARGIN_X, y, CONTENT_WIDTH, height, 4).lineWidth(0.75).stroke(COLOR.rule);
  doc.fillColor(COLOR.muted);
  text.write(capitals(texts, machine.heading), MARGIN_X + PAD, y + PAD, LABEL);
  const cell = (
    [label, value]: [string, string],
    column: number,
    top: number,
    span: number,
    color: string = COLOR.text,
  ) => {
    const x = MARGIN_X + PAD + column * columnWidth;
    const width = columnWidth * span - 8;
    doc.fillColor(COLOR.muted);
    text.write(label, x, top, SMALL, { width, lineBreak: false });
    doc.fillColor(color);
    text.write(value, x, top + 11, BODY_BOLD, { width, height: 24, ellipsis: true });
  };
  const firstTop = y + PAD + 12;
  cell(machine.serial, 0, firstTop, 1);
  cell(machine.model, 1, firstTop, 2);
  const secondTop = firstTop + firstRow + 6;
  cell(machine.commissionedOn, 0, secondTop, 1);
  cell(machine.warrantyUntil, 1, secondTop, 1);
  cell(machine.cover, 2, secondTop, 1, COVER_COLOR[document.machine.cover]);
  flow.y = y + height;
}

/**
 * A section's heading and rule, kept on the page with at least `keep` points of what follows it
 * (a heading alone at the foot of a page reads as a section left empty).
 */
function drawHeading({ doc, text }: Sheet, title: string, flow: Flow, keep: number): void {
  const height = 19;
  if (flow.y + SECTION_GAP + height + keep <= CONTENT_BOTTOM) flow.y += SECTION_GAP;
  else flow.newPage();
  doc.fillColor(COLOR.primary);
  text.write(title, MARGIN_X, flow.y, HEADING, { width: CONTENT_WIDTH, lineBreak: false });
  rule(doc, flow.y + 15);
  flow.y += height;
}

/** Graphemes after which a word is cut with a space: about a line's worth at the body's size. */
const LONG_WORD = 100;
const graphemes = new Intl.Segmenter(undefined, { granularity: 'grapheme' });

/**
 * Cuts words longer than a line (a pasted run of characters with no space) into line-sized
 * pieces. Both line breakers (pdfkit's, and the Indic one in sheet-text.ts) break such a word by
 * measuring ever longer heads of it, in time that grows with the square of its length: a
 * 5,000-character word took seconds per page, with the event loop held.
 */
function breakLongWords(value: string): string {
  return value.replace(/\S{101,}/g, (word) => {
    const parts = [...graphemes.segment(word)].map((part) => part.segment);
    const pieces: string[] = [];
    for (let start = 0; start < parts.length; start += LONG_WORD)
      pieces.push(parts.slice(start, start + LONG_WORD).join(''));
    return pieces.join(' ');
  });
}

/** The longest head of `value` (whole words, else whole characters) that fits in `room` at full width. */
function fittingHead({ text }: Sheet, value: string, style: TextStyle, room: number): string {
  const options = { width: CONTENT_WIDTH, lineGap: BODY_LINE_GAP };
  const fits = (head: string) => head.trim() !== '' && text.heightOf(head.trimEnd(), style, options) <= room;
  const longest = (ends: number[]) => {
    let [low, high] = [0, ends.length];
    while (low < high) {
      const middle = Math.ceil((low + high) / 2);
      if (fits(value.slice(0, ends[middle - 1] ?? 0))) low = middle;
      else high = middle - 1;
    }
    return low === 0 ? '' : value.slice(0, ends[low - 1] ?? 0);
  };
  const words = longest([...value.matchAll(/\s*\S+/g)].map((match) => match.index + match[0].length));
  if (words !== '') return words;
  // One word longer than the room (a part number run together): cut it between characters.
  const segments = [...graphemes.segment(value)];
  return longest(segments.map((part) => part.index + part.segment.length));
}

/** A text of any length at full width, paragraph by paragraph, running on to the next pages. */
function drawFlowingText(sheet: Sheet, value: string, style: TextStyle, flow: Flow): void {
  const { doc, text } = sheet;
  const options = { width: CONTENT_WIDTH, lineGap: BODY_LINE_GAP };
  for (const paragraph of breakLongWords(value.replace(/\r\n?/g, '\n')).split('\n')) {
    let rest = paragraph.trimEnd();
    if (rest.trim() === '') {
      flow.y += style.size * 0.7;
      continue;
    }
    for (;;) {
      doc.fillColor(COLOR.text);
      const height = text.heightOf(rest, style, options);
      if (height <= flow.room) {
        text.write(rest, MARGIN_X, flow.y, style, options);
        flow.y += height;
        break;
      }
      const head = fittingHead(sheet, rest, style, flow.room);
      const freshPage = flow.room >= CONTENT_BOTTOM - TOP - 40;
      if (head === '' && freshPage) {
        // Not even a character fits on an empty page: cannot happen at these sizes; never loop.
        break;
      }
      if (head !== '') text.write(head.trimEnd(), MARGIN_X, flow.y, style, options);
      flow.newPage();
      rest = rest.slice(head.length).trimStart();
      if (rest === '') break;
    }
  }
}

const TABLE = { pad: 4, header: 18, numberWidth: 26, quantityWidth: 78 } as const;
const CELL: TextStyle = { font: 'regular', size: 8.5 };

/** The parts used: number, description, quantity; the header again on each page, no row split. */
function drawPartsTable(sheet: Sheet, texts: ServiceReportTexts, flow: Flow): void {
  const { doc, text } = sheet;
  const { rows } = texts.parts;
  const descriptionWidth = CONTENT_WIDTH - TABLE.numberWidth - TABLE.quantityWidth - 2 * TABLE.pad;
  const quantityX = MARGIN_X + CONTENT_WIDTH - TABLE.quantityWidth;
  const rowHeight = (description: string) =>
    text.heightOf(description, CELL, { width: descriptionWidth }) + 2 * TABLE.pad;

  const header = () => {
    doc.rect(MARGIN_X, flow.y, CONTENT_WIDTH, TABLE.header).fill(COLOR.primary);
    doc.fillColor(COLOR.headerText);
    const style: TextStyle = { font: 'bold', size: 7.5 };
    const top = flow.y + 5;
    text.write('#', MARGIN_X + TABLE.pad, top, style, { width: TABLE.numberWidth - 2 * TABLE.pad, align: 'right' });
    text.write(texts.parts.description, MARGIN_X + TABLE.numberWidth + TABLE.pad, top, style, {
      width: descriptionWidth,
      lineBreak: false,
    });
    text.write(texts.parts.quantity, quantityX + TABLE.pad, top, style, {
      width: TABLE.quantityWidth - 2 * TABLE.pad,
      align: 'right',
      lineBreak: false,
    });
    flow.y += TABLE.header;
  };

  header();
  let headerPage = flow.page;
  rows.forEach((row, index) => {
    const height = rowHeight(row.description);
    if (height > flow.room) flow.newPage();
    if (headerPage !== flow.page) {
      header();
      headerPage = flow.page;
    }
    if (index % 2 === 1) doc.rect(MARGIN_X, flow.y, CONTENT_WIDTH, height).fill(COLOR.zebra);
    doc.fillColor(COLOR.text);
    const top = flow.y + TABLE.pad;
    text.write(String(index + 1), MARGIN_X + TABLE.pad, top, CELL, {
      width: TABLE.numberWidth - 2 * TABLE.pad,
      align: 'right',
    });
    text.write(row.description, MARGIN_X + TABLE.numberWidth + TABLE.pad, top, CELL, { width: descriptionWidth });
    text.write(row.quantity, quantityX + TABLE.pad, top, CELL, {
      width: TABLE.quantityWidth - 2 * TABLE.pad,
      align: 'right',
      lineBreak: false,
    });
    flow.y += height;
    rule(doc, flow.y, COLOR.rule, 0.4);
  });
}

function drawParts(sheet: Sheet, texts: ServiceReportTexts, flow: Flow): void {
  const { doc, text } = sheet;
  const first = texts.parts.rows[0];
  const firstRow = first ? text.heightOf(first.description, CELL, { width: CONTENT_WIDTH - 120 }) + 2 * TABLE.pad : 0;
  drawHeading(sheet, texts.parts.heading, flow, first ? TABLE.header + firstRow : 14);
  if (!first) {
    doc.fillColor(COLOR.muted);
    text.write(texts.parts.none, MARGIN_X, flow.y, BODY, { width: CONTENT_WIDTH });
    flow.y += text.heightOf(texts.parts.none, BODY, { width: CONTENT_WIDTH });
    return;
  }
  drawPartsTable(sheet, texts, flow);
}

function drawTimeSpent({ doc, text }: Sheet, texts: ServiceReportTexts, flow: Flow): void {
  const [label, value] = texts.timeSpent;
  const labelWidth = 110;
  const height = Math.max(text.heightOf(label, BODY_BOLD, { width: labelWidth }), 12);
  if (flow.y + 12 + height <= CONTENT_BOTTOM) flow.y += 12;
  else flow.newPage();
  doc.fillColor(COLOR.muted);
  text.write(label, MARGIN_X, flow.y, BODY_BOLD, { width: labelWidth });
  doc.fillColor(COLOR.text);
  text.write(value, MARGIN_X + labelWidth, flow.y, BODY_BOLD, { width: CONTENT_WIDTH - labelWidth, lineBreak: false });
  flow.y += height;
}

/** The engineer's signature for the company on the left, the customer's on the right; kept whole. */
function drawSignatures(
  { doc, text }: Sheet,
  document: ServiceReportDocument,
  texts: ServiceReportTexts,
  flow: Flow,
): void {
  const gap = 40;
  const width = (CONTENT_WIDTH - gap) / 2;
  const { signatures } = texts;
  const leftTop = [signatures.forCompany, document.engineer ?? ''].filter((line) => line !== '').join('\n');
  const topHeight = Math.max(
    text.heightOf(leftTop, BODY_BOLD, { width }),
    text.heightOf(signatures.agrees, BODY, { width }),
  );
  const height = topHeight + 44 + 22;
  if (flow.y + 24 + height <= CONTENT_BOTTOM) flow.y += 24;
  else flow.newPage();
  const y = flow.y;
  const lineY = y + topHeight + 44;
  const right = MARGIN_X + width + gap;

  doc.fillColor(COLOR.text);
  text.write(leftTop, MARGIN_X, y, BODY_BOLD, { width });
  text.write(signatures.agrees, right, y, BODY, { width });
  for (const x of [MARGIN_X, right]) {
    doc
      .moveTo(x, lineY)
      .lineTo(x + width, lineY)
      .lineWidth(0.5)
      .stroke(COLOR.muted);
  }
  doc.fillColor(COLOR.muted);
  text.write(signatures.engineer, MARGIN_X, lineY + 4, SMALL, { width });
  text.write(`${signatures.customer} · ${signatures.nameAndDate}`, right, lineY + 4, SMALL, { width });
  flow.y = y + height;
}

function drawFooters({ doc, text }: Sheet, texts: ServiceReportTexts): void {
  const range = doc.bufferedPageRange();
  for (let index = 0; index < range.count; index += 1) {
    doc.switchToPage(range.start + index);
    // Writing below the bottom margin would make pdfkit start a new page.
    const margin = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    rule(doc, FOOTER_Y - 6);
    doc.fillColor(COLOR.muted);
    const style: TextStyle = { font: 'regular', size: 7 };
    text.write(texts.footer, MARGIN_X, FOOTER_Y, style, {
      width: CONTENT_WIDTH - 100,
      height: 10,
      ellipsis: true,
      lineBreak: false,
    });
    text.write(texts.pageOf(index + 1, range.count), MARGIN_X + CONTENT_WIDTH - 100, FOOTER_Y, style, {
      width: 100,
      align: 'right',
      lineBreak: false,
    });
    doc.page.margins.bottom = margin;
  }
}

/** The PDF's dates: when the request was closed, so the same report always gives the same bytes. */
function documentDate(document: ServiceReportDocument): Date {
  const time = Date.parse(document.closedAt);
  return new Date(Number.isNaN(time) ? 0 : time);
}

/**
 * Renders the report: an A4 PDF of as many pages as its texts and parts need, with only the
 * glyphs used of each font embedded, "Page n of N" on each page.
 */
export async function renderServiceReportPdf(document: ServiceReportDocument): Promise<Buffer> {
  const texts = serviceReportTexts(document);
  const fonts = await specSheetFontsFor(scriptsIn(allTexts(texts, document)));
  const date = documentDate(document);
  const doc = new PDFDocument({
    size: 'A4',
    margins: { top: TOP, bottom: PAGE.height - CONTENT_BOTTOM, left: MARGIN_X, right: MARGIN_X },
    bufferPages: true,
    lang: texts.lang,
    displayTitle: true,
    info: {
      Title: texts.documentTitle,
      Author: document.seller.name,
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
  const sheet: Sheet = { doc, text: new SheetText(doc, fonts) };
  const top = drawLetterhead(sheet, {
    name: document.seller.name,
    logo: document.seller.logo,
    details: texts.letterhead.details,
    right: texts.letterhead.right,
  });
  const flow = new Flow(doc, () => drawContinuationHeader(sheet, document, texts), top);
  flow.y = drawTitle(sheet, document, texts, flow.y);
  drawParties(sheet, texts, flow);
  drawMachine(sheet, document, texts, flow);

  const bodyLine = sheet.text.heightOf('A', BODY, { width: CONTENT_WIDTH, lineGap: BODY_LINE_GAP });
  drawHeading(sheet, texts.complaint.heading, flow, 2 * bodyLine + 14);
  doc.fillColor(document.machineDown ? COLOR.draft : COLOR.muted);
  sheet.text.write(texts.complaint.machineDown, MARGIN_X, flow.y, BODY_BOLD, { width: CONTENT_WIDTH });
  flow.y += sheet.text.heightOf(texts.complaint.machineDown, BODY_BOLD, { width: CONTENT_WIDTH }) + 4;
  drawFlowingText(sheet, texts.complaint.symptom, BODY, flow);

  drawHeading(sheet, texts.workDone.heading, flow, 2 * bodyLine);
  drawFlowingText(sheet, texts.workDone.text, BODY, flow);

  drawParts(sheet, texts, flow);
  drawTimeSpent(sheet, texts, flow);
  drawSignatures(sheet, document, texts, flow);

  drawFooters(sheet, texts);
  doc.end();
  return finished;
}
