/**
 * Tax by place of supply (issue 39, decision 075), in integer paise throughout: no sum of rupee
 * fractions ever drifts, and what the API answers, the PDF prints and the accountant's export lists
 * are the same numbers, read from one TaxResult rather than computed again.
 *
 * - Each line: gross = quantity × rate; the discount is rounded to the paisa (half up); taxable =
 *   gross − discount.
 * - Seller and place of supply in the same state: CGST and SGST (UTGST in a union territory
 *   without a legislature), each half the rate, each rounded to the paisa per line. Another state:
 *   IGST at the full rate, rounded to the paisa per line.
 * - Freight and packing are taxed at the highest rate of the lines: they go with the goods (a
 *   composite supply is taxed as its principal supply), and with several rates the highest never
 *   collects too little.
 * - The total is rounded to the rupee with a round-off line of at most ±50 paise (50 rounds up).
 */
import { GST_STATES, isGstStateCode, type GstStateCode } from './gstin';
import { GST_RATES, isGstRate, type GstRate } from './rates';

export interface TaxLineInput {
  /** How many: more than 0, at most 3 decimals (2.5 days of a service). */
  quantity: number;
  /** The price of one, in whole paise. */
  ratePaise: number;
  /** 0 to 100, at most 2 decimals; absent is none. */
  discountPercent?: number;
  /** One of GST_RATES. */
  gstRate: number;
}

export interface TaxInput {
  /** The seller's state: the first two digits of the company's GSTIN. */
  sellerStateCode: string;
  /** The buyer's state: their GSTIN's first two digits, or chosen when they have none. */
  placeOfSupply: string;
  /** At least one line. */
  lines: readonly TaxLineInput[];
  /** Whole paise; absent or 0 is none. */
  freightPaise?: number;
  packingPaise?: number;
}

/** Same state (CGST + SGST) or another state (IGST). */
export type SupplyType = 'intraState' | 'interState';

/** What a line, a charge, a rate's summary and the totals each carry. */
export interface TaxAmounts {
  taxablePaise: number;
  cgstPaise: number;
  /** SGST, or UTGST when `stateTax` says so. */
  sgstPaise: number;
  igstPaise: number;
  /** cgst + sgst + igst. */
  taxPaise: number;
}

export interface TaxedLine extends TaxAmounts {
  quantity: number;
  ratePaise: number;
  discountPercent: number;
  gstRate: GstRate;
  /** quantity × rate, to the paisa. */
  grossPaise: number;
  discountPaise: number;
  /** taxable + tax. */
  totalPaise: number;
}

export interface TaxedCharge extends TaxAmounts {
  kind: 'freight' | 'packing';
  gstRate: GstRate;
  totalPaise: number;
}

/** The lines and charges of one rate together: the tax summary an invoice prints by rate. */
export interface RateSummary extends TaxAmounts {
  gstRate: GstRate;
}

export interface TaxTotals extends TaxAmounts {
  /** taxable + tax, before rounding to the rupee. */
  beforeRoundOffPaise: number;
  /** −49 to +50 paise: what makes the total whole rupees. */
  roundOffPaise: number;
  /** Whole rupees, in paise (a multiple of 100). */
  totalPaise: number;
}

export interface TaxResult {
  supply: SupplyType;
  /** What the state's half is called: UTGST in a union territory without a legislature. */
  stateTax: 'SGST' | 'UTGST';
  sellerStateCode: GstStateCode;
  placeOfSupply: GstStateCode;
  /** The place of supply's name, as GST_STATES says it. */
  placeOfSupplyName: string;
  lines: TaxedLine[];
  /** Freight then packing, those given (more than 0). */
  charges: TaxedCharge[];
  /** The rate freight and packing are taxed at: the highest of the lines. */
  chargesGstRate: GstRate;
  /** By rate, lowest first: lines and charges together. */
  byRate: RateSummary[];
  totals: TaxTotals;
}

/**
 * The union territories without a legislature of their own (and GST's "Other Territory"): there
 * the state's half of an intra-state supply is UTGST (UTGST Act, 2017, section 2(8)).
 */
const UTGST_TERRITORIES: ReadonlySet<GstStateCode> = new Set(['04', '25', '26', '31', '35', '38', '97']);

/** n / d rounded to the nearest whole number, halves up; both non-negative. */
const divideHalfUp = (n: bigint, d: bigint): bigint => (n * 2n + d) / (d * 2n);

/** A number with at most `decimals` decimals as a whole number of its smallest unit (2.5, 3 → 2500). */
function scaled(value: number, decimals: number, what: string): bigint {
  const factor = 10 ** decimals;
  const units = Math.round(value * factor);
  if (!Number.isFinite(value) || Math.abs(value * factor - units) > 1e-6) {
    throw new RangeError(`${what} must be a number with at most ${decimals} decimals, not ${value}`);
  }
  return BigInt(units);
}

function wholePaise(value: number | undefined, what: string): bigint {
  if (value === undefined) return 0n;
  if (!Number.isSafeInteger(value) || value < 0) throw new RangeError(`${what} must be whole paise, not ${value}`);
  return BigInt(value);
}

function stateCode(value: string, what: string): GstStateCode {
  if (!isGstStateCode(value)) throw new RangeError(`${what} is not a GST state code: ${value}`);
  return value;
}

function rateOf(value: number): GstRate {
  if (!isGstRate(value)) throw new RangeError(`GST rate ${value} is not one of ${GST_RATES.join(', ')}`);
  return value;
}

