import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';
import { scryptLog2N } from '../../config';

// N = 2^14, r = 8, p = 5: OWASP's equivalent of its scrypt floor (2^17, p = 1) in 16 MiB per hash
// rather than 128, so that a sign-in does not double a server's memory (decision 079). Only the test
// suite runs cheaper (config.ts says how that is kept out of real servers).
const N = 2 ** scryptLog2N();
const R = 8;
const P = 5;
const KEY_LENGTH = 64;
// Hashes made before decision 079 (2^17, p = 1) take 128 MiB to verify: still allowed.
const MAX_MEMORY = 256 * 1024 * 1024;

function derive(password: string, salt: Buffer, n: number, r: number, p: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(password.normalize('NFKC'), salt, KEY_LENGTH, { N: n, r, p, maxmem: MAX_MEMORY }, (error, key) =>
      error ? reject(error) : resolve(key),
    );
  });
}

/** `scrypt$N$r$p$salt$hash`, so parameters can be raised later without breaking old hashes. */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, N, R, P);
  return ['scrypt', N, R, P, salt.toString('base64'), key.toString('base64')].join('$');
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !n || !r || !p || !salt || !hash) return false;
  // A hash made at a lower cost than this process uses (a test database copied to a real
  // server) is refused rather than trusted. The work is N times p: a hash of the old parameters
  // (2^17, p = 1) costs more than today's and stays good.
  if (!(Number(n) * Number(p) >= N * P)) return false;
  const expected = Buffer.from(hash, 'base64');
  const actual = await derive(password, Buffer.from(salt, 'base64'), Number(n), Number(r), Number(p));
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

/**
 * A hash to verify against when the email is unknown, so that a wrong email costs the same
 * time as a wrong password and the two cannot be told apart.
 */
let dummyHash: Promise<string> | undefined;
export function dummyPasswordHash(): Promise<string> {
  dummyHash ??= hashPassword(randomBytes(16).toString('hex'));
  return dummyHash;
}

export function generatePassword(): string {
  return randomBytes(15).toString('base64url');
}
