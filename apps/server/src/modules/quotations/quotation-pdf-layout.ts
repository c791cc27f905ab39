import type { SheetText, TextStyle } from '../spec-sheet/sheet-text';

/** The page, the palette and the page breaks the quotation PDF is laid out with. */

type Doc = PDFKit.PDFDocument;

// A4 in points.
export const PAGE = { width: 595.28, height: 841.89 } as const;
export const MARGIN_X = 34;
export const TOP = 32;
export const CONTENT_WIDTH = PAGE.width - 2 * MARGIN_X;
/** Content stops here; the footer (number, page of pages) sits below. */
export const CONTENT_BOTTOM = PAGE.height - 46;
export const FOOTER_Y = PAGE.height - 32;

/** The site's palette (apps/web/src/index.css), as the spec sheet prints it. */
export const COLOR = {
  primary: '#1e40af',
  accent: '#f97316',
  text: '#0f172a',
  muted: '#475569',
  rule: '#cbd5e1',
  zebra: '#f1f5f9',
  panel: '#eff6ff',
  headerText: '#ffffff',
  draft: '#dc2626',
} as const;

/** The document and the writer of its texts (any script: buyers' names may be in Tamil or Hindi). */
export interface QuotationSheet {
  doc: Doc;
  text: SheetText;
}

/** Where the next block goes, and the page breaks: a new page starts with the continuation header. */
export class Flow {
  page = 1;

  constructor(
    private readonly doc: Doc,
    private readonly onNewPage: () => number,
    public y: number,
  ) {}

  /** The room left on this page. */
  get room(): number {
    return CONTENT_BOTTOM - this.y;
  }

  newPage(): void {
    this.doc.addPage();
    this.page += 1;
    this.y = this.onNewPage();
  }

  /** Starts a new page unless a block of `height` fits here; true when it did. */
  fit(height: number): boolean {
    if (this.y + height <= CONTENT_BOTTOM) return false;
    this.newPage();
    return true;
  }
}

/**
 * One line of Latin text (an amount, a date, a number) in a box of `width`: at the style's size,
 * or smaller when it is longer than the box (₹99,99,99,999.00 in a narrow column), never wrapped
 * or cut; raised by half the size it lost so it keeps the row's line.
 */
export function writeFitted(
  doc: Doc,
  value: string,
  x: number,
  y: number,
  style: TextStyle,
  width: number,
  align: 'left' | 'right' | 'center' = 'right',
): void {
  let size = style.size;
  const measure = () => doc.font(style.font).fontSize(size).widthOfString(value);
  while (size > 3 && measure() > width) size -= 0.25;
  const measured = measure();
  const left = align === 'left' ? x : align === 'right' ? x + width - measured : x + (width - measured) / 2;
  doc.text(value, left, y + (style.size - size) / 2, { lineBreak: false });
}

/** A rule across the content. */
export function rule(doc: Doc, y: number, color: string = COLOR.rule, width = 0.5): void {
  doc
    .moveTo(MARGIN_X, y)
    .lineTo(MARGIN_X + CONTENT_WIDTH, y)
    .lineWidth(width)
    .stroke(color);
}
