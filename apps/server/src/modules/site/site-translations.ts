import {
  CHAT_TOPICS,
  type ChatContent,
  type ChatTopic,
  type ChatTranslation,
  type ChatTranslations,
  CONTENT_LOCALES,
  type CompanyTranslation,
  type CompanyTranslations,
  type ContentLocale,
  type LandingContent,
  type LandingTranslation,
  type LandingTranslations,
  type PublicCompanySettings,
} from '@capstan/shared';

/**
 * The company's, the landing page's and the chat's Tamil and Hindi texts (decision 072), kept in each settings
 * document under `translations`. A save patches them per language and text: absent keeps, empty
 * removes. Lists go by position; when sent they replace the stored list, and they are cut to the
 * English list's length so that a position nobody can see is not kept.
 */

type Titled = { title?: string; description?: string };

/** The English lists' lengths the translations line up with. */
export interface LandingShape {
  stats: number;
  paragraphs: number;
  highlights: number;
  services: number;
  reasons: number;
}

const patchText = (stored: string | undefined, sent: string | undefined): string | undefined =>
  sent === undefined ? stored : sent === '' ? undefined : sent;

/** The object without its absent texts; undefined when none is left. */
function compact<T extends object>(value: T): T | undefined {
  const entries = Object.entries(value).filter(([, entry]) => entry !== undefined);
  return entries.length === 0 ? undefined : (Object.fromEntries(entries) as T);
}

/** A list cut to the English one's length, without trailing untranslated positions; undefined when empty. */
function trimmed<T>(list: T[] | undefined, length: number, isEmpty: (item: T) => boolean): T[] | undefined {
  const kept = (list ?? []).slice(0, length);
  while (kept.length > 0 && isEmpty(kept[kept.length - 1] as T)) kept.pop();
  return kept.length === 0 ? undefined : kept;
}

const textList = (stored: string[] | undefined, sent: string[] | undefined, length: number) =>
  trimmed(sent ?? stored, length, (item) => item === '');

const titledList = (stored: Titled[] | undefined, sent: Titled[] | undefined, length: number) =>
  trimmed(
    (sent ?? stored)?.map(
      (item) =>
        compact({ title: patchText(undefined, item.title), description: patchText(undefined, item.description) }) ?? {},
    ),
    length,
    (item) => Object.keys(item).length === 0,
  );

function patchPerLocale<T>(
  stored: Partial<Record<ContentLocale, T>> | undefined,
  sent: Partial<Record<ContentLocale, T>> | undefined,
  patchOne: (stored: T | undefined, sent: T | undefined) => T | undefined,
): Partial<Record<ContentLocale, T>> {
  const result: Partial<Record<ContentLocale, T>> = {};
  for (const locale of CONTENT_LOCALES) {
    const translation = patchOne(stored?.[locale], sent?.[locale]);
    if (translation !== undefined) result[locale] = translation;
  }
  return result;
}

/** The landing page's translations after a save, lined up with the saved English lists. */
export function patchLandingTranslations(
  stored: LandingTranslations | undefined,
  sent: LandingTranslations | undefined,
  shape: LandingShape,
): LandingTranslations {
  return patchPerLocale(stored, sent, (kept: LandingTranslation | undefined, patch: LandingTranslation | undefined) =>
    compact<LandingTranslation>({
      hero: compact({
        eyebrow: patchText(kept?.hero?.eyebrow, patch?.hero?.eyebrow),
        heading: patchText(kept?.hero?.heading, patch?.hero?.heading),
        text: patchText(kept?.hero?.text, patch?.hero?.text),
      }),
      stats: textList(kept?.stats, patch?.stats, shape.stats),
      about: compact({
        heading: patchText(kept?.about?.heading, patch?.about?.heading),
        paragraphs: textList(kept?.about?.paragraphs, patch?.about?.paragraphs, shape.paragraphs),
        highlights: textList(kept?.about?.highlights, patch?.about?.highlights, shape.highlights),
      }),
      services: titledList(kept?.services, patch?.services, shape.services),
      reasons: titledList(kept?.reasons, patch?.reasons, shape.reasons),
    }),
  );
}

