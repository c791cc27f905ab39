import { describe, expect, it } from 'vitest';
import { base32Decode, base32Encode, hotp, matchTotp, totpAt } from '../../src/modules/auth/totp';

// RFC 6238 appendix B (SHA-1 seed "12345678901234567890"), keeping the last 6 of the 8 digits.
const SEED = base32Encode(Buffer.from('12345678901234567890', 'ascii'));
const VECTORS: [number, string][] = [
  [59, '287082'],
  [1111111109, '081804'],
  [1111111111, '050471'],
  [1234567890, '005924'],
  [2000000000, '279037'],
  [20000000000, '353130'],
];

describe('TOTP', () => {
  it('matches the RFC 6238 test vectors', () => {
    for (const [seconds, code] of VECTORS) expect(totpAt(SEED, seconds * 1000), String(seconds)).toBe(code);
  });

  it('matches RFC 4226 HOTP values and RFC 4648 base32', () => {
    const key = Buffer.from('12345678901234567890', 'ascii');
    expect([0, 1, 9].map((c) => hotp(key, c))).toEqual(['755224', '287082', '520489']);
    expect(base32Encode(Buffer.from('foobar'))).toBe('MZXW6YTBOI');
    expect(base32Decode('MZXW6YTBOI').toString()).toBe('foobar');
  });

  it('accepts one step either side, not two, and never a step at or before the last used', () => {
    const now = 1234567890 * 1000;
    const step = Math.floor(1234567890 / 30);
    expect(matchTotp(SEED, totpAt(SEED, now - 30_000), now, null)).toBe(step - 1);
    expect(matchTotp(SEED, totpAt(SEED, now + 30_000), now, null)).toBe(step + 1);
    expect(matchTotp(SEED, totpAt(SEED, now - 60_000), now, null)).toBeNull();
    expect(matchTotp(SEED, totpAt(SEED, now), now, step)).toBeNull();
    expect(matchTotp(SEED, totpAt(SEED, now + 30_000), now, step)).toBe(step + 1);
  });
});
