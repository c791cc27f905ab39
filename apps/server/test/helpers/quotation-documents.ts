import sharp from 'sharp';
import {
  amountInWords,
  computeTax,
  GST_STATES,
  gstinCheckCharacter,
  type GstRate,
  paiseToRupees,
  type Quotation,
  type QuotationBuyer,
  type QuotationTerms,
} from '@capstan/shared';
import type { QuotationDocument, QuotationSeller } from '../../src/modules/quotations/quotation-document';

/**
 * Quotation documents as the quotations module hands them to the PDF, with figures from the
 * shared tax rules (so a test or the bench prints what the API would answer), for the PDF's
 * tests and the bench.
 */

const withCheck = (first14: string) => `${first14}${gstinCheckCharacter(first14)}`;

export const SELLER_GSTIN = withCheck('33AABCK1234F1Z');
/** A buyer in Tamil Nadu: CGST and SGST. */
export const BUYER_GSTIN_TAMIL_NADU = withCheck('33AAACR5055K1Z');
/** A buyer in Maharashtra: IGST. */
export const BUYER_GSTIN_MAHARASHTRA = withCheck('27AAPFU0939F1Z');

export interface LineSpec {
  description: string;
  hsn: string;
  quantity: number;
  unit?: string;
  /** Rupees. */
  rate: number;
  discountPercent?: number;
  gstRate: GstRate;
}

export interface QuotationSpec {
  number?: string;
  revision?: number;
  buyer?: Partial<QuotationBuyer>;
  lines: LineSpec[];
  /** Rupees. */
  freight?: number;
  packing?: number;
  validityDays?: number;
  validUntil?: string;
  terms?: QuotationTerms;
  sentAt?: string | null;
}

export const SELLER: QuotationSeller = {
  name: 'Kovai Precision Machines',
  addressLines: ['14, SIDCO Industrial Estate', 'Kurichi, Coimbatore 641021', 'Tamil Nadu, India'],
  gstin: SELLER_GSTIN,
  stateCode: '33',
  phones: ['+91 98430 12345', '+91 422 2672 100'],
  email: 'sales@kovaiprecision.in',
  website: 'https://www.kovaiprecision.in',
  logo: null,
  bank: {
    accountName: 'Kovai Precision Machines',
    bankName: 'State Bank of India',
    branch: 'Kurichi Industrial Estate',
    accountNumber: '32145678901',
    ifsc: 'SBIN0001234',
  },
  upiId: 'kovaiprecision@okaxis',
};

export function buildQuotation(spec: QuotationSpec): Quotation {
  const buyer: QuotationBuyer = {
    name: 'Ramesh Kumar',
    company: 'Sri Murugan Engineering Works',
    gstin: BUYER_GSTIN_TAMIL_NADU,
    state: '33',
    address: '22, Avinashi Road\nPeelamedu, Coimbatore 641004',
    email: 'ramesh@murugan-engg.in',
    phone: '+91 94430 55555',
    ...spec.buyer,
  };
  const tax = computeTax({
    sellerStateCode: '33',
    placeOfSupply: buyer.state,
    lines: spec.lines.map((line) => ({
      quantity: line.quantity,
      ratePaise: Math.round(line.rate * 100),
      discountPercent: line.discountPercent,
      gstRate: line.gstRate,
    })),
    freightPaise: spec.freight === undefined ? undefined : Math.round(spec.freight * 100),
    packingPaise: spec.packing === undefined ? undefined : Math.round(spec.packing * 100),
  });
  const rupees = paiseToRupees;
  const createdAt = '2026-11-29T05:30:00.000Z';
  return {
    id: '7d0f4c1e-2b1a-4c3e-9f00-000000000042',
    inquiryId: '7d0f4c1e-2b1a-4c3e-9f00-000000000001',
    number: spec.number ?? 'KPM/Q/2026-27/0042',
    revision: spec.revision ?? 1,
    status: spec.sentAt ? 'sent' : 'draft',
    buyer,
    lines: tax.lines.map((line, index) => ({
      position: index + 1,
      itemId: null,
      description: spec.lines[index]?.description ?? '',
      hsn: spec.lines[index]?.hsn ?? '',
      quantity: line.quantity,
      unit: spec.lines[index]?.unit ?? 'Nos',
      rate: rupees(line.ratePaise),
      discountPercent: line.discountPercent,
      gstRate: line.gstRate,
      taxableValue: rupees(line.taxablePaise),
      cgst: rupees(line.cgstPaise),
      sgst: rupees(line.sgstPaise),
      igst: rupees(line.igstPaise),
      total: rupees(line.totalPaise),
    })),
    charges: tax.charges.map((charge) => ({
      kind: charge.kind,
      amount: rupees(charge.taxablePaise),
      gstRate: charge.gstRate,
      cgst: rupees(charge.cgstPaise),
      sgst: rupees(charge.sgstPaise),
      igst: rupees(charge.igstPaise),
    })),
    totals: {
      taxableValue: rupees(tax.totals.taxablePaise),
      cgst: rupees(tax.totals.cgstPaise),
      sgst: rupees(tax.totals.sgstPaise),
      igst: rupees(tax.totals.igstPaise),
      roundOff: rupees(tax.totals.roundOffPaise),
      total: rupees(tax.totals.totalPaise),
    },
    amountInWords: amountInWords(tax.totals.totalPaise),
    placeOfSupply: { code: tax.placeOfSupply, name: GST_STATES[tax.placeOfSupply] },
    supply: tax.supply,
    sellerState: '33',
    validityDays: spec.validityDays ?? 30,
    validUntil: spec.validUntil ?? '2026-12-29',
    terms: spec.terms ?? {
      payment: '50% advance with the order, balance before dispatch.',
      delivery: '6 to 8 weeks from the date of the advance.',
      warranty: '12 months from the date of commissioning.',
      notes: 'Installation and training at the buyer’s works are included. Foundation work by the buyer.',
    },
    createdAt,
    updatedAt: createdAt,
    sentAt: spec.sentAt ?? null,
    viewedAt: null,
    acceptedAt: null,
    acceptance: null,
    changeRequests: [],
    pdfSha256: null,
  };
}

