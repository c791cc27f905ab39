/**
 * An amount in words as Indian invoices print it (issue 39, decision 075), in the Indian system of
 * thousand, lakh and crore: `Rupees Twenty-Two Lakh Thirty Thousand Two Hundred Only`, and with
 * paise `Rupees One Hundred and Fifty Paise Only`. Tens and units are joined by a hyphen
 * (Twenty-Two); no "and" inside the rupees, so the only "and" is the one before the paise.
 *
 * Written here rather than taken from `to-words` (en-IN): that package says
 * `Twenty Two Lakh Thirty Thousand Two Hundred Rupees Only`, with no hyphen and the currency last,
 * and has no option for this form.
 */

const UNITS = [
  'Zero',
  'One',
  'Two',
  'Three',
  'Four',
  'Five',
  'Six',
  'Seven',
  'Eight',
  'Nine',
  'Ten',
  'Eleven',
  'Twelve',
  'Thirteen',
  'Fourteen',
  'Fifteen',
  'Sixteen',
  'Seventeen',
  'Eighteen',
  'Nineteen',
] as const;
const TENS = ['', '', 'Twenty', 'Thirty', 'Forty', 'Fifty', 'Sixty', 'Seventy', 'Eighty', 'Ninety'] as const;

/** 1-99: `Seven`, `Forty`, `Twenty-Two`. */
function belowHundred(n: number): string {
  if (n < 20) return UNITS[n] ?? '';
  const unit = n % 10;
  const tens = TENS[Math.floor(n / 10)] ?? '';
  return unit === 0 ? tens : `${tens}-${UNITS[unit] ?? ''}`;
}

/**
 * A whole number above 0 in words, the Indian way: crore (10^7), lakh (10^5), thousand, hundred.
 * Beyond 99 crore the crores are counted the same way (`One Lakh Crore`).
 */
function indianWords(n: number): string {
  const parts: string[] = [];
  const crore = Math.floor(n / 10_000_000);
  if (crore > 0) parts.push(`${indianWords(crore)} Crore`);
  const lakh = Math.floor((n % 10_000_000) / 100_000);
  if (lakh > 0) parts.push(`${belowHundred(lakh)} Lakh`);
  const thousand = Math.floor((n % 100_000) / 1000);
  if (thousand > 0) parts.push(`${belowHundred(thousand)} Thousand`);
  const hundred = Math.floor((n % 1000) / 100);
  if (hundred > 0) parts.push(`${UNITS[hundred] ?? ''} Hundred`);
  const rest = n % 100;
  if (rest > 0) parts.push(belowHundred(rest));
  return parts.join(' ');
}

/**
 * An amount in paise in words (whole paise, 0 or more): 223020000 → `Rupees Twenty-Two Lakh
 * Thirty Thousand Two Hundred Only`; 10050 → `Rupees One Hundred and Fifty Paise Only`; 0 →
 * `Rupees Zero Only`; 50 → `Rupees Zero and Fifty Paise Only`.
 */
export function amountInWords(paise: number): string {
  if (!Number.isSafeInteger(paise) || paise < 0) {
    throw new RangeError(`An amount in words needs whole paise, 0 or more, not ${paise}`);
  }
  const rupees = Math.floor(paise / 100);
  const rest = paise % 100;
  const rupeeWords = rupees === 0 ? UNITS[0] : indianWords(rupees);
  return rest === 0 ? `Rupees ${rupeeWords} Only` : `Rupees ${rupeeWords} and ${belowHundred(rest)} Paise Only`;
}
