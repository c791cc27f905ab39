import { type DayHours, groupOpeningHours, WEEK_DAYS, type WeekDay } from '@capstan/shared';
import type { ServerTranslator } from '../../i18n/server-translator';
import type { ItemKind } from '../../db/schema';
import type { SpecSheetWords } from './spec-sheet-pdf';

/** Whole rupees in Indian grouping, as the details page prints them (apps/web/src/lib/format.ts). */
const RUPEES = { style: 'currency', currency: 'INR', minimumFractionDigits: 0, maximumFractionDigits: 0 } as const;

const KIND_KEYS = {
  machine: 'specSheet.kindMachine',
  spare: 'specSheet.kindSpare',
  service: 'specSheet.kindService',
} as const satisfies Record<ItemKind, string>;

const CODE_KEYS = {
  machine: 'specSheet.codeMachine',
  spare: 'specSheet.codeSpare',
  service: 'specSheet.codeService',
} as const satisfies Record<ItemKind, string>;

/** 'Machine', 'மெஷின்': a machine's line when it has no category. */
export const kindLabelIn = ({ t }: ServerTranslator, kind: ItemKind) => t(KIND_KEYS[kind]);

/** 'Model', 'Part no.', 'Service code' in the language. */
export const codeLabelIn = ({ t }: ServerTranslator, kind: ItemKind) => t(CODE_KEYS[kind]);

/** ₹15,00,000 (Latin digits, lakh grouping, in ta-IN and hi-IN as in en-IN), or 'Price on request' in the language. */
export function priceIn({ t, intl }: ServerTranslator, amount: number | null): { price: string; priced: boolean } {
  if (amount === null || !Number.isFinite(amount)) return { price: t('specSheet.priceOnRequest'), priced: false };
  return { price: intl.formatNumber(amount, RUPEES), priced: true };
}

function dayName(day: WeekDay, { intl }: ServerTranslator): string {
  // 1 January 2024 was a Monday; Intl names the weekdays in the language.
  return intl.formatDate(Date.UTC(2024, 0, 1 + WEEK_DAYS.indexOf(day)), { weekday: 'long', timeZone: 'UTC' });
}

/** '20:00' as the language says a time of day ('8:00 PM', 'இரவு 8:00', 'रात 8:00 बजे'), as the contact page does. */
function clock(time: string, { t }: ServerTranslator): string {
  const [hours = 0, minutes = 0] = time.split(':').map(Number);
  const period =
    hours < 5 ? 'lateNight' : hours < 12 ? 'morning' : hours < 16 ? 'afternoon' : hours < 19 ? 'evening' : 'night';
  const hour = String(hours % 12 === 0 ? 12 : hours % 12);
  return t('specSheet.clock', { hour, minutes: String(minutes).padStart(2, '0'), period });
}

/**
 * The opening hours as printed (SPEC §9: 'Monday to Saturday 9:00 AM to 8:00 PM'), in the language:
 * in English the same lines as the shared formatOpeningHours.
 */
export function openingHoursIn(translator: ServerTranslator, hours: readonly DayHours[]): string[] {
  const { t } = translator;
  return groupOpeningHours(hours).map((group) => {
    const first = dayName(group.days[0] ?? 'Monday', translator);
    const last = dayName(group.days[group.days.length - 1] ?? 'Monday', translator);
    const days =
      group.days.length === 1
        ? first
        : t(group.days.length === 2 ? 'specSheet.daysTwo' : 'specSheet.daysRange', { first, last });
    return group.closed
      ? t('specSheet.hoursClosed', { days })
      : t('specSheet.hoursOpen', {
          days,
          opens: clock(group.opens, translator),
          closes: clock(group.closes, translator),
        });
  });
}

/** The sheet's own words for one item's sheet. */
export function specSheetWords(
  translator: ServerTranslator,
  { company, name, asOf }: { company: string; name: string; asOf: Date },
): SpecSheetWords {
  const { t, intl } = translator;
  return {
    price: t('specSheet.price'),
    scanForPage: t('specSheet.scanForPage'),
    keyFeatures: t('specSheet.keyFeatures'),
    specifications: t('specSheet.specifications'),
    specificationsContinued: t('specSheet.specificationsContinued'),
    moreFeatures: (count) => t('specSheet.moreFeatures', { count }),
    moreSpecifications: (count) => t('specSheet.moreSpecifications', { count }),
    noSpecifications: t('specSheet.noSpecifications'),
    contactHeading: t('specSheet.contactHeading', { company }),
    gstin: (gstin) => t('specSheet.gstin', { gstin }),
    footer: t('specSheet.footer', {
      company,
      date: intl.formatDate(asOf, { dateStyle: 'medium', timeZone: 'Asia/Kolkata' }),
    }),
    pageOf: (page, count) => t('specSheet.pageOf', { page, count }),
    documentTitle: t('specSheet.documentTitle', { name }),
  };
}
