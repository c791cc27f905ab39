import type { QuotationData, QuotationStatus, QuotationTerms } from './schemas/quotations';
import type { GstRate } from './gst/rates';
import { computeTax, rupeesToPaise, type SupplyType, type TaxResult } from './gst/tax';

/**
 * A quotation's tax from its lines and charges as the form and the API carry them (rupees): one
 * conversion to the paise computeTax takes, so the back office's preview and the server's figures
 * are the same by construction.
 */
export function quotationTax(
  sellerStateCode: string,
  placeOfSupply: string,
  quotation: Pick<QuotationData, 'lines' | 'freight' | 'packing'>,
): TaxResult {
  return computeTax({
    sellerStateCode,
    placeOfSupply,
    lines: quotation.lines.map((line) => ({
      quantity: line.quantity,
      ratePaise: rupeesToPaise(line.rate),
      discountPercent: line.discountPercent,
      gstRate: line.gstRate,
    })),
    freightPaise: quotation.freight === undefined ? undefined : rupeesToPaise(quotation.freight),
    packingPaise: quotation.packing === undefined ? undefined : rupeesToPaise(quotation.packing),
  });
}

/**
 * What the API answers for a quotation (issue 39). Money in rupees as numbers with at most two
 * decimals, computed once from paise by the shared tax rules (gst/tax.ts) and stored with the
 * quotation, so the API, the PDF and the accountant's export print the same figures.
 */
export interface QuotationLine {
  position: number;
  itemId: string | null;
  /** The typed description, or the catalogue item's name and code when none was typed. */
  description: string;
  hsn: string;
  quantity: number;
  unit: string;
  rate: number;
  discountPercent: number;
  gstRate: GstRate;
  /** quantity × rate − discount. */
  taxableValue: number;
  cgst: number;
  sgst: number;
  igst: number;
  /** taxable value + tax. */
  total: number;
}

export interface QuotationTotals {
  taxableValue: number;
  cgst: number;
  sgst: number;
  igst: number;
  /** −0.49 to +0.50: what makes the total whole rupees. */
  roundOff: number;
  /** Whole rupees. */
  total: number;
}

export interface QuotationBuyer {
  name: string;
  company: string;
  gstin: string;
  /** The state code (GST_STATES) of the place of supply. */
  state: string;
  address: string;
  email: string;
  phone: string;
}

export interface QuotationCharge {
  kind: 'freight' | 'packing';
  amount: number;
  gstRate: GstRate;
  cgst: number;
  sgst: number;
  igst: number;
}

export interface Quotation {
  id: string;
  inquiryId: string;
  /** `KPM/Q/2026-27/0042`, then `KPM/Q/2026-27/0042-R2` for its second revision. */
  number: string;
  revision: number;
  /** `expired` is answered once a sent or viewed quotation is past its validity. */
  status: QuotationStatus;
  buyer: QuotationBuyer;
  lines: QuotationLine[];
  charges: QuotationCharge[];
  totals: QuotationTotals;
  /** "Rupees Twenty-Two Lakh Thirty Thousand Two Hundred Only". */
  amountInWords: string;
  placeOfSupply: { code: string; name: string };
  supply: SupplyType;
  /** The seller's state code (the company GSTIN's first two digits when the quotation was made). */
  sellerState: string;
  validityDays: number;
  /** YYYY-MM-DD (India): the day it was sent (or today, for a draft) plus the validity. */
  validUntil: string;
  terms: QuotationTerms;
  createdAt: string;
  updatedAt: string;
  sentAt: string | null;
  viewedAt: string | null;
  acceptedAt: string | null;
  acceptance: { name: string; purchaseOrder: string } | null;
  /** What the buyer asked to change, oldest first. */
  changeRequests: { message: string; at: string }[];
  /** SHA-256 (hex) of the PDF bytes stored when it was sent; null for a draft. */
  pdfSha256: string | null;
}

/** `POST /api/quotations/{id}/send`. */
export interface SendQuotationResponse {
  status: 'sent';
  /** Absolute, from PUBLIC_URL: the buyer's page, valid until the quotation expires. */
  link: string;
}

/**
 * `GET /api/quotations/summary`: this month in India. `quoted` counts each quotation number once,
 * by its latest revision sent this month; `accepted` the quotations accepted this month. Values
 * are totals in rupees.
 */
export interface QuotationSummary {
  /** YYYY-MM. */
  month: string;
  quoted: { count: number; value: number };
  accepted: { count: number; value: number };
}
