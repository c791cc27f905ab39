import type { Quotation } from '@capstan/shared';
import type { TextStyle } from '../spec-sheet/sheet-text';
import { formatAmount, formatPercent, formatQuantity } from './quotation-pdf-format';
import {
  COLOR,
  CONTENT_WIDTH,
  type Flow,
  MARGIN_X,
  type QuotationSheet,
  rule,
  writeFitted,
} from './quotation-pdf-layout';

/**
 * The lines table: one row per line, then freight and packing, with CGST and SGST columns for a
 * supply within the state or one IGST column for another state. Rows that do not fit continue on
 * the next page under the header again; a row is never split.
 */

type Align = 'left' | 'right';

interface Column {
  key: string;
  heading: string;
  /** Points; the description takes what the others leave. */
  width: number;
  align: Align;
}

type Cells = Record<string, string>;

const PAD_X = 3;
const PAD_Y = 3.5;
const HEADER_HEIGHT = 22;
const CELL: TextStyle = { font: 'regular', size: 7.5 };
const HEADING: TextStyle = { font: 'bold', size: 6.5 };
/** Points: a description of 1,000 characters (the most the form takes) fits; a row never outgrows a page. */
const DESCRIPTION_MAX_HEIGHT = 300;

/**
 * Widths for amounts up to ₹99,99,99,999.00 at 7.5 pt in the money columns (a larger figure is
 * printed smaller rather than cut: writeFitted).
 */
function columns(supply: Quotation['supply'], stateTax: string): Column[] {
  const fixed: Column[] = [
    { key: 'position', heading: '#', width: 18, align: 'right' },
    { key: 'description', heading: 'Description', width: 0, align: 'left' },
    { key: 'hsn', heading: 'HSN/SAC', width: 42, align: 'left' },
    { key: 'quantity', heading: 'Qty', width: 32, align: 'right' },
    { key: 'unit', heading: 'Unit', width: 24, align: 'left' },
    { key: 'rate', heading: 'Rate (₹)', width: 60, align: 'right' },
    { key: 'discount', heading: 'Disc. %', width: 28, align: 'right' },
    { key: 'taxable', heading: 'Taxable value (₹)', width: 64, align: 'right' },
    { key: 'gstRate', heading: 'GST %', width: 26, align: 'right' },
    ...(supply === 'intraState'
      ? ([
          { key: 'cgst', heading: 'CGST (₹)', width: 54, align: 'right' },
          { key: 'sgst', heading: `${stateTax} (₹)`, width: 54, align: 'right' },
        ] as const)
      : ([{ key: 'igst', heading: 'IGST (₹)', width: 62, align: 'right' }] as const)),
  ];
  const rest = CONTENT_WIDTH - fixed.reduce((sum, column) => sum + column.width, 0);
  return fixed.map((column) => (column.key === 'description' ? { ...column, width: rest } : column));
}

const CHARGE_NAMES: Record<Quotation['charges'][number]['kind'], string> = {
  freight: 'Freight',
  packing: 'Packing and forwarding',
};

function rows(quotation: Quotation): { cells: Cells; charge: boolean }[] {
  const lines = quotation.lines.map((line) => ({
    charge: false,
    cells: {
      position: String(line.position),
      description: line.description,
      hsn: line.hsn,
      quantity: formatQuantity(line.quantity),
      unit: line.unit,
      rate: formatAmount(line.rate),
      discount: line.discountPercent > 0 ? formatPercent(line.discountPercent) : '-',
      taxable: formatAmount(line.taxableValue),
      gstRate: formatPercent(line.gstRate),
      cgst: formatAmount(line.cgst),
      sgst: formatAmount(line.sgst),
      igst: formatAmount(line.igst),
    },
  }));
  const charges = quotation.charges.map((charge) => ({
    charge: true,
    cells: {
      position: '',
      description: CHARGE_NAMES[charge.kind],
      hsn: '',
      quantity: '',
      unit: '',
      rate: '',
      discount: '',
      taxable: formatAmount(charge.amount),
      gstRate: formatPercent(charge.gstRate),
      cgst: formatAmount(charge.cgst),
      sgst: formatAmount(charge.sgst),
      igst: formatAmount(charge.igst),
    },
  }));
  return [...lines, ...charges];
}

function drawHeader({ doc, text }: QuotationSheet, cols: Column[], y: number): number {
  doc.rect(MARGIN_X, y, CONTENT_WIDTH, HEADER_HEIGHT).fill(COLOR.primary);
  let x = MARGIN_X;
  doc.fillColor(COLOR.headerText);
  for (const column of cols) {
    const width = column.width - 2 * PAD_X;
    const height = text.heightOf(column.heading, HEADING, { width });
    text.write(column.heading, x + PAD_X, y + Math.max(2, (HEADER_HEIGHT - height) / 2), HEADING, {
      width,
      align: column.align,
    });
    x += column.width;
  }
  return y + HEADER_HEIGHT;
}

/** The table, from `flow.y`; the flow ends below its last row. */
export function drawLinesTable(sheet: QuotationSheet, quotation: Quotation, stateTax: string, flow: Flow): void {
  const { doc, text } = sheet;
  const cols = columns(quotation.supply, stateTax);
  const descriptionWidth = (cols.find((column) => column.key === 'description')?.width ?? 100) - 2 * PAD_X;
  const all = rows(quotation);

  const firstHeight = all[0] ? rowHeight(sheet, all[0].cells.description ?? '', descriptionWidth) : 0;
  flow.fit(HEADER_HEIGHT + firstHeight);
  flow.y = drawHeader(sheet, cols, flow.y);
  let headerPage = flow.page;

  all.forEach((row, index) => {
    const description = row.cells.description ?? '';
    const height = rowHeight(sheet, description, descriptionWidth);
    if (height > flow.room) flow.newPage();
    if (headerPage !== flow.page) {
      flow.y = drawHeader(sheet, cols, flow.y);
      headerPage = flow.page;
    }
    if (row.charge || index % 2 === 1) doc.rect(MARGIN_X, flow.y, CONTENT_WIDTH, height).fill(COLOR.zebra);
    let x = MARGIN_X;
    for (const column of cols) {
      const value = row.cells[column.key] ?? '';
      const width = column.width - 2 * PAD_X;
      doc.fillColor(COLOR.text);
      if (column.key === 'description') {
        text.write(value, x + PAD_X, flow.y + PAD_Y, row.charge ? { ...CELL, font: 'bold' } : CELL, {
          width,
          height: DESCRIPTION_MAX_HEIGHT,
          ellipsis: true,
        });
      } else if (value !== '') {
        writeFitted(doc, value, x + PAD_X, flow.y + PAD_Y, CELL, width, column.align);
      }
      x += column.width;
    }
    flow.y += height;
    rule(doc, flow.y, COLOR.rule, 0.4);
  });
}

function rowHeight({ text }: QuotationSheet, description: string, width: number): number {
  return Math.min(text.heightOf(description, CELL, { width }), DESCRIPTION_MAX_HEIGHT) + 2 * PAD_Y;
}
