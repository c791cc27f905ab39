import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@capstan/shared';
import { COMMON_PASSWORDS } from './common-passwords';

/**
 * Why a new staff password is refused, or null when it is acceptable. Length comes first so the
 * message matches the form's own check; then the guessable cases an attacker tries first.
 */
export function passwordPolicyProblem(password: string, email: string): string | null {
  if (password.length < PASSWORD_MIN_LENGTH) {
    return `Password must be at least ${PASSWORD_MIN_LENGTH} characters`;
  }
  if (password.length > PASSWORD_MAX_LENGTH) {
    return `Password must be at most ${PASSWORD_MAX_LENGTH} characters`;
  }
  const lowered = password.toLowerCase();
  if (COMMON_PASSWORDS.has(lowered)) return 'This password is too common. Choose a less guessable one.';
  const address = email.toLowerCase();
  const localPart = address.split('@')[0] ?? '';
  if (lowered === address || (localPart !== '' && lowered === localPart)) {
    return 'Password must not be your email address';
  }
  return null;
}
