import type { TextStyle } from '../spec-sheet/sheet-text';
import { logoFormat } from './quotation-pdf-format';
import { COLOR, CONTENT_WIDTH, MARGIN_X, type QuotationSheet, TOP } from './quotation-pdf-layout';

/**
 * The company's letterhead at the top of its documents' first page (the quotation, the service
 * report): the logo, the name, the address and contact lines, the GSTIN on the right, and the
 * house's two-coloured rule. Each document words its own lines, in its own language.
 */

type Doc = PDFKit.PDFDocument;

export interface Letterhead {
  name: string;
  /** PNG or JPEG bytes; anything else (a WebP upload, broken bytes) prints the name large instead. */
  logo: Buffer | null;
  /** Under the name, one a line: the address, then the contact line. */
  details: string[];
  /** Right-aligned: the first line in bold (the GSTIN), the second smaller. */
  right: string[];
}

const SMALL: TextStyle = { font: 'regular', size: 8 };

interface OpenedImage {
  width: number;
  height: number;
}

/**
 * The logo opened by pdfkit (which then draws the opened image as it is), or null when there is
 * none, it is not a PNG or JPEG (a PDF embeds no WebP), or its bytes are broken: the letterhead
 * then prints the company's name large. pdfkit's type definitions leave out `openImage`.
 */
function openLogo(doc: Doc, bytes: Buffer | null): OpenedImage | null {
  if (!bytes || logoFormat(bytes) === null) return null;
  try {
    return (doc as unknown as { openImage: (src: Buffer) => OpenedImage }).openImage(bytes);
  } catch {
    return null;
  }
}

/** Draws the letterhead from the top of the page; returns where the content below it starts. */
export function drawLetterhead({ doc, text }: QuotationSheet, letterhead: Letterhead): number {
  const rightWidth = 170;
  let left = MARGIN_X;
  let logoBottom = TOP;
  const logo = openLogo(doc, letterhead.logo);
  if (logo) {
    const scale = Math.min(120 / logo.width, 52 / logo.height);
    doc.image(logo as unknown as Buffer, MARGIN_X, TOP, { width: logo.width * scale, height: logo.height * scale });
    left += logo.width * scale + 12;
    logoBottom = TOP + logo.height * scale;
  }
  const leftWidth = CONTENT_WIDTH - (left - MARGIN_X) - rightWidth - 12;
  // Without a logo the name is the letterhead, printed large.
  const nameStyle: TextStyle = { font: 'bold', size: left === MARGIN_X ? 19 : 14 };
  const nameHeight = Math.min(text.heightOf(letterhead.name, nameStyle, { width: leftWidth }), nameStyle.size * 2.6);
  doc.fillColor(COLOR.primary);
  text.write(letterhead.name, left, TOP, nameStyle, { width: leftWidth, height: nameHeight, ellipsis: true });
  let y = TOP + nameHeight + 2;

  const details = letterhead.details.join('\n');
  doc.fillColor(COLOR.muted);
  text.write(details, left, y, SMALL, { width: leftWidth, lineGap: 0.5 });
  y += text.heightOf(details, SMALL, { width: leftWidth, lineGap: 0.5 });

  const rightX = MARGIN_X + CONTENT_WIDTH - rightWidth;
  const [first, second] = letterhead.right;
  doc.fillColor(COLOR.text);
  if (first !== undefined) {
    text.write(first, rightX, TOP + 2, { font: 'bold', size: 9 }, { width: rightWidth, align: 'right' });
  }
  if (second !== undefined) {
    text.write(second, rightX, TOP + 15, SMALL, { width: rightWidth, align: 'right' });
  }

  const ruleY = Math.max(y, logoBottom, TOP + 28) + 6;
  doc.rect(MARGIN_X, ruleY, CONTENT_WIDTH, 2.5).fill(COLOR.primary);
  doc.rect(MARGIN_X, ruleY, 64, 2.5).fill(COLOR.accent);
  return ruleY + 12;
}
