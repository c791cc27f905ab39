import { createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { MY_MACHINE_CODE_LENGTH } from '@capstan/shared';

/**
 * The one-time code of My machine: six random digits, kept only as an HMAC-SHA-256 under a salt of
 * its own row and bound to the machine, so the stored value neither gives the code away at a
 * glance nor can be moved onto another machine's row.
 */

const SALT_BYTES = 16;

/** What a code is bound to when the serial and phone match no machine: the same work is done for it. */
export const NO_MACHINE = 'no-machine';

export function newCode(): string {
  return String(randomInt(0, 10 ** MY_MACHINE_CODE_LENGTH)).padStart(MY_MACHINE_CODE_LENGTH, '0');
}

const mac = (salt: Buffer, installationId: string, code: string): Buffer =>
  createHmac('sha256', salt).update(`my-machine:${installationId}:${code}`).digest();

/** `salt.mac`, both base64url. */
export function hashCode(installationId: string, code: string): string {
  const salt = randomBytes(SALT_BYTES);
  return `${salt.toString('base64url')}.${mac(salt, installationId, code).toString('base64url')}`;
}

export function codeMatches(stored: string, installationId: string, code: string): boolean {
  const [salt = '', expected = ''] = stored.split('.');
  const wanted = Buffer.from(expected, 'base64url');
  const actual = mac(Buffer.from(salt, 'base64url'), installationId, code);
  return wanted.length === actual.length && timingSafeEqual(wanted, actual);
}

/** Compared against when there is no live code, so a wrong serial costs what a wrong code does. */
export const DECOY_CODE_HASH = hashCode(NO_MACHINE, newCode());
