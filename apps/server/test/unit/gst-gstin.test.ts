import { describe, expect, it } from 'vitest';
import {
  checkGstin,
  GST_STATE_CODES,
  GST_STATES,
  gstinCheckCharacter,
  GSTIN_MESSAGES,
  gstinSchema,
  gstinStateCode,
  gstinStateMismatch,
} from '@capstan/shared';

// The offline GSTIN check (issue 39, decision 075): each part refused with its own message.

describe('checkGstin', () => {
  it.each([
    ['27AAPFU0939F1ZV', '27', 'AAPFU0939F'],
    ['29AAGCB7383J1Z4', '29', 'AAGCB7383J'],
    // The demo company's (site defaults): Coimbatore, Tamil Nadu.
    ['33AABCK1234F1Z6', '33', 'AABCK1234F'],
    // GST's own codes: other territory and the centre's jurisdiction.
    ['97AAPFU0939F1ZO', '97', 'AAPFU0939F'],
    ['99AAPFU0939F1ZK', '99', 'AAPFU0939F'],
    ['38AAPFU0939F1ZS', '38', 'AAPFU0939F'],
    ['01AAPFU0939F1Z9', '01', 'AAPFU0939F'],
  ])('accepts %s (state %s, PAN %s)', (gstin, stateCode, pan) => {
    expect(checkGstin(gstin)).toEqual({ ok: true, gstin, stateCode, pan });
  });

  it('accepts lower case and spaces, and answers the GSTIN as it is kept', () => {
    expect(checkGstin(' 27aapfu0939f1zv ')).toMatchObject({ ok: true, gstin: '27AAPFU0939F1ZV' });
    expect(checkGstin('27 AAPFU 0939F 1ZV')).toMatchObject({ ok: true, gstin: '27AAPFU0939F1ZV' });
  });

  it('takes an entity number that is a letter, and a 14th character other than Z (some registrations)', () => {
    expect(checkGstin('27AAPFU0939FAZM')).toMatchObject({ ok: true });
    expect(checkGstin('27AAPFU0939F1D4')).toMatchObject({ ok: true });
  });

  it.each([
    ['', 'length'],
    ['27AAPFU0939F1Z', 'length'],
    ['27AAPFU0939F1ZVV', 'length'],
    ['27AAPFU0939F1Z-', 'characters'],
    ['27AAPFU/0939F1ZV', 'characters'],
    ['00AAPFU0939F1ZV', 'stateCode'],
    ['39AAPFU0939F1ZV', 'stateCode'],
    ['96AAPFU0939F1ZV', 'stateCode'],
    ['98AAPFU0939F1ZV', 'stateCode'],
    ['AAAAPFU0939F1ZV', 'stateCode'],
    ['27AAPF10939F1ZV', 'pan'],
    ['27AAPFUO939F1ZV', 'pan'],
    ['27AAPFU09391F1ZV'.slice(0, 15), 'pan'],
    ['27AAPFU0939F0ZV', 'entityNumber'],
    ['27AAPFU0939F1ZW', 'checkCharacter'],
    ['29AAGCB7383J1Z5', 'checkCharacter'],
    // A digit typed twice in place of its neighbour.
    ['27AAPFU0933F1ZV', 'checkCharacter'],
  ] as const)('refuses %j: %s', (gstin, problem) => {
    expect(checkGstin(gstin)).toEqual({ ok: false, problem, message: GSTIN_MESSAGES[problem] });
  });

  it('says each problem in its own words', () => {
    expect(new Set(Object.values(GSTIN_MESSAGES)).size).toBe(Object.keys(GSTIN_MESSAGES).length);
  });
});

describe('the GSTN check character', () => {
  it('is what the published GSTINs end with', () => {
    expect(gstinCheckCharacter('27AAPFU0939F1Z')).toBe('V');
    expect(gstinCheckCharacter('29AAGCB7383J1Z')).toBe('4');
    expect(gstinCheckCharacter('33AABCU9603R1Z')).toBe('U');
  });
});

describe('GST states', () => {
  it('lists 01 to 38, 97 and 99, as GST names them', () => {
    const expected = [...Array.from({ length: 38 }, (_, i) => String(i + 1).padStart(2, '0')), '97', '99'];
    expect(GST_STATE_CODES).toEqual(expected);
    expect(GST_STATES['01']).toBe('Jammu and Kashmir');
    expect(GST_STATES['25']).toBe('Daman and Diu');
    expect(GST_STATES['26']).toBe('Dadra and Nagar Haveli and Daman and Diu');
    expect(GST_STATES['28']).toBe('Andhra Pradesh (before division)');
    expect(GST_STATES['33']).toBe('Tamil Nadu');
    expect(GST_STATES['36']).toBe('Telangana');
    expect(GST_STATES['37']).toBe('Andhra Pradesh');
    expect(GST_STATES['38']).toBe('Ladakh');
    expect(GST_STATES['97']).toBe('Other Territory');
    expect(GST_STATES['99']).toBe('Centre Jurisdiction');
  });
});

describe('a GSTIN beside a chosen state', () => {
  it('disagrees only when both are given and the valid GSTIN is of another state', () => {
    expect(gstinStateMismatch('27AAPFU0939F1ZV', '33')).toBe(true);
    expect(gstinStateMismatch('27aapfu0939f1zv', '27')).toBe(false);
    expect(gstinStateMismatch('', '33')).toBe(false);
    expect(gstinStateMismatch('27AAPFU0939F1ZV', '')).toBe(false);
    // An invalid GSTIN is checkGstin's to refuse, not this.
    expect(gstinStateMismatch('27AAPFU0939F1ZW', '33')).toBe(false);
  });

  it('gives the state of a valid GSTIN only', () => {
    expect(gstinStateCode('33AABCK1234F1Z6')).toBe('33');
    expect(gstinStateCode('33AABCK1234F1Z5')).toBeNull();
  });
});

describe('gstinSchema', () => {
  it('lets an empty GSTIN through, keeps a valid one upper case, and refuses the wrong part', () => {
    expect(gstinSchema.parse('')).toBe('');
    expect(gstinSchema.parse('  ')).toBe('');
    expect(gstinSchema.parse('29aagcb7383j1z4')).toBe('29AAGCB7383J1Z4');
    const refused = gstinSchema.safeParse('29AAGCB7383J1Z5');
    expect(refused.error?.issues.map((issue) => issue.message)).toEqual([GSTIN_MESSAGES.checkCharacter]);
    expect(gstinSchema.safeParse(15).error?.issues[0]?.message).toBe(GSTIN_MESSAGES.characters);
  });
});
