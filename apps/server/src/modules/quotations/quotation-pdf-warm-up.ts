import type { Quotation } from '@capstan/shared';
import type { QuotationDocument } from './quotation-document';
import { renderQuotationPdf } from './quotation-pdf';

/**
 * A one-line quotation rendered once after the server starts, so the first quotation staff send
 * or preview does not pay for what every first render pays whatever its size: the Latin fonts'
 * tables decoded, pdfkit's and the QR code's code compiled (about 150 ms of a 50-line PDF's
 * 270 ms on an idle machine; decision 076). Its figures are not computed: nobody sees this PDF.
 */
const WARM_UP_QUOTATION: Quotation = {
  id: 'warm-up',
  inquiryId: 'warm-up',
  number: 'Q/2026-27/0001',
  revision: 1,
  status: 'draft',
  buyer: { name: 'Buyer', company: 'Company', gstin: '', state: '33', address: 'Address', email: '', phone: '' },
  lines: [
    {
      position: 1,
      itemId: null,
      description: 'Capstan lathe',
      hsn: '8458',
      quantity: 1,
      unit: 'Nos',
      rate: 100,
      discountPercent: 0,
      gstRate: 18,
      taxableValue: 100,
      cgst: 9,
      sgst: 9,
      igst: 0,
      total: 118,
    },
  ],
  charges: [],
  totals: { taxableValue: 100, cgst: 9, sgst: 9, igst: 0, roundOff: 0, total: 118 },
  amountInWords: 'Rupees One Hundred and Eighteen Only',
  placeOfSupply: { code: '33', name: 'Tamil Nadu' },
  supply: 'intraState',
  sellerState: '33',
  validityDays: 30,
  validUntil: '2026-12-31',
  terms: {},
  createdAt: '2026-12-01T00:00:00.000Z',
  updatedAt: '2026-12-01T00:00:00.000Z',
  sentAt: null,
  viewedAt: null,
  acceptedAt: null,
  acceptance: null,
  changeRequests: [],
  pdfSha256: null,
};

const WARM_UP_DOCUMENT: QuotationDocument = {
  quotation: WARM_UP_QUOTATION,
  seller: {
    name: 'Seller',
    addressLines: ['Coimbatore'],
    gstin: '',
    stateCode: '33',
    phones: [],
    email: '',
    website: '',
    logo: null,
    bank: null,
    upiId: 'seller@bank',
  },
};

export async function warmUpQuotationPdf(): Promise<void> {
  await renderQuotationPdf(WARM_UP_DOCUMENT, { draft: true });
}
