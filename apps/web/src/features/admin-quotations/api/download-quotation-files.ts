import { downloadFile } from '@/lib/download-file';
import { QUOTATIONS_URL } from './get-quotations';
import { quotationUrl } from './get-quotation';

/** A file name without the number's slashes: `KPM-Q-2026-27-0042-R2.pdf`. */
export const quotationFileName = (number: string, extension: string) =>
  `${number.replace(/[^A-Za-z0-9-]+/g, '-').replace(/^-+|-+$/g, '') || 'quotation'}.${extension}`;

/** The quotation's PDF (a draft's is marked DRAFT), fetched with the session and saved. */
export function downloadQuotationPdf(id: string, number: string): Promise<void> {
  return downloadFile(`${quotationUrl(id)}/pdf`, quotationFileName(number, 'pdf'));
}

export type AcceptedExportFormat = 'csv' | 'xlsx';

/** The accepted quotations for the accountant, a row per line; `from`/`to` (YYYY-MM-DD) optional. */
export function acceptedExportUrl(format: AcceptedExportFormat, range: { from?: string; to?: string }): string {
  const params = new URLSearchParams();
  if (range.from) params.set('from', range.from);
  if (range.to) params.set('to', range.to);
  const query = params.toString();
  return `${QUOTATIONS_URL}/export.${format}${query === '' ? '' : `?${query}`}`;
}

export function downloadAcceptedQuotations(
  format: AcceptedExportFormat,
  range: { from?: string; to?: string },
): Promise<void> {
  const span = [range.from, range.to].filter(Boolean).join('-to-');
  return downloadFile(acceptedExportUrl(format, range), `accepted-quotations${span ? `-${span}` : ''}.${format}`);
}
