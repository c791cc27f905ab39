import { describe, expect, it } from 'vitest';
import {
  GST_DEFAULTS_BY_KIND,
  GST_RATE_MESSAGE,
  GST_RATES,
  gstDefaultsFor,
  gstRateSchema,
  HSN_CODE_MESSAGE,
  hsnCodeSchema,
  isGstRate,
  SAC_CODE_MESSAGE,
  withPlainDefaults,
} from '@capstan/shared';

// HSN/SAC codes, GST rates and the defaults of each kind (issue 39, decision 075).

const refusal = (result: { error?: { issues: { message: string }[] } }) => result.error?.issues[0]?.message;

describe('HSN and SAC codes', () => {
  it.each([
    ['8458', '8458'],
    ['845811', '845811'],
    ['84581100', '84581100'],
    ['8458.11.00', '84581100'],
    [' 8458 11 00 ', '84581100'],
    ['9987', '9987'],
    ['998717', '998717'],
  ])('takes %j as %s', (typed, kept) => {
    expect(hsnCodeSchema.parse(typed)).toBe(kept);
  });

  it.each([
    ['845', HSN_CODE_MESSAGE],
    ['84581', HSN_CODE_MESSAGE],
    ['8458110', HSN_CODE_MESSAGE],
    ['845811000', HSN_CODE_MESSAGE],
    ['84A8', HSN_CODE_MESSAGE],
    ['', HSN_CODE_MESSAGE],
    ['99871700', SAC_CODE_MESSAGE],
  ])('refuses %j', (typed, message) => {
    expect(refusal(hsnCodeSchema.safeParse(typed))).toBe(message);
  });
});

describe('GST rates', () => {
  it('are one list, each a rate the schema takes as a number or as text', () => {
    expect(GST_RATES).toEqual([0, 0.1, 0.25, 1.5, 3, 5, 12, 18, 28, 40]);
    for (const rate of GST_RATES) {
      expect(gstRateSchema.parse(rate)).toBe(rate);
      expect(gstRateSchema.parse(String(rate))).toBe(rate);
    }
    expect(gstRateSchema.parse('18 %')).toBe(18);
  });

  it('refuses a rate not in the list, naming the list', () => {
    for (const wrong of [7, '7', 18.5, -18, 'eighteen', '']) {
      expect(refusal(gstRateSchema.safeParse(wrong)), String(wrong)).toBe(GST_RATE_MESSAGE);
    }
    expect(GST_RATE_MESSAGE).toBe('GST rate must be one of 0, 0.1, 0.25, 1.5, 3, 5, 12, 18, 28, 40 per cent');
  });
});

describe('the defaults of each kind', () => {
  it('are lathes 8458, parts of machine tools 8466, maintenance and repair 9987, at 18%', () => {
    expect(GST_DEFAULTS_BY_KIND).toEqual({
      machine: { hsnCode: '8458', gstRate: 18 },
      spare: { hsnCode: '8466', gstRate: 18 },
      service: { hsnCode: '9987', gstRate: 18 },
    });
    for (const defaults of Object.values(GST_DEFAULTS_BY_KIND)) {
      expect(isGstRate(defaults.gstRate)).toBe(true);
      expect(hsnCodeSchema.safeParse(defaults.hsnCode).success).toBe(true);
    }
  });

  it.each([
    ['capstan-lathe', '8458'],
    ['cnc-lathe', '8458'],
    ['turret-lathe', '8458'],
    ['cnc-turning-centre', '8458'],
    ['vertical-machining-centre', '8457'],
    ['horizontal-machining-center', '8457'],
    ['vmc', '8457'],
    ['cnc-vmc-800', '8457'],
    ['machine', '8458'],
    ['bar-feeder', '8458'],
    // Words, not letters inside a word.
    ['hmcs-and-more', '8458'],
  ])('a machine in %s is %s', (category, hsnCode) => {
    expect(gstDefaultsFor('machine', category)).toEqual({ hsnCode, gstRate: 18 });
  });

  it('does not look at the category of other kinds', () => {
    expect(gstDefaultsFor('spare', 'vertical-machining-centre').hsnCode).toBe('8466');
    expect(gstDefaultsFor('service', null).hsnCode).toBe('9987');
  });

  it('fills only the empty defaulted fields', () => {
    expect(withPlainDefaults('machine', 'vmc', { hsnCode: '', gstRate: null, name: 'X' })).toEqual({
      hsnCode: '8457',
      gstRate: 18,
      name: 'X',
    });
    expect(withPlainDefaults('spare', null, { hsnCode: '84669390', gstRate: 12 })).toEqual({
      hsnCode: '84669390',
      gstRate: 12,
    });
  });
});
