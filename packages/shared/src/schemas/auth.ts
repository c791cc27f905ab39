import { z } from './zod';
import { LOCALES } from '../locales';

export const loginInputSchema = z
  .object({
    // Any address an account can have, the install's first one included (ADMIN_EMAIL defaults to
    // admin@localhost, which z.email() refuses for its missing dot): a wrong one fails as a wrong
    // password does; only what cannot be an address at all is refused here.
    email: z
      .string()
      .trim()
      .toLowerCase()
      .pipe(
        z
          .string()
          .max(254)
          .regex(/^[^\s@]+@[^\s@]+$/, { message: 'Enter a valid email address' }),
      ),
    password: z.string().min(1, { message: 'Password is required' }).max(200),
  })
  .strict();
export type LoginInput = z.input<typeof loginInputSchema>;

export const PASSWORD_MIN_LENGTH = 12;
export const PASSWORD_MAX_LENGTH = 200;

/** A new staff password; the server also refuses common passwords and the user's own email. */
export const newPasswordSchema = z
  .string()
  .min(PASSWORD_MIN_LENGTH, { message: `Password must be at least ${PASSWORD_MIN_LENGTH} characters` })
  .max(PASSWORD_MAX_LENGTH, { message: `Password must be at most ${PASSWORD_MAX_LENGTH} characters` });

export const changePasswordInputSchema = z
  .object({
    currentPassword: z.string().min(1, { message: 'Current password is required' }).max(PASSWORD_MAX_LENGTH),
    newPassword: newPasswordSchema,
  })
  .strict();
export type ChangePasswordInput = z.input<typeof changePasswordInputSchema>;

/** The Account screen's form: the request plus a confirmation that never leaves the browser. */
export const changePasswordFormSchema = z
  .object({
    currentPassword: z.string().min(1, { message: 'Current password is required' }).max(PASSWORD_MAX_LENGTH),
    newPassword: newPasswordSchema,
    confirmPassword: z.string(),
  })
  .refine((v) => v.confirmPassword === v.newPassword, {
    message: 'Passwords do not match',
    path: ['confirmPassword'],
  });
export type ChangePasswordFormValues = z.input<typeof changePasswordFormSchema>;

/** Six digits from an authenticator app; spaces people type between groups are ignored. */
export const totpCodeSchema = z
  .string()
  .transform((v) => v.replace(/\s+/g, ''))
  .pipe(z.string().regex(/^\d{6}$/, { message: 'Enter the 6-digit code from your authenticator app' }));

export const recoveryCodeSchema = z
  .string()
  .trim()
  .toLowerCase()
  .pipe(z.string().regex(/^[a-z0-9]{5}-?[a-z0-9]{5}$/, { message: 'Enter a recovery code like abcde-12345' }));

/** Turning two-factor on needs the password too: a stolen session alone must not lock the owner out. */
export const enableTotpInputSchema = z
  .object({
    password: z.string().min(1, { message: 'Password is required' }).max(PASSWORD_MAX_LENGTH),
    code: totpCodeSchema,
  })
  .strict();
export type EnableTotpInput = z.input<typeof enableTotpInputSchema>;
export const disableTotpInputSchema = z
  .object({
    password: z.string().min(1, { message: 'Password is required' }).max(PASSWORD_MAX_LENGTH),
    code: totpCodeSchema,
  })
  .strict();

export const loginTotpInputSchema = z
  .object({
    challenge: z.string().min(20).max(200),
    code: totpCodeSchema.optional(),
    recoveryCode: recoveryCodeSchema.optional(),
  })
  .strict()
  .refine((v) => (v.code === undefined) !== (v.recoveryCode === undefined), {
    message: 'Enter either a code or a recovery code',
    path: ['code'],
  });
export type LoginTotpInput = z.input<typeof loginTotpInputSchema>;

/** What POST /api/auth/login answers instead of a session when the account has two-factor on. */
export interface TwoFactorChallengeResponse {
  twoFactorRequired: true;
  challenge: string;
  message: string;
}

export interface TotpSetupResponse {
  secret: string;
  otpauthUrl: string;
  qrSvg: string;
}

export interface TotpEnableResponse {
  recoveryCodes: string[];
  message: string;
}

export interface AccountSecurityResponse {
  totpEnabled: boolean;
  passwordChangedAt: string | null;
}

/** `PUT /api/auth/locale`: the back office's language for the signed-in person (Account → Language). */
export const staffLocaleInputSchema = z
  .object({ locale: z.enum(LOCALES, { message: 'Choose English, Tamil or Hindi' }) })
  .strict();
export type StaffLocaleInput = z.infer<typeof staffLocaleInputSchema>;
