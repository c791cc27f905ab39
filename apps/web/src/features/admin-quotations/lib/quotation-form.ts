import {
  quotationTax,
  checkGstin,
  gstDefaultsFor,
  type Inquiry,
  isGstStateCode,
  type Quotation,
  type QuotationInput,
  type QuotationLineInput,
  QUOTATION_UNIT_DEFAULT,
  QUOTATION_VALIDITY_DAYS_DEFAULT,
  quotationLineSchema,
  rupeesToPaise,
  type TaxedLine,
  type TaxResult,
} from '@capstan/shared';
import type { CatalogueKind, CatalogueLine } from '../api/catalogue-lookup';

/**
 * The editor's values are the payload itself (quotationInputSchema's input): one schema for the
 * form and the route. A number not typed yet is NaN, which the schema refuses with the field's own
 * message, so an empty rate is never quoted as ₹0.
 */
export type QuotationFormValues = QuotationInput;
export type QuotationFormLine = QuotationLineInput;

/** The statuses whose save makes the next revision rather than changing them. */
export const REVISED_ON_SAVE = new Set<Quotation['status']>(['sent', 'viewed', 'changes_requested']);
/** The statuses nothing may change any more (the server answers 409). */
export const CLOSED = new Set<Quotation['status']>(['accepted', 'superseded', 'expired']);
/**
 * The statuses that may be sent: a draft. A sent revision is not sent again (its link's token is
 * kept only as a hash, decision 076); changing it makes the next revision, which is sent.
 */
export const SENDABLE = new Set<Quotation['status']>(['draft']);

/** An input's text as a number the schema checks: empty is NaN (required) or undefined (optional). */
export const requiredNumber = (value: unknown): number =>
  value === '' || value === null || value === undefined ? Number.NaN : Number(value);
export const optionalNumber = (value: unknown): number | undefined =>
  value === '' || value === null || value === undefined ? undefined : Number(value);

/** A catalogue item as the editor names it: its name, and its code when it has one. */
export const catalogueDescription = (line: Pick<CatalogueLine, 'name' | 'code'>) =>
  line.code ? `${line.name} (${line.code})` : line.name;

export function lineFromCatalogue(item: CatalogueLine, quantity = 1): QuotationFormLine {
  return {
    itemId: item.itemId,
    description: catalogueDescription(item),
    hsn: item.hsn,
    quantity,
    unit: QUOTATION_UNIT_DEFAULT,
    rate: item.price ?? Number.NaN,
    gstRate: item.gstRate,
  };
}

/** A line typed by hand: the goods' default code and rate, to be corrected by staff. */
export function typedLine(kind: CatalogueKind = 'spare'): QuotationFormLine {
  const defaults = gstDefaultsFor(kind);
  return {
    description: '',
    hsn: defaults.hsnCode,
    quantity: 1,
    unit: QUOTATION_UNIT_DEFAULT,
    rate: Number.NaN,
    gstRate: defaults.gstRate,
  };
}

const EMPTY_TERMS = { payment: '', delivery: '', warranty: '', notes: '' };

/**
 * A new quotation from an inquiry: the buyer's name, email and phone, and a line per item of their
 * quote list with its quantity, looked up in the catalogue (`lookups`, by item id; null when the
 * item is gone, which becomes a typed line of the name the buyer saw).
 */
export function valuesFromInquiry(
  inquiry: Inquiry,
  lookups: ReadonlyMap<string, CatalogueLine | null>,
): QuotationFormValues {
  const lines = inquiry.items.map((item) => {
    const found = lookups.get(item.id);
    if (found) return lineFromCatalogue(found, item.quantity);
    return { ...typedLine(item.kind), description: catalogueDescription(item), quantity: item.quantity };
  });
  return {
    buyer: {
      name: `${inquiry.firstName} ${inquiry.lastName}`.trim(),
      company: '',
      gstin: '',
      state: '',
      address: '',
      email: inquiry.email,
      phone: inquiry.phone,
    },
    lines,
    freight: undefined,
    packing: undefined,
    validityDays: QUOTATION_VALIDITY_DAYS_DEFAULT,
    terms: { ...EMPTY_TERMS },
  };
}

/** A stored quotation as the editor's values: the body that would store it again. */
export function valuesFromQuotation(quotation: Quotation): QuotationFormValues {
  const charge = (kind: 'freight' | 'packing') => quotation.charges.find((c) => c.kind === kind)?.amount;
  return {
    buyer: { ...quotation.buyer },
    lines: quotation.lines.map((line) => ({
      ...(line.itemId === null ? {} : { itemId: line.itemId }),
      description: line.description,
      hsn: line.hsn,
      quantity: line.quantity,
      unit: line.unit,
      rate: line.rate,
      ...(line.discountPercent > 0 ? { discountPercent: line.discountPercent } : {}),
      gstRate: line.gstRate,
    })),
    freight: charge('freight'),
    packing: charge('packing'),
    validityDays: quotation.validityDays,
    terms: { ...EMPTY_TERMS, ...quotation.terms },
  };
}

/** The place of supply: the buyer's GSTIN's state when it is valid, else the state chosen. */
export function placeOfSupplyOf(buyer: { gstin?: string | undefined; state?: string | undefined }): string | null {
  const checked = checkGstin(buyer.gstin ?? '');
  if (checked.ok) return checked.stateCode;
  const state = buyer.state ?? '';
  return isGstStateCode(state) ? state : null;
}

export type PreviewProblem = 'noSellerState' | 'noPlaceOfSupply' | 'noLines';

export interface Preview {
  tax: TaxResult | null;
  problem: PreviewProblem | null;
  /** Each form line's taxed figures, or null while that line is incomplete. */
  lines: (TaxedLine | null)[];
  /** Lines left out of the totals until they are complete. */
  incomplete: number;
}

/** A charge as typed, or 0 while it is no amount yet (empty, negative, more than 2 decimals). */
function chargeOrZero(rupees: number | undefined): number {
  if (rupees === undefined || !Number.isFinite(rupees) || rupees < 0) return 0;
  try {
    rupeesToPaise(rupees);
    return rupees;
  } catch {
    return 0;
  }
}

/**
 * The live totals: the shared tax rules (computeTax) on the lines that pass the line schema, so the
 * preview is the server's figure for the same body. Incomplete lines are left out and counted.
 */
export function previewOf(values: Partial<QuotationFormValues>, sellerState: string | null): Preview {
  const formLines = values.lines ?? [];
  const checked = formLines.map((line) => quotationLineSchema.safeParse(line));
  const complete = checked.flatMap((result, index) => (result.success ? [{ index, line: result.data }] : []));
  const none = { tax: null, lines: formLines.map(() => null), incomplete: formLines.length - complete.length };
  if (sellerState === null || !isGstStateCode(sellerState)) return { ...none, problem: 'noSellerState' };
  const place = placeOfSupplyOf(values.buyer ?? {});
  if (place === null) return { ...none, problem: 'noPlaceOfSupply' };
  if (complete.length === 0) return { ...none, problem: 'noLines' };
  const tax = quotationTax(sellerState, place, {
    lines: complete.map(({ line }) => line),
    freight: chargeOrZero(values.freight),
    packing: chargeOrZero(values.packing),
  });
  const lines: (TaxedLine | null)[] = formLines.map(() => null);
  complete.forEach(({ index }, position) => {
    lines[index] = tax.lines[position] ?? null;
  });
  return { tax, problem: null, lines, incomplete: none.incomplete };
}
