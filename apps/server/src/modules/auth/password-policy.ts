import {
  COMPANY_ADDRESS,
  COMPANY_EMAIL,
  COMPANY_NAME,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
} from '@capstan/shared';
import type { ZxcvbnFactory } from '@zxcvbn-ts/core';

export const GUESSABLE_PASSWORD_MESSAGE =
  'This password is too common or too easy to guess. Use a few unrelated words, or a longer password.';
export const OWN_EMAIL_PASSWORD_MESSAGE = 'Password must not be your email address';

/**
 * zxcvbn's top score: it finds no way to the password in under 10^10 guesses. At 12 characters
 * or more, a password it scores lower is built from what attackers try first (a leaked
 * password, a word with a year and a "!", a keyboard run, the company's own name), e.g.
 * "Capstan2026!" or "Admin@12345678"; a few unrelated words, or random characters, score 4.
 */
const MINIMUM_SCORE = 4;

/** What the business is called and where it is: the first words a guess at its staff's passwords tries. */
function siteWords(companyName: string): string[] {
  const words = [companyName, COMPANY_NAME, COMPANY_ADDRESS.locality, COMPANY_ADDRESS.region]
    .flatMap((name) => [name, ...name.split(/[^\p{L}\p{N}]+/u), name.replace(/[^\p{L}\p{N}]+/gu, '')])
    .concat(COMPANY_EMAIL.split('@')[1]?.split('.')[0] ?? '', 'kovai')
    .concat(['capstan', 'lathe', 'lathes', 'cnc', 'turning', 'spindle', 'chuck', 'machine', 'machines', 'precision']);
  return [...new Set(words.map((word) => word.toLowerCase()).filter((word) => word.length >= 3))];
}

function emailWords(email: string): string[] {
  const [local = '', domain = ''] = email.toLowerCase().split('@');
  return [email, local, ...local.split(/[._+-]+/), domain.split('.')[0] ?? ''].filter((word) => word.length >= 3);
}

let estimator: Promise<ZxcvbnFactory> | undefined;

/** Its dictionaries take a few hundred milliseconds to load: once, when a password is first set, not at start-up. */
function passwordEstimator(): Promise<ZxcvbnFactory> {
  estimator ??= Promise.all([import('@zxcvbn-ts/core'), import('@zxcvbn-ts/language-common')]).then(
    ([{ ZxcvbnFactory }, { dictionary, adjacencyGraphs }]) =>
      new ZxcvbnFactory({ dictionary, graphs: adjacencyGraphs }),
  );
  return estimator;
}

/**
 * Why a new staff password is refused, or null when it is acceptable. Length comes first so the
 * message matches the form's own check; then the person's own email, then how guessable it is.
 * `companyName` is the name staff gave the company under Site (it may differ from the seeded one).
 */
export async function passwordPolicyProblem(
  password: string,
  email: string,
  companyName: string = COMPANY_NAME,
): Promise<string | null> {
  if (password.length < PASSWORD_MIN_LENGTH) {
    return `Password must be at least ${PASSWORD_MIN_LENGTH} characters`;
  }
  if (password.length > PASSWORD_MAX_LENGTH) {
    return `Password must be at most ${PASSWORD_MAX_LENGTH} characters`;
  }
  const lowered = password.toLowerCase();
  const address = email.toLowerCase();
  const localPart = address.split('@')[0] ?? '';
  if (lowered === address || (localPart !== '' && lowered === localPart)) return OWN_EMAIL_PASSWORD_MESSAGE;
  const { score } = (await passwordEstimator()).check(password, [...siteWords(companyName), ...emailWords(email)]);
  return score < MINIMUM_SCORE ? GUESSABLE_PASSWORD_MESSAGE : null;
}
