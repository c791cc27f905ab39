import { downloadFile } from '@/lib/download-file';
import { serviceRequestUrl } from './get-service-request';

/** The closed request's service report, fetched with the session (a plain link carries no token) and saved. */
export function downloadServiceReport(id: string, reference: string): Promise<void> {
  return downloadFile(`${serviceRequestUrl(id)}/report.pdf`, `${reference.replace(/[^A-Za-z0-9-]+/g, '-')}.pdf`);
}