/** The company's translations after a save, its phone labels lined up with the saved phones. */
export function patchCompanyTranslations(
  stored: CompanyTranslations | undefined,
  sent: CompanyTranslations | undefined,
  phones: number,
): CompanyTranslations {
  return patchPerLocale(stored, sent, (kept: CompanyTranslation | undefined, patch: CompanyTranslation | undefined) =>
    compact<CompanyTranslation>({
      tagline: patchText(kept?.tagline, patch?.tagline),
      whatsappMessage: patchText(kept?.whatsappMessage, patch?.whatsappMessage),
      phoneLabels: textList(kept?.phoneLabels, patch?.phoneLabels, phones),
    }),
  );
}

/** The chat's translations after a save. */
export function patchChatTranslations(
  stored: ChatTranslations | undefined,
  sent: ChatTranslations | undefined,
): ChatTranslations {
  return patchPerLocale(stored, sent, (kept: ChatTranslation | undefined, patch: ChatTranslation | undefined) =>
    compact<ChatTranslation>({
      greeting: patchText(kept?.greeting, patch?.greeting),
      answers: compact(
        Object.fromEntries(
          CHAT_TOPICS.map((topic) => [topic, patchText(kept?.answers?.[topic], patch?.answers?.[topic])]),
        ) as Partial<Record<ChatTopic, string>>,
      ),
      fallback: patchText(kept?.fallback, patch?.fallback),
    }),
  );
}

/** The translation where there is one, else the English (an empty position counts as none). */
const or = (translated: string | undefined, english: string): string =>
  translated === undefined || translated === '' ? english : translated;

/**
 * The landing page as a reader of `locale` sees it: each text in place, English where untranslated,
 * and no `translations` (a page needs only its own language).
 */
export function localizeLanding(landing: LandingContent, locale: ContentLocale): LandingContent {
  const { translations, ...rest } = landing;
  const tr = translations?.[locale];
  if (tr === undefined) return rest;
  return {
    ...rest,
    hero: {
      ...rest.hero,
      eyebrow: or(tr.hero?.eyebrow, rest.hero.eyebrow),
      heading: or(tr.hero?.heading, rest.hero.heading),
      text: or(tr.hero?.text, rest.hero.text),
    },
    stats: rest.stats.map((stat, index) => ({ ...stat, label: or(tr.stats?.[index], stat.label) })),
    about: {
      heading: or(tr.about?.heading, rest.about.heading),
      paragraphs: rest.about.paragraphs.map((paragraph, index) => or(tr.about?.paragraphs?.[index], paragraph)),
      highlights: rest.about.highlights.map((highlight, index) => or(tr.about?.highlights?.[index], highlight)),
    },
    services: rest.services.map((service, index) => ({
      ...service,
      title: or(tr.services?.[index]?.title, service.title),
      description: or(tr.services?.[index]?.description, service.description),
    })),
    reasons: rest.reasons.map((reason, index) => ({
      title: or(tr.reasons?.[index]?.title, reason.title),
      description: or(tr.reasons?.[index]?.description, reason.description),
    })),
  };
}

/** The company as a reader of `locale` sees it: tagline, WhatsApp message and phone labels in place. */
export function localizeCompany(company: PublicCompanySettings, locale: ContentLocale): PublicCompanySettings {
  const { translations, ...rest } = company;
  const tr = translations?.[locale];
  if (tr === undefined) return rest;
  return {
    ...rest,
    tagline: or(tr.tagline, rest.tagline),
    whatsapp: { ...rest.whatsapp, message: or(tr.whatsappMessage, rest.whatsapp.message) },
    phones: rest.phones.map((phone, index) => ({ ...phone, label: or(tr.phoneLabels?.[index], phone.label) })),
  };
}

/** The chat's texts as a reader of `locale` gets them: each in place, English where untranslated. */
export function localizeChat(chat: ChatContent, locale: ContentLocale): ChatContent {
  const { translations, ...rest } = chat;
  const tr = translations?.[locale];
  if (tr === undefined) return rest;
  return {
    ...rest,
    greeting: or(tr.greeting, rest.greeting),
    answers: Object.fromEntries(
      CHAT_TOPICS.map((topic) => [topic, or(tr.answers?.[topic], rest.answers[topic])]),
    ) as ChatContent['answers'],
    fallback: or(tr.fallback, rest.fallback),
  };
}
