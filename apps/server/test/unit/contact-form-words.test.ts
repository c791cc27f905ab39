import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { reviewInputSchema } from '@capstan/shared';
import { serverTranslator } from '../../src/i18n/server-translator';
import { reviewRefusalIn } from '../../src/modules/reviews/review-form-page';

// The pages a visitor without JavaScript gets back from the contact and review forms say the forms'
// words and refusals as the app's forms do: the same texts in every language, held together here.

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const read = (file: string) => JSON.parse(fs.readFileSync(path.join(root, file), 'utf8')) as Record<string, string>;
/** One of the app's namespaces in `locale`: in every page's catalogue, or in the folder of those loaded on demand. */
function readApp(locale: string, namespace: string): Record<string, string> {
  const onDemand = `apps/web/src/locales/${locale}/on-demand/${namespace}.json`;
  return read(fs.existsSync(path.join(root, onDemand)) ? onDemand : `apps/web/src/locales/${locale}/${namespace}.json`);
}

const SAME_AS_APP: [server: string, namespace: string, app: string][] = [
  ['thanksTitle', 'inquiryForm', 'thanksTitle'],
  ['thanksText', 'inquiryForm', 'thanksText'],
  ['firstName', 'inquiryForm', 'firstName'],
  ['lastName', 'inquiryForm', 'lastName'],
  ['email', 'inquiryForm', 'emailField'],
  ['phone', 'inquiryForm', 'phoneField'],
  ['message', 'inquiryForm', 'message'],
  ['selectService', 'inquiryForm', 'selectService'],
  ['send', 'inquiryForm', 'send'],
  ['serviceMachine', 'inquiryForm', 'serviceOtherMachines'],
  ['serviceSpareParts', 'inquiryForm', 'serviceSpareParts'],
  ['serviceServices', 'inquiryForm', 'serviceEngineering'],
  ['serviceMaintenance', 'inquiryForm', 'serviceMaintenance'],
  ['serviceGeneral', 'inquiryForm', 'serviceGeneral'],
  ['refusalFirstNameRequired', 'validation', 'firstNameRequired'],
  ['refusalLastNameRequired', 'validation', 'lastNameRequired'],
  ['refusalPhoneRequired', 'validation', 'phoneRequired'],
  ['refusalMessageRequired', 'validation', 'messageRequired'],
  ['refusalEmailInvalid', 'validation', 'emailInvalid'],
  ['refusalPhoneInvalid', 'validation', 'phoneInvalid'],
  ['refusalServiceUnknown', 'validation', 'serviceUnknown'],
];

describe('the no-JavaScript contact pages’ words', () => {
  for (const locale of ['en', 'ta', 'hi']) {
    it(`are the app form’s in ${locale}`, () => {
      const server = read(`apps/server/src/locales/${locale}/contactForm.json`);
      for (const [key, namespace, appKey] of SAME_AS_APP) {
        const app = readApp(locale, namespace);
        expect({ key, text: server[key] }).toEqual({ key, text: app[appKey] });
      }
    });
  }
});

const REVIEW_SAME_AS_APP: [server: string, namespace: string, app: string][] = [
  ['thanksTitle', 'reviewForm', 'thanksTitle'],
  ['thanksText', 'reviewForm', 'thanksText'],
  ['rating', 'reviewForm', 'rating'],
  ['stars', 'ui', 'stars'],
  ['itemLabel', 'reviewForm', 'itemLabel'],
  ['itemNone', 'reviewForm', 'itemNone'],
  ['text', 'reviewForm', 'text'],
  ['name', 'reviewForm', 'name'],
  ['submit', 'reviewForm', 'submit'],
  ['refusalRatingRequired', 'validation', 'ratingRequired'],
  ['refusalTextRequired', 'validation', 'reviewTextRequired'],
  ['refusalNameRequired', 'validation', 'reviewNameRequired'],
  ['refusalTextShort', 'validation', 'reviewTextShort'],
  ['refusalTextLong', 'validation', 'reviewTextLong'],
  ['refusalNameLong', 'validation', 'reviewNameLong'],
  ['refusalPositionLong', 'validation', 'reviewPositionLong'],
  ['refusalCompanyLong', 'validation', 'reviewCompanyLong'],
  ['refusalItemUnknown', 'validation', 'reviewItemUnknown'],
];

/** What the review schema answers to empty, malformed and overlong input, as a plain form sends it. */
function reviewRefusals(): string[] {
  const refusals = new Set<string>();
  for (const input of [
    { rating: '', text: '', name: '' },
    { rating: '9', text: 'short', name: 'N', itemId: 'not-a-machine' },
    { rating: '5', text: 'x'.repeat(3000), name: 'n'.repeat(300), position: 'p'.repeat(300), company: 'c'.repeat(300) },
  ]) {
    reviewInputSchema.safeParse(input).error?.issues.forEach((issue) => refusals.add(issue.message));
  }
  return [...refusals];
}

describe('the no-JavaScript review pages’ words', () => {
  for (const locale of ['en', 'ta', 'hi']) {
    it(`are the app form’s in ${locale}`, () => {
      const server = read(`apps/server/src/locales/${locale}/reviewForm.json`);
      for (const [key, namespace, appKey] of REVIEW_SAME_AS_APP) {
        const app = readApp(locale, namespace);
        expect({ key, text: server[key] }).toEqual({ key, text: app[appKey] });
      }
      // The optional fields: the app's label and its "(optional)".
      const reviewForm = readApp(locale, 'reviewForm');
      const optional = readApp(locale, 'inquiryForm').optional;
      expect(server.positionOptional).toBe(`${reviewForm.position} ${optional}`);
      expect(server.companyOptional).toBe(`${reviewForm.company} ${optional}`);
    });
  }

  it('say every refusal of the review schema in Tamil and Hindi', () => {
    const refusals = reviewRefusals();
    expect(refusals.length).toBeGreaterThanOrEqual(9);
    for (const locale of ['ta', 'hi'] as const) {
      const untranslated = refusals.filter((message) => reviewRefusalIn(serverTranslator(locale), message) === message);
      expect(untranslated, locale).toEqual([]);
    }
    expect(reviewRefusalIn(serverTranslator('en'), 'Please enter your name')).toBe('Please enter your name');
    expect(reviewRefusalIn(serverTranslator('ta'), 'Something else')).toBe('Something else');
  });
});
