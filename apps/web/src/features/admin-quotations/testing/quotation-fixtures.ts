import type { Inquiry, Quotation } from '@capstan/shared';

/** An inquiry from a quote list with two items, as `GET /api/inquiries/{id}` answers it. */
export function buildInquiry(overrides: Partial<Inquiry> = {}): Inquiry {
  return {
    id: 'i1',
    firstName: 'Ravi',
    lastName: 'Kumar',
    email: 'ravi@example.com',
    phone: '044-2345 6789',
    service: null,
    serviceLabel: null,
    message: 'Please quote for these.',
    product: null,
    status: 'new',
    createdAt: '2026-11-21T04:15:00.000Z',
    reference: 'KPM-2026-00002',
    assignee: null,
    followUpOn: null,
    notes: [],
    items: [
      { id: 's1', kind: 'spare', code: 'SC-25', name: 'Spring Collet 25 mm', quantity: 3 },
      { id: 'm1', kind: 'machine', code: 'CL-25', name: 'Capstan Lathe CL-25', quantity: 1 },
    ],
    ...overrides,
  };
}

/** A quotation as the API answers it: one line of ₹1,000 at 18% in Tamil Nadu (same state as the seller). */
export function buildQuotation(overrides: Partial<Quotation> = {}): Quotation {
  return {
    id: 'q1',
    inquiryId: 'i1',
    number: 'KPM/Q/2026-27/0001',
    revision: 1,
    status: 'draft',
    buyer: {
      name: 'Ravi Kumar',
      company: 'Kumar Engineering',
      gstin: '',
      state: '33',
      address: '12 Avinashi Road, Coimbatore',
      email: 'ravi@example.com',
      phone: '044-2345 6789',
    },
    lines: [
      {
        position: 1,
        itemId: 's1',
        description: 'Spring Collet 25 mm (SC-25)',
        hsn: '8466',
        quantity: 2,
        unit: 'Nos',
        rate: 500,
        discountPercent: 0,
        gstRate: 18,
        taxableValue: 1000,
        cgst: 90,
        sgst: 90,
        igst: 0,
        total: 1180,
      },
    ],
    charges: [],
    totals: { taxableValue: 1000, cgst: 90, sgst: 90, igst: 0, roundOff: 0, total: 1180 },
    amountInWords: 'Rupees One Thousand One Hundred Eighty Only',
    placeOfSupply: { code: '33', name: 'Tamil Nadu' },
    supply: 'intraState',
    sellerState: '33',
    validityDays: 30,
    validUntil: '2026-12-21',
    terms: { payment: '50% advance', delivery: '2 weeks' },
    createdAt: '2026-11-21T05:00:00.000Z',
    updatedAt: '2026-11-21T05:00:00.000Z',
    sentAt: null,
    viewedAt: null,
    acceptedAt: null,
    acceptance: null,
    changeRequests: [],
    pdfSha256: null,
    ...overrides,
  };
}
