import type { FastifyInstance } from 'fastify';
import type { CreateInquiryResponse, Quotation, QuotationInput, SendQuotationResponse } from '@capstan/shared';
import { bearer } from './test-app';

/** Valid GSTINs (their check characters computed): a Tamil Nadu buyer (33) and a Karnataka one (29). */
export const TN_BUYER_GSTIN = '33ABCDE1234F1Z7';
export const KA_BUYER_GSTIN = '29ABCDE1234F1ZW';

let nextAddress = 1;

/** A buyer's inquiry (public, from an address of its own so the per-address limit never bites). */
export async function sendInquiry(
  app: FastifyInstance,
  overrides: Record<string, unknown> = {},
): Promise<CreateInquiryResponse> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/inquiries',
    remoteAddress: `10.91.${Math.floor(nextAddress / 250)}.${(nextAddress++ % 250) + 1}`,
    payload: {
      firstName: 'Senthil',
      lastName: 'Kumar',
      email: 'senthil@buyer.example.in',
      phone: '+91 98400 11223',
      message: 'Please quote for two capstan lathes.',
      ...overrides,
    },
  });
  if (response.statusCode !== 201) throw new Error(`inquiry: ${response.statusCode} ${response.body}`);
  return response.json<CreateInquiryResponse>();
}

/** A Tamil Nadu buyer's quotation body: one typed line, ₹1,000.50 at 18%. */
export function quotationBody(overrides: Partial<QuotationInput> = {}): QuotationInput {
  return {
    buyer: {
      name: 'Senthil Kumar',
      company: 'Sri Murugan Engineering Works',
      gstin: TN_BUYER_GSTIN,
      address: '12 Avinashi Road\nCoimbatore 641018',
      email: 'senthil@buyer.example.in',
      phone: '+91 98400 11223',
    },
    lines: [{ description: 'Collet chuck 25 mm', hsn: '8466', quantity: 1, rate: 1000.5, gstRate: 18 }],
    validityDays: 30,
    terms: { payment: '50% advance, balance before dispatch', delivery: '6 to 8 weeks', warranty: '12 months' },
    ...overrides,
  };
}

export async function createQuotation(
  app: FastifyInstance,
  token: string,
  inquiryId: string,
  body: QuotationInput = quotationBody(),
): Promise<Quotation> {
  const response = await app.inject({
    method: 'POST',
    url: `/api/inquiries/${inquiryId}/quotations`,
    headers: bearer(token),
    payload: body,
  });
  if (response.statusCode !== 201) throw new Error(`quotation: ${response.statusCode} ${response.body}`);
  return response.json<Quotation>();
}

export async function sendQuotation(app: FastifyInstance, token: string, id: string): Promise<SendQuotationResponse> {
  const response = await app.inject({ method: 'POST', url: `/api/quotations/${id}/send`, headers: bearer(token) });
  if (response.statusCode !== 200) throw new Error(`send: ${response.statusCode} ${response.body}`);
  return response.json<SendQuotationResponse>();
}

/** The token of a buyer's link (`…/q/<token>`). */
export const tokenOf = (link: string): string => new URL(link).pathname.split('/').pop() ?? '';

/** A plain form post, as a browser without JavaScript sends it. */
export function postForm(
  app: FastifyInstance,
  url: string,
  fields: Record<string, string>,
  remoteAddress = '10.92.0.1',
) {
  return app.inject({
    method: 'POST',
    url,
    remoteAddress,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams(fields).toString(),
  });
}
