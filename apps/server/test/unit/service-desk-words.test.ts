import { describe, expect, it } from 'vitest';
import { HEIC_REASON, NOT_AN_IMAGE_REASON, serviceRequestInputSchema, TOO_MANY_PIXELS_REASON } from '@capstan/shared';
import { serverTranslator } from '../../src/i18n/server-translator';
import {
  photoRefusalIn,
  serviceLimitMessage,
  serviceRefusalIn,
} from '../../src/modules/service-requests/service-request-form-page';

/** What the service request schema answers to empty, malformed and overlong input, as a plain form sends it. */
function refusals(): string[] {
  const found = new Set<string>();
  for (const input of [
    {},
    { serial: '', phone: '', name: '', symptom: '' },
    { serial: 'KPM 22#1', phone: 'call me', name: 'n'.repeat(300), email: 'nobody', symptom: 's'.repeat(6000) },
    { serial: 'K'.repeat(60), phone: '9'.repeat(50), preferredDate: 'soon', machineDown: 5, locale: 'fr' },
  ]) {
    serviceRequestInputSchema.safeParse(input).error?.issues.forEach((issue) => found.add(issue.message));
  }
  return [...found];
}

describe('the no-JavaScript service request pages’ words', () => {
  it('say every refusal of the service request schema in Tamil and Hindi', () => {
    const messages = refusals();
    expect(messages.length).toBeGreaterThanOrEqual(12);
    for (const locale of ['ta', 'hi'] as const) {
      const untranslated = messages.filter(
        (message) => serviceRefusalIn(serverTranslator(locale), message) === message,
      );
      expect(untranslated, locale).toEqual([]);
    }
    for (const message of messages) expect(serviceRefusalIn(serverTranslator('en'), message)).toBe(message);
  });

  it('say why a photo was refused, by the pipeline’s reason, in the page’s language', () => {
    for (const reason of [NOT_AN_IMAGE_REASON, TOO_MANY_PIXELS_REASON, HEIC_REASON]) {
      expect(photoRefusalIn(serverTranslator('en'), reason, 'spindle.jpg')).toBe(`"spindle.jpg" ${reason}`);
      const tamil = photoRefusalIn(serverTranslator('ta'), reason, 'spindle.jpg');
      expect(tamil).toContain('"spindle.jpg"');
      expect(tamil).not.toContain(reason);
    }
    expect(photoRefusalIn(serverTranslator('hi'), NOT_AN_IMAGE_REASON, undefined)).toMatch(/^यह फ़ोटो/);
  });

  it('tell a visitor over the allowance when to send again, with the numbers to call', () => {
    expect(serviceLimitMessage('en', 1, ['+91 98430 12345'])).toBe(
      'We have received several service requests from your network in the last few minutes, so this one was not sent. ' +
        'Please call us on +91 98430 12345. You can send it again in 1 minute.',
    );
    expect(serviceLimitMessage('ta', 7, ['+91 98430 12345', '0422 2345678'])).toContain('7 நிமிடங்கள்');
    expect(serviceLimitMessage('hi', 3, [])).toContain('कृपया हमें कॉल करें।');
  });
});
