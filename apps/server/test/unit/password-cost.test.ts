import { randomBytes, scryptSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { SCRYPT_LOG2N, scryptLog2N } from '../../src/config';
import { hashPassword, verifyPassword } from '../../src/modules/auth/password';

describe('the scrypt cost', () => {
  it('is 2^14 unless the test suite asks for less', () => {
    expect(SCRYPT_LOG2N).toBe(14);
    expect(scryptLog2N({})).toBe(14);
    expect(scryptLog2N({ NODE_ENV: 'production' })).toBe(14);
    expect(scryptLog2N({ NODE_ENV: 'test', TEST_SCRYPT_LOG2N: '10' })).toBe(10);
  });

  it('refuses a cheap cost outside the test suite, and nonsense inside it', () => {
    expect(() => scryptLog2N({ NODE_ENV: 'production', TEST_SCRYPT_LOG2N: '10' })).toThrow(/test suite only/);
    expect(() => scryptLog2N({ TEST_SCRYPT_LOG2N: '10' })).toThrow(/test suite only/);
    expect(() => scryptLog2N({ NODE_ENV: 'test', TEST_SCRYPT_LOG2N: '2' })).toThrow(/from 4 to 14/);
    expect(() => scryptLog2N({ NODE_ENV: 'test', TEST_SCRYPT_LOG2N: '15' })).toThrow(/from 4 to 14/);
    expect(() => scryptLog2N({ NODE_ENV: 'test', TEST_SCRYPT_LOG2N: 'cheap' })).toThrow(/from 4 to 14/);
  });

  const hashAt = (password: string, n: number, p: number) => {
    const salt = randomBytes(16);
    const key = scryptSync(password, salt, 64, { N: n, r: 8, p, maxmem: 256 * 1024 * 1024 });
    return ['scrypt', n, 8, p, salt.toString('base64'), key.toString('base64')].join('$');
  };

  it('hashes at the cost of this process, r = 8 and p = 5, and refuses a hash made cheaper', async () => {
    const cost = 2 ** scryptLog2N();
    const stored = await hashPassword('a long enough password');
    expect(stored.split('$').slice(1, 4)).toEqual([String(cost), '8', '5']);
    expect(await verifyPassword('a long enough password', stored)).toBe(true);
    expect(await verifyPassword('another password', stored)).toBe(false);

    expect(await verifyPassword('a long enough password', hashAt('a long enough password', cost / 2, 5))).toBe(false);
    // The same N with less parallelism is less work.
    expect(await verifyPassword('a long enough password', hashAt('a long enough password', cost, 1))).toBe(false);
  });

  it('still signs in with a hash of the earlier parameters (N eight times larger, p = 1)', async () => {
    const cost = 2 ** scryptLog2N();
    const earlier = hashAt('a long enough password', cost * 8, 1);
    expect(await verifyPassword('a long enough password', earlier)).toBe(true);
    expect(await verifyPassword('another password', earlier)).toBe(false);
  });
});