/** The tax on a taxable value at a rate, per the supply: halves rounded each, or IGST whole. */
function taxOn(taxable: bigint, rate: GstRate, supply: SupplyType): TaxAmounts {
  // The rate in hundredths of a per cent, so 0.25% and 1.5% stay whole numbers.
  const hundredths = scaled(rate, 2, 'GST rate');
  const half = supply === 'intraState' ? divideHalfUp(taxable * hundredths, 20_000n) : 0n;
  const igst = supply === 'interState' ? divideHalfUp(taxable * hundredths, 10_000n) : 0n;
  return {
    taxablePaise: Number(taxable),
    cgstPaise: Number(half),
    sgstPaise: Number(half),
    igstPaise: Number(igst),
    taxPaise: Number(half * 2n + igst),
  };
}

const ZERO: TaxAmounts = { taxablePaise: 0, cgstPaise: 0, sgstPaise: 0, igstPaise: 0, taxPaise: 0 };

const plus = (a: TaxAmounts, b: TaxAmounts): TaxAmounts => ({
  taxablePaise: a.taxablePaise + b.taxablePaise,
  cgstPaise: a.cgstPaise + b.cgstPaise,
  sgstPaise: a.sgstPaise + b.sgstPaise,
  igstPaise: a.igstPaise + b.igstPaise,
  taxPaise: a.taxPaise + b.taxPaise,
});

/** A total to the whole rupee, 50 paise and more up: the round-off and the rounded total. */
export function roundToRupee(paise: number): { roundOffPaise: number; totalPaise: number } {
  const totalPaise = Math.floor((paise + 50) / 100) * 100;
  return { roundOffPaise: totalPaise - paise, totalPaise };
}

/**
 * The tax of a quotation by place of supply (see the top of this file). Input that no payload
 * schema lets through (no lines, a rate not in GST_RATES, a negative or fractional paisa, an
 * unknown state code) throws a RangeError rather than being taxed.
 */
export function computeTax(input: TaxInput): TaxResult {
  const sellerStateCode = stateCode(input.sellerStateCode, 'The seller’s state');
  const placeOfSupply = stateCode(input.placeOfSupply, 'The place of supply');
  if (input.lines.length === 0) throw new RangeError('A quotation needs at least one line');
  const supply: SupplyType = sellerStateCode === placeOfSupply ? 'intraState' : 'interState';

  const lines = input.lines.map((line, index): TaxedLine => {
    const what = `Line ${index + 1}`;
    const quantity = scaled(line.quantity, 3, `${what}: the quantity`);
    if (quantity <= 0n) throw new RangeError(`${what}: the quantity must be more than 0`);
    const rate = wholePaise(line.ratePaise, `${what}: the rate`);
    const discountPercent = line.discountPercent ?? 0;
    const discountHundredths = scaled(discountPercent, 2, `${what}: the discount`);
    if (discountHundredths < 0n || discountHundredths > 10_000n) {
      throw new RangeError(`${what}: the discount must be 0 to 100 per cent`);
    }
    const gstRate = rateOf(line.gstRate);
    const gross = divideHalfUp(quantity * rate, 1000n);
    const discount = divideHalfUp(gross * discountHundredths, 10_000n);
    const tax = taxOn(gross - discount, gstRate, supply);
    return {
      quantity: line.quantity,
      ratePaise: line.ratePaise,
      discountPercent,
      gstRate,
      grossPaise: Number(gross),
      discountPaise: Number(discount),
      ...tax,
      totalPaise: tax.taxablePaise + tax.taxPaise,
    };
  });

  const chargesGstRate = lines.reduce<GstRate>((highest, line) => (line.gstRate > highest ? line.gstRate : highest), 0);
  const charges = (
    [
      ['freight', wholePaise(input.freightPaise, 'Freight')],
      ['packing', wholePaise(input.packingPaise, 'Packing')],
    ] as const
  ).flatMap(([kind, amount]): TaxedCharge[] => {
    if (amount === 0n) return [];
    const tax = taxOn(amount, chargesGstRate, supply);
    return [{ kind, gstRate: chargesGstRate, ...tax, totalPaise: tax.taxablePaise + tax.taxPaise }];
  });

  const rated: RateSummary[] = [...lines, ...charges];
  const byRate = [...new Set(rated.map((entry) => entry.gstRate))]
    .sort((a, b) => a - b)
    .map((gstRate) => ({
      gstRate,
      ...rated.filter((entry) => entry.gstRate === gstRate).reduce<TaxAmounts>((sum, entry) => plus(sum, entry), ZERO),
    }));

  const sum = rated.reduce<TaxAmounts>((total, entry) => plus(total, entry), ZERO);
  const beforeRoundOffPaise = sum.taxablePaise + sum.taxPaise;
  return {
    supply,
    stateTax: UTGST_TERRITORIES.has(placeOfSupply) ? 'UTGST' : 'SGST',
    sellerStateCode,
    placeOfSupply,
    placeOfSupplyName: GST_STATES[placeOfSupply],
    lines,
    charges,
    chargesGstRate,
    byRate,
    totals: { ...sum, beforeRoundOffPaise, ...roundToRupee(beforeRoundOffPaise) },
  };
}

/** Paise as the API answers money: rupees as a number with at most two decimals (12345 → 123.45). */
export const paiseToRupees = (paise: number): number => paise / 100;

/** Rupees with at most two decimals (a payload's rate, freight) as whole paise: 123.45 → 12345. */
export function rupeesToPaise(rupees: number): number {
  return Number(scaled(rupees, 2, 'An amount in rupees'));
}
