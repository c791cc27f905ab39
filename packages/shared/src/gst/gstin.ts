/**
 * India's GST identification number (GSTIN), checked offline (issue 39, decision 075): 15
 * characters, `SS PPPPPPPPPP E Z C`:
 *
 * | characters | what                                                                          |
 * | ---------- | ----------------------------------------------------------------------------- |
 * | 1-2        | the state or territory code (GST_STATES)                                      |
 * | 3-12       | the holder's PAN: five letters, four digits, a letter                         |
 * | 13         | the entity number of that PAN in that state: 1-9, then A-Z                    |
 * | 14         | `Z` for normal taxpayers; other letters (and digits) for some registrations  |
 * | 15         | the check character (GSTN's mod-36 algorithm, gstinCheckCharacter)            |
 *
 * Registrations that carry no PAN (UN bodies, non-resident online services, TDS deductors with a
 * TAN) do not pass: a quotation is addressed to a business registered with its PAN.
 */
import { z } from '../schemas/zod';

/**
 * The state and territory codes of GST, as the GST portal lists them. 25 and 26 are both Daman and
 * Diu's since the two territories merged (2020); 28 is Andhra Pradesh before Telangana was carved
 * out, 37 the state since; 97 and 99 are GST's own, for other territory and the centre's
 * jurisdiction.
 */
export const GST_STATES = {
  '01': 'Jammu and Kashmir',
  '02': 'Himachal Pradesh',
  '03': 'Punjab',
  '04': 'Chandigarh',
  '05': 'Uttarakhand',
  '06': 'Haryana',
  '07': 'Delhi',
  '08': 'Rajasthan',
  '09': 'Uttar Pradesh',
  '10': 'Bihar',
  '11': 'Sikkim',
  '12': 'Arunachal Pradesh',
  '13': 'Nagaland',
  '14': 'Manipur',
  '15': 'Mizoram',
  '16': 'Tripura',
  '17': 'Meghalaya',
  '18': 'Assam',
  '19': 'West Bengal',
  '20': 'Jharkhand',
  '21': 'Odisha',
  '22': 'Chhattisgarh',
  '23': 'Madhya Pradesh',
  '24': 'Gujarat',
  '25': 'Daman and Diu',
  '26': 'Dadra and Nagar Haveli and Daman and Diu',
  '27': 'Maharashtra',
  '28': 'Andhra Pradesh (before division)',
  '29': 'Karnataka',
  '30': 'Goa',
  '31': 'Lakshadweep',
  '32': 'Kerala',
  '33': 'Tamil Nadu',
  '34': 'Puducherry',
  '35': 'Andaman and Nicobar Islands',
  '36': 'Telangana',
  '37': 'Andhra Pradesh',
  '38': 'Ladakh',
  '97': 'Other Territory',
  '99': 'Centre Jurisdiction',
} as const;

/** A GST state code: `33` is Tamil Nadu. */
export type GstStateCode = keyof typeof GST_STATES;
/** In order, 01 first (the object's own key order puts 10-99 before 01-09: they read as numbers). */
export const GST_STATE_CODES = (Object.keys(GST_STATES) as GstStateCode[]).sort();

export const isGstStateCode = (value: unknown): value is GstStateCode =>
  typeof value === 'string' && Object.hasOwn(GST_STATES, value);

/** Which part of a GSTIN is wrong, first one found, in the order the checks run. */
export type GstinProblem = 'characters' | 'length' | 'stateCode' | 'pan' | 'entityNumber' | 'checkCharacter';

/**
 * What each problem says (the refusal's text is its code: the back office and the public site say
 * it in Tamil and Hindi through their validation catalogues).
 */
export const GSTIN_MESSAGES: Record<GstinProblem, string> = {
  characters: 'A GSTIN has only letters and digits',
  length: 'A GSTIN has 15 characters',
  stateCode: 'The first two digits of the GSTIN must be a state code: 01 to 38, 97 or 99',
  pan: 'Characters 3 to 12 of the GSTIN must be a PAN: five letters, four digits and a letter',
  entityNumber: 'The 13th character of the GSTIN must be a digit 1 to 9 or a letter',
  checkCharacter: 'The last character of the GSTIN does not match the others: check it for a typing mistake',
};

