import {
  CHAT_TOPICS,
  type ChatContent,
  type ChatTranslation,
  CONTENT_LOCALES,
  type CompanySettings,
  type CompanyTranslation,
  type ContentLocale,
  type LandingContent,
  type LandingTranslation,
} from '@capstan/shared';

/**
 * The Tamil and Hindi texts as the Site forms edit them (decision 072): every text a string ('' for
 * none) and every list as long as its English one, so each English entry has its inputs and moving
 * or removing an entry can move its translations with it. Saved as they are: '' removes a text on
 * the server, and a list's untranslated positions stay English.
 */

const fill = <T>(list: readonly T[] | undefined, length: number, blank: () => T): T[] =>
  Array.from({ length }, (_, index) => list?.[index] ?? blank());

const perLocale = <T>(draft: (locale: ContentLocale) => T): Record<ContentLocale, T> =>
  Object.fromEntries(CONTENT_LOCALES.map((locale) => [locale, draft(locale)])) as Record<ContentLocale, T>;

export function companyWithDrafts(company: CompanySettings): CompanySettings {
  return {
    ...company,
    translations: perLocale((locale): CompanyTranslation => {
      const stored = company.translations?.[locale];
      return {
        tagline: stored?.tagline ?? '',
        whatsappMessage: stored?.whatsappMessage ?? '',
        phoneLabels: fill(stored?.phoneLabels, company.phones.length, () => ''),
      };
    }),
  };
}

const titled = (item: { title?: string; description?: string } | undefined) => ({
  title: item?.title ?? '',
  description: item?.description ?? '',
});

export function landingWithDrafts(landing: LandingContent): LandingContent {
  return {
    ...landing,
    translations: perLocale((locale): LandingTranslation => {
      const stored = landing.translations?.[locale];
      return {
        hero: {
          eyebrow: stored?.hero?.eyebrow ?? '',
          heading: stored?.hero?.heading ?? '',
          text: stored?.hero?.text ?? '',
        },
        stats: fill(stored?.stats, landing.stats.length, () => ''),
        about: {
          heading: stored?.about?.heading ?? '',
          paragraphs: fill(stored?.about?.paragraphs, landing.about.paragraphs.length, () => ''),
          highlights: fill(stored?.about?.highlights, landing.about.highlights.length, () => ''),
        },
        services: fill(stored?.services, landing.services.length, () => ({})).map(titled),
        reasons: fill(stored?.reasons, landing.reasons.length, () => ({})).map(titled),
      };
    }),
  };
}

export function chatWithDrafts(chat: ChatContent): ChatContent {
  return {
    ...chat,
    translations: perLocale((locale): ChatTranslation => {
      const stored = chat.translations?.[locale];
      return {
        greeting: stored?.greeting ?? '',
        answers: Object.fromEntries(
          CHAT_TOPICS.map((topic) => [topic, stored?.answers?.[topic] ?? '']),
        ) as ChatTranslation['answers'],
        fallback: stored?.fallback ?? '',
      };
    }),
  };
}
