import {
  quotationTax,
  gstinStateCode,
  type QuotationData,
  type QuotationTerms,
  QUOTATION_UNIT_DEFAULT,
  QUOTATION_VALIDITY_DAYS_DEFAULT,
  type SupplyType,
} from '@capstan/shared';
import { RequestValidationError, type ValidationIssue } from '../../validation';
import type { QuotedCatalogueItem } from '../inquiries/inquiry-items.repository';

/** A line as a quotation keeps it: what staff gave, and its tax, in paise. */
export interface StoredLine {
  itemId: string | null;
  description: string;
  hsn: string;
  quantity: number;
  unit: string;
  ratePaise: number;
  discountPercent: number;
  gstRate: number;
  grossPaise: number;
  discountPaise: number;
  taxablePaise: number;
  cgstPaise: number;
  sgstPaise: number;
  igstPaise: number;
  totalPaise: number;
}

export interface StoredCharge {
  kind: 'freight' | 'packing';
  gstRate: number;
  taxablePaise: number;
  cgstPaise: number;
  sgstPaise: number;
  igstPaise: number;
  totalPaise: number;
}

export interface StoredBuyer {
  name: string;
  company: string;
  gstin: string;
  state: string;
  address: string;
  email: string;
  phone: string;
}

/** Everything a quotation's content is: what a draft's edit replaces and a revision copies. */
export interface QuotationContent {
  buyer: StoredBuyer;
  lines: StoredLine[];
  charges: StoredCharge[];
  terms: QuotationTerms;
  supply: SupplyType;
  stateTax: 'SGST' | 'UTGST';
  placeOfSupply: string;
  sellerState: string;
  validityDays: number;
  totals: {
    taxablePaise: number;
    cgstPaise: number;
    sgstPaise: number;
    igstPaise: number;
    roundOffPaise: number;
    totalPaise: number;
  };
}

export const unknownQuotationItemMessage = (id: string): string => `Unknown item: ${id}`;

/** `Capstan lathe CL-25 (CL-25)`: the item's name and its code, as a line describes it when nothing is typed. */
const describeItem = (item: QuotedCatalogueItem): string => (item.code ? `${item.name} (${item.code})` : item.name);

/**
 * The quotation `data` makes, taxed by place of supply (decision 075): the seller's state is the
 * company GSTIN's, the place of supply the buyer GSTIN's or their chosen state. A line naming a
 * catalogue item takes its name and code when no description is typed; an item the catalogue does
 * not hold is a 400 at `lines.<n>.itemId` naming it.
 */
export function quotationContent(
  data: QuotationData,
  sellerState: string,
  items: ReadonlyMap<string, QuotedCatalogueItem>,
): QuotationContent {
  const issues: ValidationIssue[] = [];
  const descriptions = data.lines.map((line, index) => {
    const typed = line.description ?? '';
    if (line.itemId === undefined) return typed;
    const item = items.get(line.itemId);
    if (!item) {
      issues.push({ path: ['lines', index, 'itemId'], message: unknownQuotationItemMessage(line.itemId) });
      return typed;
    }
    return typed === '' ? describeItem(item) : typed;
  });
  if (issues.length > 0) throw new RequestValidationError(issues);

  const gstin = data.buyer.gstin ?? '';
  // The schema refuses a GSTIN that disagrees with the chosen state, and a buyer with neither.
  const placeOfSupply = (gstin === '' ? null : gstinStateCode(gstin)) ?? data.buyer.state ?? '';
  const tax = quotationTax(sellerState, placeOfSupply, data);
  return {
    buyer: {
      name: data.buyer.name,
      company: data.buyer.company ?? '',
      gstin,
      state: placeOfSupply,
      address: data.buyer.address ?? '',
      email: data.buyer.email ?? '',
      phone: data.buyer.phone ?? '',
    },
    lines: data.lines.map((line, index) => {
      const taxed = tax.lines[index];
      if (!taxed) throw new Error('computeTax answered fewer lines than it was given');
      return {
        itemId: line.itemId ?? null,
        description: descriptions[index] ?? '',
        hsn: line.hsn,
        quantity: line.quantity,
        unit: line.unit || QUOTATION_UNIT_DEFAULT,
        ratePaise: taxed.ratePaise,
        discountPercent: taxed.discountPercent,
        gstRate: taxed.gstRate,
        grossPaise: taxed.grossPaise,
        discountPaise: taxed.discountPaise,
        taxablePaise: taxed.taxablePaise,
        cgstPaise: taxed.cgstPaise,
        sgstPaise: taxed.sgstPaise,
        igstPaise: taxed.igstPaise,
        totalPaise: taxed.totalPaise,
      };
    }),
    charges: tax.charges.map((charge) => ({
      kind: charge.kind,
      gstRate: charge.gstRate,
      taxablePaise: charge.taxablePaise,
      cgstPaise: charge.cgstPaise,
      sgstPaise: charge.sgstPaise,
      igstPaise: charge.igstPaise,
      totalPaise: charge.totalPaise,
    })),
    terms: data.terms ?? {},
    supply: tax.supply,
    stateTax: tax.stateTax,
    placeOfSupply,
    sellerState,
    validityDays: data.validityDays ?? QUOTATION_VALIDITY_DAYS_DEFAULT,
    totals: {
      taxablePaise: tax.totals.taxablePaise,
      cgstPaise: tax.totals.cgstPaise,
      sgstPaise: tax.totals.sgstPaise,
      igstPaise: tax.totals.igstPaise,
      roundOffPaise: tax.totals.roundOffPaise,
      totalPaise: tax.totals.totalPaise,
    },
  };
}