/** Three lines within Tamil Nadu: a lathe, a part with a discount, a service; freight and packing. */
export function intraStateDocument(seller: Partial<QuotationSeller> = {}): QuotationDocument {
  return {
    seller: { ...SELLER, ...seller },
    quotation: buildQuotation({
      lines: [
        {
          description: 'NP-38 All-Geared Capstan Lathe, 38 mm bar capacity, with standard accessories',
          hsn: '8458',
          quantity: 1,
          rate: 1_850_000,
          gstRate: 18,
        },
        {
          description: 'Collet chuck assembly, 38 mm (spare)',
          hsn: '8466',
          quantity: 4,
          rate: 12_450.5,
          discountPercent: 7.5,
          gstRate: 18,
        },
        {
          description: 'Installation and commissioning at site',
          hsn: '9987',
          quantity: 2.5,
          unit: 'Days',
          rate: 4_500,
          gstRate: 18,
        },
      ],
      freight: 18_500,
      packing: 6_250,
    }),
  };
}

/** Fifty lines to Maharashtra (IGST), some with long descriptions, and one line of ₹1 crore. */
export function interStateDocument(lineCount = 50): QuotationDocument {
  const hsn = ['8458', '8466', '8457', '9987', '84661010'] as const;
  const lines: LineSpec[] = Array.from({ length: lineCount }, (_, index) => ({
    description:
      index % 7 === 3
        ? `Spare part ${index + 1}: hardened and ground lead screw with nut, for NP-38 and NP-52 capstan lathes, supplied with fitting instructions`
        : `Spare part ${index + 1}: turret indexing pin`,
    hsn: hsn[index % hsn.length] ?? '8466',
    quantity: (index % 5) + 1,
    rate: index === 0 ? 10_000_000 : 1_000 + index * 137.35,
    discountPercent: index % 4 === 0 ? 5 : undefined,
    gstRate: index % 9 === 4 ? 12 : 18,
  }));
  return {
    seller: SELLER,
    quotation: buildQuotation({
      number: 'KPM/Q/2026-27/0043-R2',
      revision: 2,
      buyer: {
        name: 'Sunil Patil',
        company: 'Patil Auto Components Pvt. Ltd.',
        gstin: BUYER_GSTIN_MAHARASHTRA,
        state: '27',
        address: 'Plot 7, MIDC Bhosari\nPune 411026',
      },
      lines,
      freight: 42_000,
      validUntil: '2026-12-30',
      sentAt: '2026-11-30T06:15:00.000Z',
    }),
  };
}

/** A logo as a PNG: a blue band over an orange one. */
export function pngLogo(width = 96, height = 48): Promise<Buffer> {
  const band = Math.round(height * 0.25);
  return sharp({ create: { width, height, channels: 3, background: '#1e40af' } })
    .composite([
      {
        input: { create: { width, height: band, channels: 3, background: '#f97316' } },
        top: height - band,
        left: 0,
      },
    ])
    .png()
    .toBuffer();
}
