import { createHash, randomInt } from 'node:crypto';

export const RECOVERY_CODE_COUNT = 10;
// No 0/o, 1/l/i: codes are read off paper.
const ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

/** `xxxxx-xxxxx`: 10 characters from 31, about 49 bits each. */
export function generateRecoveryCodes(count = RECOVERY_CODE_COUNT): string[] {
  return Array.from({ length: count }, () => {
    const chars = Array.from({ length: 10 }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');
    return `${chars.slice(0, 5)}-${chars.slice(5)}`;
  });
}

/** Hash of the code as typed, ignoring case and the dash, so "ABCDE12345" matches "abcde-12345". */
export function hashRecoveryCode(code: string): string {
  const normalised = code.trim().toLowerCase().replace(/-/g, '');
  return createHash('sha256').update(`recovery:${normalised}`).digest('hex');
}
