import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LoginResponse, TotpSetupResponse, TwoFactorChallengeResponse } from '@capstan/shared';
import { loadConfig } from '../../src/config';
import { totpAt } from '../../src/modules/auth/totp';
import {
  MISSING_KEY_MESSAGE,
  sealStoredTotpSecrets,
  totpSecretBox,
  WRONG_KEY_MESSAGE,
} from '../../src/modules/auth/totp-secret-box';
import { type ConfiguredApp, createConfiguredApp } from '../helpers/configured-app';
import { ADMIN_EMAIL, ADMIN_PASSWORD, bearer } from '../helpers/test-app';

const key = randomBytes(32);
const SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';

describe('the secret box', () => {
  it('seals with AES-256-GCM: nothing of the secret shows, each seal differs, and it opens again', () => {
    const box = totpSecretBox(key);
    const sealed = box.seal(SECRET);
    expect(sealed).toMatch(/^enc:v1:[A-Za-z0-9_-]+$/);
    expect(sealed).not.toContain(SECRET);
    expect(box.seal(SECRET)).not.toBe(sealed);
    expect(box.open(sealed)).toBe(SECRET);
  });

  it('refuses another key, an altered ciphertext, or no key at all', () => {
    const sealed = totpSecretBox(key).seal(SECRET);
    expect(() => totpSecretBox(randomBytes(32)).open(sealed)).toThrow(WRONG_KEY_MESSAGE);
    const altered = sealed.slice(0, -2) + (sealed.endsWith('A') ? 'BB' : 'AA');
    expect(() => totpSecretBox(key).open(altered)).toThrow(WRONG_KEY_MESSAGE);
    expect(() => totpSecretBox(undefined).open(sealed)).toThrow(MISSING_KEY_MESSAGE);
  });

  it('passes plaintext secrets from before the key through, and stores plaintext without a key', () => {
    expect(totpSecretBox(key).open(SECRET)).toBe(SECRET);
    expect(totpSecretBox(undefined).seal(SECRET)).toBe(SECRET);
  });

  it('reads TOTP_ENCRYPTION_KEY as 64 hex digits or base64 of 32 bytes, and refuses anything else', () => {
    expect(loadConfig({ TOTP_ENCRYPTION_KEY: key.toString('hex') }).totpEncryptionKey?.equals(key)).toBe(true);
    expect(loadConfig({ TOTP_ENCRYPTION_KEY: key.toString('base64') }).totpEncryptionKey?.equals(key)).toBe(true);
    expect(loadConfig({}).totpEncryptionKey).toBeUndefined();
    for (const bad of ['short', 'ab'.repeat(31), randomBytes(16).toString('base64')]) {
      expect(() => loadConfig({ TOTP_ENCRYPTION_KEY: bad }), bad).toThrow(/TOTP_ENCRYPTION_KEY must be 32 bytes/);
    }
  });
});

describe('two-factor sign-in with TOTP_ENCRYPTION_KEY set', () => {
  let s: ConfiguredApp;
  let token: string;
  let secret: string;

  beforeAll(async () => {
    s = await createConfiguredApp({ TOTP_ENCRYPTION_KEY: key.toString('hex') });
    const login = await s.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: ADMIN_EMAIL, password: ADMIN_PASSWORD },
    });
    token = login.json<LoginResponse>().token;
  });
  afterAll(async () => s.close());

  const storedSecret = async () =>
    (await s.database.db.selectFrom('users').select('totp_secret').where('email', '=', ADMIN_EMAIL).executeTakeFirst())
      ?.totp_secret ?? null;

  it('stores the secret encrypted from enrolment on, and signs in with it', async () => {
    const setup = await s.app.inject({ method: 'POST', url: '/api/auth/totp/setup', headers: bearer(token) });
    secret = setup.json<TotpSetupResponse>().secret;
    const stored = await storedSecret();
    expect(stored).toMatch(/^enc:v1:/);
    expect(stored).not.toContain(secret);

    const now = Date.now();
    const enable = await s.app.inject({
      method: 'POST',
      url: '/api/auth/totp/enable',
      headers: bearer(token),
      payload: { password: ADMIN_PASSWORD, code: totpAt(secret, now) },
    });
    expect(enable.statusCode).toBe(200);

    const first = await s.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: ADMIN_EMAIL, password: ADMIN_PASSWORD },
    });
    const challenge = first.json<TwoFactorChallengeResponse>().challenge;
    const second = await s.app.inject({
      method: 'POST',
      url: '/api/auth/login/totp',
      payload: { challenge, code: totpAt(secret, now + 30_000) },
    });
    expect(second.statusCode).toBe(200);
    expect(second.json<LoginResponse>().token).toEqual(expect.any(String));
  });

  it('at start, encrypts a secret stored in plaintext before the key was set; it keeps working', async () => {
    await s.database.db.updateTable('users').set({ totp_secret: secret }).where('email', '=', ADMIN_EMAIL).execute();
    const box = totpSecretBox(key);
    expect(await sealStoredTotpSecrets(s.database.db, box, key)).toBe(1);
    const stored = await storedSecret();
    expect(stored).toMatch(/^enc:v1:/);
    expect(box.open(stored ?? '')).toBe(secret);
    // Nothing left to do the second time.
    expect(await sealStoredTotpSecrets(s.database.db, box, key)).toBe(0);
  });

  it('at start without the key (or with another), stops with a clear message instead of failing each sign-in', async () => {
    await expect(sealStoredTotpSecrets(s.database.db, totpSecretBox(undefined), undefined)).rejects.toThrow(
      MISSING_KEY_MESSAGE,
    );
    const other = randomBytes(32);
    await expect(sealStoredTotpSecrets(s.database.db, totpSecretBox(other), other)).rejects.toThrow(WRONG_KEY_MESSAGE);
  });
});
