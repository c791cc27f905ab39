import { describe, expect, it } from 'vitest';
import { csvField, guardFormula, readAsFormula, unguardFormula } from '../../src/csv-field';

describe('which cells a spreadsheet reads as a formula', () => {
  it.each([
    '=HYPERLINK("http://x.example","Click")',
    '=1+1',
    '@SUM(A1)',
    '\t=1',
    '\r=1',
    '+SUM(A1)',
    '-2+3',
    "+1+cmd|' /C calc'!A0",
    '-A1',
    '+',
    '-',
    '+91 98430 12345 ext. 2',
  ])('%j is guarded', (value) => {
    expect(readAsFormula(value)).toBe(true);
    expect(csvField(value)).toBe(`"'${value.replace(/"/g, '""')}"`);
  });

  it.each([
    '+91 98430 12345',
    '+91-422-257 1234',
    '+91 (422) 257.1234',
    '+919843012345',
    '-5',
    '-12.50',
    '0422 257 1234',
    'Rs. 15,00,000',
    'A plain message - with a dash + a plus = fine',
    '',
  ])('%j stays as typed', (value) => {
    expect(readAsFormula(value)).toBe(false);
    expect(csvField(value)).toBe(`"${value}"`);
  });

  it('doubles quotes inside the quoted field', () => {
    expect(csvField('say "hello", then leave')).toBe('"say ""hello"", then leave"');
  });
});

describe('reading a guarded cell back', () => {
  it.each([
    '=HYPERLINK("x")',
    '+SUM(A1)',
    '-2+3',
    '+91 98430 12345',
    '-5',
    "'=1",
    "''+SUM(A1)",
    "'+91 98430 12345",
    "'-5",
    "it's",
    "'quoted'",
    '',
  ])('%j exported and imported again is unchanged', (value) => {
    expect(unguardFormula(guardFormula(value))).toBe(value);
  });

  it('takes the apostrophe off the phone numbers earlier exports guarded, and nothing else', () => {
    expect(unguardFormula("'+91 98430 12345")).toBe('+91 98430 12345');
    expect(unguardFormula("'-5")).toBe('-5');
    expect(unguardFormula("'=1")).toBe('=1');
    expect(unguardFormula("'quoted'")).toBe("'quoted'");
    expect(unguardFormula("it's")).toBe("it's");
  });
});
