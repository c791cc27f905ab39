import { describe, expect, it } from 'vitest';
import { inquiryInputSchema, reviewInputSchema } from '@capstan/shared';
import { translatorFor } from '@/testing/locale';
import { ENGLISH_MESSAGES } from './translator';
import { translateRefusal } from './validation';

/** What the public forms' schemas answer to empty, malformed and overlong input. */
function publicFormRefusals(): string[] {
  const refusals = new Set<string>();
  const add = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
    result.error?.issues.forEach((issue) => refusals.add(issue.message));
  add(inquiryInputSchema.safeParse({ firstName: '', lastName: '', email: 'x', phone: 'ab', message: '' }));
  add(
    inquiryInputSchema.safeParse({
      firstName: 'A',
      lastName: 'B',
      email: 'a@b.in',
      phone: '9843012345',
      message: 'M',
      service: 's'.repeat(101),
    }),
  );
  add(reviewInputSchema.safeParse({ rating: 0, text: '', name: '' }));
  add(reviewInputSchema.safeParse({ rating: 5, text: 'short', name: 'N', itemId: 'not-a-machine' }));
  add(
    reviewInputSchema.safeParse({
      rating: 6,
      text: 'x'.repeat(3000),
      name: 'n'.repeat(300),
      position: 'p'.repeat(300),
      company: 'c'.repeat(300),
    }),
  );
  return [...refusals];
}

describe("the public forms' refusals in the reader's language", () => {
  it('has every refusal of the contact and review schemas in the validation catalogue', () => {
    const english = new Set(
      Object.entries(ENGLISH_MESSAGES)
        .filter(([key]) => key.startsWith('validation.'))
        .map(([, message]) => message),
    );
    const refusals = publicFormRefusals();
    expect(refusals.length).toBeGreaterThan(10);
    expect(refusals.filter((message) => !english.has(message))).toEqual([]);
  });

  it('says a known refusal in Tamil and Hindi, and leaves one it does not know as sent', () => {
    expect(translateRefusal(translatorFor('ta'), 'First name is required')).toBe('முதல் பெயர் தேவை');
    expect(translateRefusal(translatorFor('hi'), 'Enter a valid phone number')).toBe('सही फ़ोन नंबर लिखें');
    expect(translateRefusal(translatorFor('en'), 'Enter a valid phone number')).toBe('Enter a valid phone number');
    expect(translateRefusal(translatorFor('ta'), 'Something else')).toBe('Something else');
    expect(translateRefusal(translatorFor('ta'), undefined)).toBeUndefined();
  });
});
