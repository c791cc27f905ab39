import { createIntl, createIntlCache, type IntlShape } from '@formatjs/intl';
import { flattenMessages, INTL_LOCALES, type Locale } from '@capstan/shared';
import seoEn from '../locales/en/seo.json' with { type: 'json' };
import seoHi from '../locales/hi/seo.json' with { type: 'json' };
import seoTa from '../locales/ta/seo.json' with { type: 'json' };
import specSheetEn from '../locales/en/specSheet.json' with { type: 'json' };
import specSheetHi from '../locales/hi/specSheet.json' with { type: 'json' };
import specSheetTa from '../locales/ta/specSheet.json' with { type: 'json' };
import emailEn from '../locales/en/email.json' with { type: 'json' };
import emailHi from '../locales/hi/email.json' with { type: 'json' };
import emailTa from '../locales/ta/email.json' with { type: 'json' };
import csvEn from '../locales/en/csv.json' with { type: 'json' };
import csvHi from '../locales/hi/csv.json' with { type: 'json' };
import csvTa from '../locales/ta/csv.json' with { type: 'json' };
import contactFormEn from '../locales/en/contactForm.json' with { type: 'json' };
import contactFormHi from '../locales/hi/contactForm.json' with { type: 'json' };
import contactFormTa from '../locales/ta/contactForm.json' with { type: 'json' };
import reviewFormEn from '../locales/en/reviewForm.json' with { type: 'json' };
import reviewFormHi from '../locales/hi/reviewForm.json' with { type: 'json' };
import reviewFormTa from '../locales/ta/reviewForm.json' with { type: 'json' };
import quotationEn from '../locales/en/quotation.json' with { type: 'json' };
import quotationHi from '../locales/hi/quotation.json' with { type: 'json' };
import quotationTa from '../locales/ta/quotation.json' with { type: 'json' };

import serviceDeskEn from '../locales/en/serviceDesk.json' with { type: 'json' };
import serviceDeskHi from '../locales/hi/serviceDesk.json' with { type: 'json' };
import serviceDeskTa from '../locales/ta/serviceDesk.json' with { type: 'json' };
import serviceReportEn from '../locales/en/serviceReport.json' with { type: 'json' };
import serviceReportHi from '../locales/hi/serviceReport.json' with { type: 'json' };
import serviceReportTa from '../locales/ta/serviceReport.json' with { type: 'json' };
import myMachineEn from '../locales/en/myMachine.json' with { type: 'json' };
import myMachineHi from '../locales/hi/myMachine.json' with { type: 'json' };
import myMachineTa from '../locales/ta/myMachine.json' with { type: 'json' };
import remindersEn from '../locales/en/reminders.json' with { type: 'json' };
import remindersHi from '../locales/hi/reminders.json' with { type: 'json' };
import remindersTa from '../locales/ta/reminders.json' with { type: 'json' };

/**
 * The server's own messages (page titles and descriptions, structured data, the spec sheet PDF), in the same ICU
 * catalogues and library as the web app's (apps/web/src/lib/i18n): `locales/<language>/<namespace>.json`.
 */
export const SERVER_CATALOGUES: Record<Locale, Record<string, Record<string, string>>> = {
  en: {
    contactForm: contactFormEn,
    reviewForm: reviewFormEn,
    email: emailEn,
    csv: csvEn,
    seo: seoEn,
    specSheet: specSheetEn,
    quotation: quotationEn,
    serviceDesk: serviceDeskEn,
    serviceReport: serviceReportEn,
    myMachine: myMachineEn,
    reminders: remindersEn,
  },
  ta: {
    contactForm: contactFormTa,
    reviewForm: reviewFormTa,
    email: emailTa,
    csv: csvTa,
    seo: seoTa,
    specSheet: specSheetTa,
    quotation: quotationTa,
    serviceDesk: serviceDeskTa,
    serviceReport: serviceReportTa,
    myMachine: myMachineTa,
    reminders: remindersTa,
  },
  hi: {
    contactForm: contactFormHi,
    reviewForm: reviewFormHi,
    email: emailHi,
    csv: csvHi,
    seo: seoHi,
    specSheet: specSheetHi,
    quotation: quotationHi,
    serviceDesk: serviceDeskHi,
    serviceReport: serviceReportHi,
    myMachine: myMachineHi,
    reminders: remindersHi,
  },
};

export type ServerMessageKey =
  | `contactForm.${keyof typeof contactFormEn & string}`
  | `reviewForm.${keyof typeof reviewFormEn & string}`
  | `email.${keyof typeof emailEn & string}`
  | `csv.${keyof typeof csvEn & string}`
  | `seo.${keyof typeof seoEn & string}`
  | `specSheet.${keyof typeof specSheetEn & string}`
  | `quotation.${keyof typeof quotationEn & string}`
  | `serviceDesk.${keyof typeof serviceDeskEn & string}`
  | `serviceReport.${keyof typeof serviceReportEn & string}`
  | `myMachine.${keyof typeof myMachineEn & string}`
  | `reminders.${keyof typeof remindersEn & string}`;
export type ServerMessageValues = Record<string, string | number>;

export interface ServerTranslator {
  locale: Locale;
  t: (key: ServerMessageKey, values?: ServerMessageValues) => string;
  /** 'A, B and C' in the language. */
  list: (items: readonly string[]) => string;
  intl: IntlShape;
}

const cache = createIntlCache();

function create(locale: Locale): ServerTranslator {
  const intl = createIntl(
    {
      locale: INTL_LOCALES[locale],
      defaultLocale: INTL_LOCALES.en,
      // A key a translation lacks falls back to English (the catalogue test keeps that from shipping).
      messages: { ...flattenMessages(SERVER_CATALOGUES.en), ...flattenMessages(SERVER_CATALOGUES[locale]) },
    },
    cache,
  );
  return {
    locale,
    intl,
    t: (key, values) => intl.formatMessage({ id: key }, values),
    list: (items) => intl.formatList(items, { type: 'conjunction' }),
  };
}

const translators: Record<Locale, ServerTranslator> = { en: create('en'), ta: create('ta'), hi: create('hi') };

export function serverTranslator(locale: Locale): ServerTranslator {
  return translators[locale];
}
