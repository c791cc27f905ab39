import { COMPANY_NAME } from '@capstan/shared';
import { saveBlob } from '@/lib/download-file';

/** The recovery codes as a text file to keep: who and where they are for, one code a line. */
export function recoveryCodesText(codes: readonly string[], email: string | null, now = new Date()): string {
  return [
    `${COMPANY_NAME} back office: two-factor recovery codes${email ? ` for ${email}` : ''}`,
    `Made ${now.toISOString().slice(0, 10)}. Each code works once; sign in with one when your authenticator app is not at hand.`,
    '',
    ...codes,
    '',
  ].join('\n');
}

export const RECOVERY_CODES_FILE_NAME = 'kovai-recovery-codes.txt';

/** Saves `text` as a download named `fileName`. */
export function downloadTextFile(fileName: string, text: string): void {
  saveBlob(new Blob([text], { type: 'text/plain;charset=utf-8' }), fileName);
}
