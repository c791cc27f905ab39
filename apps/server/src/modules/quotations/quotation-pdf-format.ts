import { computeTax, formatPaise, GST_STATES, type GstRate, type Quotation } from '@capstan/shared';

/**
 * How the quotation PDF prints its figures: money from the quotation's rupees (at most two
 * decimals) in whole paise, so sums never drift; Indian digit grouping throughout (decision 075).
 */

/** Rupees as the API answers them (at most two decimals) → whole paise. */
export const paiseOf = (rupees: number): number => Math.round(rupees * 100);

const grouped = new Intl.NumberFormat('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** 2230200 rupees → `22,30,200.00`: a table cell, whose column heading says ₹. */
export const formatAmount = (rupees: number): string => grouped.format(paiseOf(rupees) / 100);

/** `₹22,30,200.00`. */
export const formatMoney = (rupees: number): string => formatPaise(paiseOf(rupees));

/** A round-off always shows its sign, as invoices print it: `+₹0.40`, `-₹0.49`, `₹0.00`. */
export function formatRoundOff(rupees: number): string {
  const paise = paiseOf(rupees);
  if (paise === 0) return formatPaise(0);
  return `${paise > 0 ? '+' : '-'}${formatPaise(Math.abs(paise))}`;
}

const quantityFormat = new Intl.NumberFormat('en-IN', { maximumFractionDigits: 3 });

/** `2`, `2.5`, `1,250` (quantities have at most 3 decimals). */
export const formatQuantity = (quantity: number): string => quantityFormat.format(quantity);

const percentFormat = new Intl.NumberFormat('en-IN', { maximumFractionDigits: 2 });

/** `18%`, `0.25%`, `12.5%`. */
export const formatPercent = (value: number): string => `${percentFormat.format(value)}%`;

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const;

/** `2026-11-29` → `29 Nov 2026`: the day first as India writes it, the month in letters so no reader takes it for 11/29. */
export function formatDay(day: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(day);
  if (!match) return day;
  return `${Number(match[3])} ${MONTHS[Number(match[2]) - 1] ?? match[2]} ${match[1]}`;
}

/**
 * The quotation's date: its validity counted back from the valid-until day. The API sets
 * `validUntil` from the day it was sent (or today, for a draft), so this is that day, read from
 * the quotation alone: the PDF never looks at the clock, and the same revision prints the same
 * bytes whenever it is rendered again.
 */
export function quotationDay(quotation: Pick<Quotation, 'validUntil' | 'validityDays'>): string {
  const until = Date.parse(`${quotation.validUntil.slice(0, 10)}T00:00:00Z`);
  if (Number.isNaN(until)) return quotation.validUntil;
  return new Date(until - quotation.validityDays * 86_400_000).toISOString().slice(0, 10);
}

/** The PDF's CreationDate: when the revision was sent, else when the draft last changed. */
export function documentDate(quotation: Pick<Quotation, 'sentAt' | 'updatedAt' | 'createdAt'>): Date {
  for (const value of [quotation.sentAt, quotation.updatedAt, quotation.createdAt]) {
    const time = value ? Date.parse(value) : Number.NaN;
    if (!Number.isNaN(time)) return new Date(time);
  }
  return new Date(0);
}

/** `Tamil Nadu (33)`. */
export function stateWithCode(code: string): string {
  const name = (GST_STATES as Record<string, string | undefined>)[code];
  return name ? `${name} (${code})` : code;
}

/**
 * SGST, or UTGST where the place of supply is a union territory without a legislature: the shared
 * tax rules know which (decision 075), and a one-line quotation of nothing asks them.
 */
export function stateTaxName(quotation: Pick<Quotation, 'sellerState' | 'placeOfSupply'>): 'SGST' | 'UTGST' {
  try {
    return computeTax({
      sellerStateCode: quotation.sellerState,
      placeOfSupply: quotation.placeOfSupply.code,
      lines: [{ quantity: 1, ratePaise: 0, gstRate: 0 }],
    }).stateTax;
  } catch {
    return 'SGST';
  }
}

export interface RateSummaryRow {
  gstRate: GstRate;
  taxablePaise: number;
  cgstPaise: number;
  sgstPaise: number;
  igstPaise: number;
}

/** The tax summary an invoice prints by rate: lines and charges together, lowest rate first. */
export function summaryByRate(quotation: Pick<Quotation, 'lines' | 'charges'>): RateSummaryRow[] {
  const rows = new Map<GstRate, RateSummaryRow>();
  const add = (gstRate: GstRate, taxable: number, cgst: number, sgst: number, igst: number) => {
    const row = rows.get(gstRate) ?? { gstRate, taxablePaise: 0, cgstPaise: 0, sgstPaise: 0, igstPaise: 0 };
    row.taxablePaise += paiseOf(taxable);
    row.cgstPaise += paiseOf(cgst);
    row.sgstPaise += paiseOf(sgst);
    row.igstPaise += paiseOf(igst);
    rows.set(gstRate, row);
  };
  for (const line of quotation.lines) add(line.gstRate, line.taxableValue, line.cgst, line.sgst, line.igst);
  for (const charge of quotation.charges) add(charge.gstRate, charge.amount, charge.cgst, charge.sgst, charge.igst);
  return [...rows.values()].sort((a, b) => a.gstRate - b.gstRate);
}

/**
 * What the UPI QR code asks a payment app to do (NPCI's UPI linking specification): pay this
 * amount to the company's UPI id, with the quotation's number as the note. Each value is
 * URL-encoded; the amount has two decimals, as apps expect.
 */
export function upiPaymentUrl(upiId: string, companyName: string, totalRupees: number, number: string): string {
  const params: [string, string][] = [
    ['pa', upiId],
    ['pn', companyName],
    ['am', (paiseOf(totalRupees) / 100).toFixed(2)],
    ['cu', 'INR'],
    ['tn', number],
  ];
  return `upi://pay?${params.map(([key, value]) => `${key}=${encodeURIComponent(value)}`).join('&')}`;
}

/** The image formats a PDF embeds as they are; anything else (a WebP upload) is left out. */
export function logoFormat(bytes: Buffer | null): 'png' | 'jpeg' | null {
  if (!bytes || bytes.length < 8) return null;
  if (bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'png';
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  return null;
}