/** A GSTIN whose state is not the state chosen beside it (a buyer's place of supply). */
export const GSTIN_STATE_MISMATCH_MESSAGE = 'The GSTIN belongs to another state than the one chosen';

export type GstinCheck =
  | {
      ok: true;
      /** The GSTIN as it is kept: upper case, no spaces. */
      gstin: string;
      stateCode: GstStateCode;
      pan: string;
    }
  | { ok: false; problem: GstinProblem; message: string };

const CHARACTERS = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';

/**
 * GSTN's check character of a GSTIN's first 14 characters (upper-case letters and digits): each
 * character's value (0-9, A-Z as 10-35) times a factor alternating 1, 2, 1, … from the left; the
 * sum of each product's quotient and remainder by 36; the check is (36 − sum mod 36) mod 36.
 */
export function gstinCheckCharacter(first14: string): string {
  let sum = 0;
  for (let index = 0; index < first14.length; index++) {
    const product = CHARACTERS.indexOf(first14.charAt(index)) * (index % 2 === 0 ? 1 : 2);
    sum += Math.floor(product / 36) + (product % 36);
  }
  return CHARACTERS.charAt((36 - (sum % 36)) % 36);
}

/** The form a GSTIN is checked and kept in: upper case, spaces (anywhere) removed. */
export const normalizeGstin = (value: string): string => value.replace(/\s+/g, '').toUpperCase();

/**
 * Checks a GSTIN offline: `{ ok: true, gstin, stateCode, pan }`, or `{ ok: false, problem, message }`
 * naming the first part that is wrong. Lower case and spaces are accepted (normalizeGstin).
 */
export function checkGstin(value: string): GstinCheck {
  const gstin = normalizeGstin(value);
  const fail = (problem: GstinProblem): GstinCheck => ({ ok: false, problem, message: GSTIN_MESSAGES[problem] });
  if (!/^[0-9A-Z]*$/.test(gstin)) return fail('characters');
  if (gstin.length !== 15) return fail('length');
  const stateCode = gstin.slice(0, 2);
  if (!isGstStateCode(stateCode)) return fail('stateCode');
  const pan = gstin.slice(2, 12);
  if (!/^[A-Z]{5}[0-9]{4}[A-Z]$/.test(pan)) return fail('pan');
  if (!/^[1-9A-Z]$/.test(gstin.charAt(12))) return fail('entityNumber');
  // The 14th character is `Z` for normal taxpayers and another letter or a digit for some
  // registrations: any is taken, and it is there (the length and character checks above).
  if (gstinCheckCharacter(gstin.slice(0, 14)) !== gstin.charAt(14)) return fail('checkCharacter');
  return { ok: true, gstin, stateCode, pan };
}

/** The state code of a valid GSTIN, else null. */
export function gstinStateCode(gstin: string): GstStateCode | null {
  const checked = checkGstin(gstin);
  return checked.ok ? checked.stateCode : null;
}

/**
 * Whether a GSTIN belongs to another state than `stateCode` (a buyer's chosen state). False when
 * either is empty or the GSTIN is not valid: checkGstin reports that on its own.
 */
export function gstinStateMismatch(gstin: string, stateCode: string): boolean {
  if (stateCode === '') return false;
  const own = gstinStateCode(gstin);
  return own !== null && own !== stateCode;
}

/**
 * An optional GSTIN field: empty stays empty; anything else must pass checkGstin, and is kept in
 * its normal form (upper case, no spaces). The refusal names the wrong part (GSTIN_MESSAGES).
 */
export const gstinSchema = z
  .string({ message: GSTIN_MESSAGES.characters })
  .transform(normalizeGstin)
  .superRefine((gstin, ctx) => {
    if (gstin === '') return;
    const checked = checkGstin(gstin);
    if (!checked.ok) ctx.addIssue({ code: 'custom', message: checked.message });
  });
