import { randomBytes, scryptSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { SCRYPT_LOG2N, scryptLog2N } from '../../src/config';
import { hashPassword, verifyPassword } from '../../src/modules/auth/password';

describe('the scrypt cost', () => {
  it('is 2^17 unless the test suite asks for less', () => {
    expect(SCRYPT_LOG2N).toBe(17);
    expect(scryptLog2N({})).toBe(17);
    expect(scryptLog2N({ NODE_ENV: 'production' })).toBe(17);
    expect(scryptLog2N({ NODE_ENV: 'test', TEST_SCRYPT_LOG2N: '10' })).toBe(10);
  });

  it('refuses a cheap cost outside the test suite, and nonsense inside it', () => {
    expect(() => scryptLog2N({ NODE_ENV: 'production', TEST_SCRYPT_LOG2N: '10' })).toThrow(/test suite only/);
    expect(() => scryptLog2N({ TEST_SCRYPT_LOG2N: '10' })).toThrow(/test suite only/);
    expect(() => scryptLog2N({ NODE_ENV: 'test', TEST_SCRYPT_LOG2N: '2' })).toThrow(/from 4 to 17/);
    expect(() => scryptLog2N({ NODE_ENV: 'test', TEST_SCRYPT_LOG2N: '18' })).toThrow(/from 4 to 17/);
    expect(() => scryptLog2N({ NODE_ENV: 'test', TEST_SCRYPT_LOG2N: 'cheap' })).toThrow(/from 4 to 17/);
  });

  it('hashes at the cost of this process and refuses a hash made cheaper', async () => {
    const cost = 2 ** scryptLog2N();
    const stored = await hashPassword('a long enough password');
    expect(stored.split('$')[1]).toBe(String(cost));
    expect(await verifyPassword('a long enough password', stored)).toBe(true);
    expect(await verifyPassword('another password', stored)).toBe(false);

    const salt = randomBytes(16);
    const cheap = scryptSync('a long enough password', salt, 64, { N: cost / 2, r: 8, p: 1 });
    const cheapHash = ['scrypt', cost / 2, 8, 1, salt.toString('base64'), cheap.toString('base64')].join('$');
    expect(await verifyPassword('a long enough password', cheapHash)).toBe(false);
  });
});
