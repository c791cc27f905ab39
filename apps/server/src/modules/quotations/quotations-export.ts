import { indianToday, type Locale, type Quotation } from '@capstan/shared';
import { csvField } from '../../csv-field';
import { type ServerMessageKey, serverTranslator } from '../../i18n/server-translator';

/** A cell as the export writes it: numbers stay numbers in a workbook. */
type ExportCell = string | number | null;

const COLUMNS = [
  'quotation.csvNumber',
  'quotation.csvAcceptedOn',
  'quotation.csvBuyer',
  'quotation.csvBuyerGstin',
  'quotation.csvPlaceOfSupply',
  'quotation.csvHsn',
  'quotation.csvDescription',
  'quotation.csvQuantity',
  'quotation.csvUnit',
  'quotation.csvRate',
  'quotation.csvDiscount',
  'quotation.csvTaxable',
  'quotation.csvGstRate',
  'quotation.csvCgst',
  'quotation.csvSgst',
  'quotation.csvIgst',
  'quotation.csvLineTotal',
] as const satisfies readonly ServerMessageKey[];

/**
 * The accepted quotations for the accountant (issue 39): one row per line, then freight and packing
 * as rows of their own, each with the quotation's number, acceptance day (India, YYYY-MM-DD so it
 * sorts), buyer and GSTIN, place of supply, and the line's taxable value and taxes in rupees. The
 * header row in the reader's language; the values as stored.
 */
export function acceptedQuotationsTable(
  quotations: readonly Quotation[],
  locale: Locale,
): { header: string[]; rows: ExportCell[][] } {
  const { t } = serverTranslator(locale);
  const rows = quotations.flatMap((quotation) => {
    const head: ExportCell[] = [
      quotation.number,
      quotation.acceptedAt ? indianToday(new Date(quotation.acceptedAt)) : null,
      quotation.buyer.company === '' ? quotation.buyer.name : quotation.buyer.company,
      quotation.buyer.gstin,
      `${quotation.placeOfSupply.code} ${quotation.placeOfSupply.name}`,
    ];
    const lines = quotation.lines.map((line): ExportCell[] => [
      ...head,
      line.hsn,
      line.description,
      line.quantity,
      line.unit,
      line.rate,
      line.discountPercent,
      line.taxableValue,
      line.gstRate,
      line.cgst,
      line.sgst,
      line.igst,
      line.total,
    ]);
    const charges = quotation.charges.map((charge): ExportCell[] => [
      ...head,
      null,
      t(charge.kind === 'freight' ? 'quotation.freight' : 'quotation.packing'),
      null,
      null,
      null,
      null,
      charge.amount,
      charge.gstRate,
      charge.cgst,
      charge.sgst,
      charge.igst,
      Math.round((charge.amount + charge.cgst + charge.sgst + charge.igst) * 100) / 100,
    ]);
    return [...lines, ...charges];
  });
  return { header: COLUMNS.map((column) => t(column)), rows };
}

/** UTF-8 with a byte-order mark and CRLF, every field quoted and guarded, as the other exports. */
export function quotationsCsv(table: { header: string[]; rows: ExportCell[][] }): Buffer {
  const line = (cells: readonly ExportCell[]) =>
    cells.map((cell) => csvField(cell === null ? '' : String(cell))).join(',');
  return Buffer.from(`\uFEFF${[line(table.header), ...table.rows.map(line)].join('\r\n')}\r\n`, 'utf8');
}

/** The same as a workbook, with the writer the catalogue export uses (loaded on first use). */
export async function quotationsXlsx(
  table: { header: string[]; rows: ExportCell[][] },
  locale: Locale,
): Promise<Buffer> {
  const { default: writeXlsxFile } = await import('write-excel-file/node');
  const header = table.header.map((text) => ({ value: text, fontWeight: 'bold' as const }));
  const description = COLUMNS.indexOf('quotation.csvDescription');
  return writeXlsxFile([header, ...table.rows], {
    // Excel's sheet names: at most 31 characters.
    sheet: serverTranslator(locale).t('quotation.sheetName').slice(0, 31),
    stickyRowsCount: 1,
    columns: table.header.map((_text, index) => ({ width: index === description ? 50 : 18 })),
  }).toBuffer();
}
