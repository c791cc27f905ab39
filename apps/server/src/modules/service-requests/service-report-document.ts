import type { Locale, PartUsed } from '@capstan/shared';

/**
 * What a service report PDF shows (issue 40), gathered by the service requests service when a
 * request is closed and drawn by service-report-pdf.ts, in the customer's language.
 */
export interface ServiceReportDocument {
  locale: Locale;
  /** The company as Site → Company holds it (name, address lines, phones, email, GSTIN, logo). */
  seller: {
    name: string;
    addressLines: string[];
    phones: string[];
    email: string | null;
    gstin: string | null;
    /** PNG or JPEG bytes of the logo, when there is one. */
    logo: Buffer | null;
  };
  reference: string;
  /** When the request was raised and closed (ISO timestamps). */
  raisedAt: string;
  closedAt: string;
  customer: { name: string; company: string | null; phone: string; email: string | null; address: string | null };
  machine: {
    serial: string;
    /** Null for a request never matched to a registered machine. */
    model: string | null;
    commissionedOn: string | null;
    warrantyEndsOn: string | null;
    /** On the day the request was raised: under warranty, under an AMC, or chargeable. */
    cover: 'warranty' | 'amc' | 'none' | 'unknown';
  };
  symptom: string;
  machineDown: boolean;
  visitOn: string | null;
  engineer: string | null;
  report: { workDone: string; partsUsed: PartUsed[]; hours: number | null };
}
