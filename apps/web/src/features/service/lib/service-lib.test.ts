import { afterEach, describe, expect, it } from 'vitest';
import {
  MAX_UPLOAD_FILE_BYTES,
  myMachineCodeRequestSchema,
  myMachineSessionRequestSchema,
  refusedFileMessage,
  serviceRequestInputSchema,
  SERVICE_REQUEST_TOO_MANY_PHOTOS_MESSAGE,
  TOO_MANY_BYTES_REASON,
  HEIC_REASON,
} from '@capstan/shared';
import { ENGLISH_MESSAGES } from '@/lib/i18n/translator';
import { translateRefusal } from '@/lib/i18n';
import { translatorFor } from '@/testing/locale';
import { keepMyMachineSession, readMyMachineSession } from './my-machine-session';
import { photoRefusal, translatePhotoRefusal } from './photo-refusal';
import { retryAfterSeconds } from './request-error';
import { PREFERRED_DATE_PAST_MESSAGE } from './validators';

afterEach(() => sessionStorage.clear());

/** Every refusal the buyer's forms can meet: the schemas' on bad input, and the few the app adds. */
function buyerRefusals(): string[] {
  const refusals = new Set<string>([SERVICE_REQUEST_TOO_MANY_PHOTOS_MESSAGE, PREFERRED_DATE_PAST_MESSAGE]);
  const add = (result: { error?: { issues: { message: string }[] } }) =>
    result.error?.issues.forEach((issue) => refusals.add(issue.message));
  add(serviceRequestInputSchema.safeParse({ serial: '', phone: 'ab', name: '', symptom: '', email: 'x' }));
  add(
    serviceRequestInputSchema.safeParse({
      serial: 'K'.repeat(41),
      phone: '9'.repeat(41),
      name: 'n'.repeat(201),
      symptom: 's'.repeat(5001),
      machineDown: 3,
      preferredDate: 'tomorrow',
      locale: 'fr',
    }),
  );
  add(serviceRequestInputSchema.safeParse({ serial: 'KPM#1', phone: '9843012345', name: 'N', symptom: 'S' }));
  add(myMachineCodeRequestSchema.safeParse({ serial: '', phone: '' }));
  add(myMachineSessionRequestSchema.safeParse({ serial: 'KPM1', phone: '9843012345', code: '12ab' }));
  return [...refusals];
}

describe("the buyer's refusals in the reader's language", () => {
  it('has every refusal of the service request and My machine schemas in the validation catalogue', () => {
    const english = new Set(
      Object.entries(ENGLISH_MESSAGES)
        .filter(([key]) => key.startsWith('validation.'))
        .map(([, message]) => message),
    );
    const refusals = buyerRefusals();
    expect(refusals.length).toBeGreaterThan(12);
    expect(refusals.filter((message) => !english.has(message))).toEqual([]);
    for (const locale of ['ta', 'hi'] as const) {
      for (const message of refusals)
        expect(translateRefusal(translatorFor(locale), message), message).not.toBe(message);
    }
  });

  it("says a photo's refusal in Tamil and Hindi, naming the file", () => {
    expect(translatePhotoRefusal(translatorFor('ta'), refusedFileMessage('IMG_1.HEIC', HEIC_REASON))).toBe(
      '“IMG_1.HEIC” ஒரு iPhone HEIC புகைப்படம்; அதை எங்களால் படிக்க முடியாது: JPEG ஆகப் பகிருங்கள்.',
    );
    expect(translatePhotoRefusal(translatorFor('hi'), refusedFileMessage('big.jpg', TOO_MANY_BYTES_REASON))).toBe(
      `“big.jpg” बहुत बड़ी है: हर फ़ोटो ज़्यादा से ज़्यादा ${MAX_UPLOAD_FILE_BYTES / 1024 / 1024} MB की हो सकती है।`,
    );
    expect(translatePhotoRefusal(translatorFor('ta'), 'Something else')).toBeNull();
    const pdf = new File(['%PDF'], 'manual.pdf', { type: 'application/pdf' });
    expect(photoRefusal(pdf, translatorFor('en'))).toBe(
      '“manual.pdf” is not a photo we can read: send JPEG, PNG or WebP.',
    );
    expect(photoRefusal(new File(['x'], 'a.jpg', { type: 'image/jpeg' }), translatorFor('en'))).toBeNull();
  });
});

describe('Retry-After', () => {
  it('reads seconds and HTTP dates', () => {
    const now = Date.parse('2026-11-28T10:00:00Z');
    expect(retryAfterSeconds('90', now)).toBe(90);
    expect(retryAfterSeconds('Sat, 28 Nov 2026 10:05:00 GMT', now)).toBe(300);
    expect(retryAfterSeconds(null, now)).toBeNull();
    expect(retryAfterSeconds('soon', now)).toBeNull();
  });
});

describe("the tab's My machine session", () => {
  it('keeps the token until it expires, then forgets it', () => {
    const now = Date.parse('2026-11-28T10:00:00Z');
    keepMyMachineSession('t1', '2026-11-29T10:00:00.000Z', now);
    expect(readMyMachineSession(now)).toEqual({ token: 't1', expiresAt: '2026-11-29T10:00:00.000Z' });
    expect(readMyMachineSession(Date.parse('2026-11-29T10:00:01Z'))).toBeNull();
    expect(sessionStorage.length).toBe(0);
  });

  it('ends a session without an expiry a day after it began', () => {
    const now = Date.parse('2026-11-28T10:00:00Z');
    expect(keepMyMachineSession('t2', undefined, now).expiresAt).toBe('2026-11-29T10:00:00.000Z');
  });
});
