import { describe, expect, it } from 'vitest';
import { amountInWords, computeTax, paiseToRupees, roundToRupee, rupeesToPaise, type TaxInput } from '@capstan/shared';

// Tax by place of supply (issue 39, decision 075), in paise: the figures below are worked by hand.

const TAMIL_NADU = '33';
const MAHARASHTRA = '27';

const quotation = (placeOfSupply: string, lines: TaxInput['lines'], extra: Partial<TaxInput> = {}): TaxInput => ({
  sellerStateCode: TAMIL_NADU,
  placeOfSupply,
  lines,
  ...extra,
});

describe('computeTax', () => {
  it('same state: CGST and SGST each half the rate, each rounded to the paisa (₹1,000.50 at 18%)', () => {
    // 9% of 100050 paise is 9004.5: each half rounds up to 9005, so the two together are 18010
    // where IGST at 18% would be exactly 18009.
    const result = computeTax(quotation(TAMIL_NADU, [{ quantity: 1, ratePaise: 100050, gstRate: 18 }]));
    expect(result.supply).toBe('intraState');
    expect(result.stateTax).toBe('SGST');
    expect(result.placeOfSupplyName).toBe('Tamil Nadu');
    expect(result.lines[0]).toEqual({
      quantity: 1,
      ratePaise: 100050,
      discountPercent: 0,
      gstRate: 18,
      grossPaise: 100050,
      discountPaise: 0,
      taxablePaise: 100050,
      cgstPaise: 9005,
      sgstPaise: 9005,
      igstPaise: 0,
      taxPaise: 18010,
      totalPaise: 118060,
    });
    // ₹1,180.60: 60 paise round up to ₹1,181.
    expect(result.totals).toEqual({
      taxablePaise: 100050,
      cgstPaise: 9005,
      sgstPaise: 9005,
      igstPaise: 0,
      taxPaise: 18010,
      beforeRoundOffPaise: 118060,
      roundOffPaise: 40,
      totalPaise: 118100,
    });
    expect(amountInWords(result.totals.totalPaise)).toBe('Rupees One Thousand One Hundred Eighty-One Only');
  });

  it('another state: IGST at the full rate, rounded to the paisa', () => {
    const result = computeTax(quotation(MAHARASHTRA, [{ quantity: 1, ratePaise: 100050, gstRate: 18 }]));
    expect(result.supply).toBe('interState');
    expect(result.placeOfSupply).toBe('27');
    expect(result.lines[0]).toMatchObject({ cgstPaise: 0, sgstPaise: 0, igstPaise: 18009, taxPaise: 18009 });
    expect(result.totals).toMatchObject({ igstPaise: 18009, beforeRoundOffPaise: 118059, roundOffPaise: 41 });
    expect(result.totals.totalPaise).toBe(118100);
  });

  it('takes the discount off the gross, rounded to the paisa half up, before the tax', () => {
    // 3 × ₹333.33 = ₹999.99; 12.35% of 99999 paise is 12349.8765 → 12350; IGST 18% of 87649 is
    // 15776.82 → 15777.
    const result = computeTax(
      quotation(MAHARASHTRA, [{ quantity: 3, ratePaise: 33333, discountPercent: 12.35, gstRate: 18 }]),
    );
    expect(result.lines[0]).toMatchObject({
      grossPaise: 99999,
      discountPaise: 12350,
      taxablePaise: 87649,
      igstPaise: 15777,
      totalPaise: 103426,
    });
    // 26 paise round down.
    expect(result.totals).toMatchObject({ beforeRoundOffPaise: 103426, roundOffPaise: -26, totalPaise: 103400 });
    // Half a paisa of discount rounds up: 5% of 10 paise.
    expect(
      computeTax(quotation(TAMIL_NADU, [{ quantity: 1, ratePaise: 10, discountPercent: 5, gstRate: 0 }])).lines[0],
    ).toMatchObject({ discountPaise: 1, taxablePaise: 9 });
    // A whole discount leaves nothing to tax.
    expect(
      computeTax(quotation(TAMIL_NADU, [{ quantity: 2, ratePaise: 5000, discountPercent: 100, gstRate: 18 }])).totals,
    ).toMatchObject({ taxablePaise: 0, taxPaise: 0, totalPaise: 0 });
  });

  it('taxes freight and packing at the highest rate of the lines, and sums each rate', () => {
    const result = computeTax(
      quotation(
        TAMIL_NADU,
        [
          { quantity: 1, ratePaise: 100000, gstRate: 12 },
          { quantity: 2, ratePaise: 50000, gstRate: 18 },
        ],
        { freightPaise: 250000, packingPaise: 12345 },
      ),
    );
    expect(result.chargesGstRate).toBe(18);
    expect(result.charges).toEqual([
      {
        kind: 'freight',
        gstRate: 18,
        taxablePaise: 250000,
        cgstPaise: 22500,
        sgstPaise: 22500,
        igstPaise: 0,
        taxPaise: 45000,
        totalPaise: 295000,
      },
      {
        kind: 'packing',
        gstRate: 18,
        taxablePaise: 12345,
        // 9% of 12345 is 1111.05.
        cgstPaise: 1111,
        sgstPaise: 1111,
        igstPaise: 0,
        taxPaise: 2222,
        totalPaise: 14567,
      },
    ]);
    expect(result.byRate).toEqual([
      { gstRate: 12, taxablePaise: 100000, cgstPaise: 6000, sgstPaise: 6000, igstPaise: 0, taxPaise: 12000 },
      { gstRate: 18, taxablePaise: 362345, cgstPaise: 32611, sgstPaise: 32611, igstPaise: 0, taxPaise: 65222 },
    ]);
    expect(result.totals).toEqual({
      taxablePaise: 462345,
      cgstPaise: 38611,
      sgstPaise: 38611,
      igstPaise: 0,
      taxPaise: 77222,
      beforeRoundOffPaise: 539567,
      roundOffPaise: 33,
      totalPaise: 539600,
    });
  });

  it('leaves out freight and packing of 0, and taxes them at 0 when every line is zero-rated', () => {
    const result = computeTax(
      quotation(TAMIL_NADU, [{ quantity: 1, ratePaise: 12350, gstRate: 0 }], { freightPaise: 1000, packingPaise: 0 }),
    );
    expect(result.lines[0]).toMatchObject({ cgstPaise: 0, sgstPaise: 0, taxPaise: 0, totalPaise: 12350 });
    expect(result.charges).toEqual([
      {
        kind: 'freight',
        gstRate: 0,
        taxablePaise: 1000,
        cgstPaise: 0,
        sgstPaise: 0,
        igstPaise: 0,
        taxPaise: 0,
        totalPaise: 1000,
      },
    ]);
  });

  it('rounds the total to the rupee: 50 paise up, 49 down, whole rupees unchanged', () => {
    const total = (ratePaise: number) =>
      computeTax(quotation(TAMIL_NADU, [{ quantity: 1, ratePaise, gstRate: 0 }])).totals;
    expect(total(12350)).toMatchObject({ roundOffPaise: 50, totalPaise: 12400 });
    expect(total(12349)).toMatchObject({ roundOffPaise: -49, totalPaise: 12300 });
    expect(total(12351)).toMatchObject({ roundOffPaise: 49, totalPaise: 12400 });
    expect(total(12300)).toMatchObject({ roundOffPaise: 0, totalPaise: 12300 });
    expect(roundToRupee(0)).toEqual({ roundOffPaise: 0, totalPaise: 0 });
  });

  it('keeps fractional rates exact, line by line', () => {
    const lines = [
      { quantity: 1, ratePaise: 100001, gstRate: 0.25 },
      { quantity: 1, ratePaise: 100001, gstRate: 1.5 },
      { quantity: 1, ratePaise: 100001, gstRate: 0.1 },
      { quantity: 1, ratePaise: 100001, gstRate: 3 },
      { quantity: 1, ratePaise: 100001, gstRate: 40 },
    ];
    // 0.125% of 100001 is 125.00125; 0.75% is 750.0075; 0.05% is 50.0005; 1.5% is 1500.015; 20% is 20000.2.
    expect(computeTax(quotation(TAMIL_NADU, lines)).lines.map((line) => line.cgstPaise)).toEqual([
      125, 750, 50, 1500, 20000,
    ]);
    // 0.25% of 100001 is 250.0025; 1.5% is 1500.015; 0.1% is 100.001; 3% is 3000.03; 40% is 40000.4.
    expect(computeTax(quotation(MAHARASHTRA, lines)).lines.map((line) => line.igstPaise)).toEqual([
      250, 1500, 100, 3000, 40000,
    ]);
  });

  it('takes quantities with up to three decimals, the gross rounded to the paisa', () => {
    // 2.5 days at ₹12,345.67: 3086417.5 paise → 3086418.
    const result = computeTax(quotation(TAMIL_NADU, [{ quantity: 2.5, ratePaise: 1234567, gstRate: 18 }]));
    expect(result.lines[0]).toMatchObject({ grossPaise: 3086418, taxablePaise: 3086418 });
  });

  it('taxes a large order without losing a paisa', () => {
    // 9,999 machines at ₹1 crore each.
    const result = computeTax(quotation(MAHARASHTRA, [{ quantity: 9999, ratePaise: 1_000_000_000, gstRate: 18 }]));
    expect(result.totals).toMatchObject({
      taxablePaise: 9_999_000_000_000,
      igstPaise: 1_799_820_000_000,
      totalPaise: 11_798_820_000_000,
    });
  });

  it('calls the state half UTGST in a union territory without a legislature', () => {
    const chandigarh = computeTax({
      sellerStateCode: '04',
      placeOfSupply: '04',
      lines: [{ quantity: 1, ratePaise: 100, gstRate: 18 }],
    });
    expect(chandigarh.stateTax).toBe('UTGST');
    expect(computeTax(quotation(TAMIL_NADU, [{ quantity: 1, ratePaise: 100, gstRate: 18 }])).stateTax).toBe('SGST');
  });

  it.each([
    ['no lines', quotation(TAMIL_NADU, [])],
    ['a rate not in the list', quotation(TAMIL_NADU, [{ quantity: 1, ratePaise: 100, gstRate: 7 }])],
    [
      'a discount over 100%',
      quotation(TAMIL_NADU, [{ quantity: 1, ratePaise: 100, discountPercent: 101, gstRate: 18 }]),
    ],
    [
      'a discount with 3 decimals',
      quotation(TAMIL_NADU, [{ quantity: 1, ratePaise: 100, discountPercent: 2.345, gstRate: 18 }]),
    ],
    ['a negative discount', quotation(TAMIL_NADU, [{ quantity: 1, ratePaise: 100, discountPercent: -1, gstRate: 18 }])],
    ['no quantity', quotation(TAMIL_NADU, [{ quantity: 0, ratePaise: 100, gstRate: 18 }])],
    ['a negative quantity', quotation(TAMIL_NADU, [{ quantity: -2, ratePaise: 100, gstRate: 18 }])],
    ['a part of a paisa', quotation(TAMIL_NADU, [{ quantity: 1, ratePaise: 100.5, gstRate: 18 }])],
    [
      'a negative freight',
      quotation(TAMIL_NADU, [{ quantity: 1, ratePaise: 100, gstRate: 18 }], { freightPaise: -100 }),
    ],
    ['an unknown place of supply', quotation('40', [{ quantity: 1, ratePaise: 100, gstRate: 18 }])],
    [
      'an unknown seller state',
      { ...quotation(TAMIL_NADU, [{ quantity: 1, ratePaise: 100, gstRate: 18 }]), sellerStateCode: '' },
    ],
  ])('refuses %s', (_case, input) => {
    expect(() => computeTax(input)).toThrow(RangeError);
  });
});

describe('paise and rupees', () => {
  it('answers paise as rupees with at most two decimals, and reads rupees back to whole paise', () => {
    expect(paiseToRupees(118100)).toBe(1181);
    expect(paiseToRupees(12345)).toBe(123.45);
    expect(rupeesToPaise(123.45)).toBe(12345);
    expect(rupeesToPaise(0.1 + 0.2)).toBe(30);
    expect(() => rupeesToPaise(1.005)).toThrow(RangeError);
  });
});
