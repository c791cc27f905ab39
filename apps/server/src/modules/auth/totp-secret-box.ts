import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { listStoredTotpSecrets, replaceTotpSecret } from './two-factor.repository';

/** Stored form of an encrypted secret: `enc:v1:` + base64url(iv ‖ tag ‖ ciphertext). */
const SEALED_PREFIX = 'enc:v1:';
const IV_BYTES = 12;
const TAG_BYTES = 16;
// Binds a ciphertext to its purpose, so it cannot be passed off as some other encrypted value.
const AAD = Buffer.from('capstan totp secret v1');

export const MISSING_KEY_MESSAGE =
  'Two-factor secrets in the database are encrypted, but TOTP_ENCRYPTION_KEY is not set: set the key they were encrypted with.';
export const WRONG_KEY_MESSAGE =
  'A two-factor secret in the database cannot be decrypted with TOTP_ENCRYPTION_KEY: it is not the key they were encrypted with.';

/**
 * TOTP secrets at rest. With a key (TOTP_ENCRYPTION_KEY, 32 bytes) they are sealed with
 * AES-256-GCM, so a copy of the database or a backup alone does not yield anyone's second factor;
 * without one they are stored as they are. Plaintext secrets from before a key was set still open.
 */
export interface TotpSecretBox {
  seal: (secret: string) => string;
  open: (stored: string) => string;
}

export const isSealed = (stored: string) => stored.startsWith(SEALED_PREFIX);

export function totpSecretBox(key: Buffer | undefined): TotpSecretBox {
  return {
    seal: (secret) => {
      if (!key) return secret;
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv('aes-256-gcm', key, iv).setAAD(AAD);
      const ciphertext = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
      return SEALED_PREFIX + Buffer.concat([iv, cipher.getAuthTag(), ciphertext]).toString('base64url');
    },
    open: (stored) => {
      if (!isSealed(stored)) return stored;
      if (!key) throw new Error(MISSING_KEY_MESSAGE);
      const bytes = Buffer.from(stored.slice(SEALED_PREFIX.length), 'base64url');
      try {
        const decipher = createDecipheriv('aes-256-gcm', key, bytes.subarray(0, IV_BYTES)).setAAD(AAD);
        decipher.setAuthTag(bytes.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
        return Buffer.concat([decipher.update(bytes.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]).toString(
          'utf8',
        );
      } catch {
        throw new Error(WRONG_KEY_MESSAGE);
      }
    },
  };
}

/**
 * At start: seals secrets stored in plaintext (when a key is set) and checks that every sealed
 * one opens, so a missing or wrong key stops the server with a clear message instead of failing
 * each two-factor sign-in. Returns how many secrets it sealed.
 */
export async function sealStoredTotpSecrets(
  db: Kysely<Database>,
  box: TotpSecretBox,
  key: Buffer | undefined,
): Promise<number> {
  const rows = await listStoredTotpSecrets(db);
  let sealed = 0;
  for (const row of rows) {
    const stored = row.secret;
    if (isSealed(stored)) {
      box.open(stored);
      continue;
    }
    if (!key) continue;
    // Only if unchanged meanwhile (another process may have re-enrolled the user).
    if (await replaceTotpSecret(db, row.id, stored, box.seal(stored))) sealed++;
  }
  return sealed;
}
