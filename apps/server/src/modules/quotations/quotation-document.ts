import type { BankDetails, Quotation } from '@capstan/shared';

/**
 * What a quotation's PDF is made from (issue 39): the quotation as the API answers it, and the
 * seller as Site → Company says it when the PDF is rendered. A sent revision's PDF is rendered once
 * and its bytes kept, so a later change of the company's settings never alters what was sent.
 */
export interface QuotationSeller {
  name: string;
  addressLines: string[];
  gstin: string;
  /** The first two digits of the GSTIN (GST_STATES). */
  stateCode: string;
  phones: string[];
  email: string;
  website: string;
  /** The logo's image bytes (as stored), or null when the company has none or it cannot be read. */
  logo: Buffer | null;
  /** Null when Site → Company has no bank details. */
  bank: BankDetails | null;
  /** '' when none. */
  upiId: string;
}

export interface QuotationDocument {
  quotation: Quotation;
  seller: QuotationSeller;
}
