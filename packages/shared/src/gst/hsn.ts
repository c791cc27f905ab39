/**
 * HSN and SAC codes (issue 39, decision 075): what a tax invoice or quotation names each line's
 * goods (HSN, Harmonised System of Nomenclature) or service (SAC, Services Accounting Code, the
 * codes of chapter 99) by. Invoices print 4 digits (turnover up to ₹5 crore) or 6, and goods may
 * carry the 8-digit tariff item; a SAC has 6 digits, or 4 for its heading (9987, maintenance and
 * repair).
 */
import { z } from '../schemas/zod';

export const HSN_CODE_MESSAGE = 'An HSN code has 4, 6 or 8 digits';
export const SAC_CODE_MESSAGE = 'A SAC (a service’s code, starting 99) has 6 digits, or 4 for its heading';

/** `8458.11 00`, `8458 11 00` → `84581100`: dots and spaces people write codes with are dropped. */
export const normalizeHsnCode = (value: string): string => value.replace(/[\s.]+/g, '');

/** The refusal of a code (normalised), or null when it is a valid HSN or SAC code. */
export function hsnCodeProblem(code: string): string | null {
  if (!/^(\d{4}|\d{6}|\d{8})$/.test(code)) return HSN_CODE_MESSAGE;
  if (code.startsWith('99') && code.length === 8) return SAC_CODE_MESSAGE;
  return null;
}

/** An HSN or SAC code, kept as digits only. */
export const hsnCodeSchema = z
  .string({ message: HSN_CODE_MESSAGE })
  .transform(normalizeHsnCode)
  .superRefine((code, ctx) => {
    const problem = hsnCodeProblem(code);
    if (problem !== null) ctx.addIssue({ code: 'custom', message: problem });
  });
