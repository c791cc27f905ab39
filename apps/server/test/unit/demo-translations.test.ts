import { describe, expect, it } from 'vitest';
import {
  DEMO_CATEGORY_NAMES,
  DEMO_SPECIFICATION_LABELS,
  DEMO_TRANSLATIONS,
  type SeedSpecification,
  type SeedTranslation,
  demoCatalogue,
} from '@capstan/demo-catalogue';
import {
  CONTENT_LOCALES,
  type ContentLocale,
  itemTranslationsSchema,
  machineTranslationsSchema,
} from '@capstan/shared';

// The demo's Tamil and Hindi texts (decision 072): what a fresh install shows a reader of /ta/ and /hi/.

interface DemoItem {
  kind: 'machine' | 'spare' | 'service';
  code: string;
  name: string;
  description: string;
  features?: string[];
  specifications: SeedSpecification[];
}

const items: DemoItem[] = [
  ...demoCatalogue.machines.map((m) => ({ kind: 'machine' as const, ...m })),
  ...demoCatalogue.spareParts.map((p) => ({ kind: 'spare' as const, ...p })),
  ...demoCatalogue.services.map((s) => ({ kind: 'service' as const, ...s, specifications: s.specification })),
];

const SCRIPT: Record<ContentLocale, RegExp> = { ta: /\p{Script=Tamil}/u, hi: /\p{Script=Devanagari}/u };
const OTHER_SCRIPT: Record<ContentLocale, RegExp> = { ta: SCRIPT.hi, hi: SCRIPT.ta };

const translationOf = (item: DemoItem, locale: ContentLocale): SeedTranslation => {
  const translation = DEMO_TRANSLATIONS[item.code]?.[locale];
  if (translation === undefined) throw new Error(`${item.code} has no ${locale} translation`);
  return translation;
};

/** The item's own specification labels in a language, as the seeder stores them. */
const labelsOf = (item: DemoItem, locale: ContentLocale) =>
  Object.fromEntries(item.specifications.map(({ key }) => [key, DEMO_SPECIFICATION_LABELS[locale][key]]));

/** Every text of the item in a language beside its English, for the checks that hold for all of them. */
function pairs(item: DemoItem, locale: ContentLocale): { english: string; translated: string }[] {
  const translation = translationOf(item, locale);
  return [
    { english: item.name, translated: translation.name },
    { english: item.description, translated: translation.description },
    ...(item.features ?? []).map((english, i) => ({ english, translated: translation.features?.[i] ?? '' })),
  ];
}

/** Figures as digits ("38", "0.2", "28,000"): they stay as in English. */
const figures = (text: string) => text.match(/\d+(?:[.,]\d+)*/g) ?? [];

describe('the demo catalogue in Tamil and Hindi', () => {
  it('translates every item, and only the demo’s items', () => {
    expect(Object.keys(DEMO_TRANSLATIONS).sort()).toEqual(items.map((item) => item.code).sort());
    for (const item of items) {
      for (const locale of CONTENT_LOCALES) {
        const translation = translationOf(item, locale);
        expect(translation.name.trim(), `${item.code} ${locale}`).not.toBe('');
        expect(translation.description.trim(), `${item.code} ${locale}`).not.toBe('');
      }
    }
  });

  it('gives machines as many key features as in English, and other kinds none', () => {
    for (const item of items) {
      for (const locale of CONTENT_LOCALES) {
        const features = translationOf(item, locale).features;
        if (item.kind === 'machine') expect(features?.length, `${item.code} ${locale}`).toBe(item.features?.length);
        else expect(features, `${item.code} ${locale}`).toBeUndefined();
      }
    }
  });

  it('labels every specification the demo uses, and no other', () => {
    const used = [...new Set(items.flatMap((item) => item.specifications.map((row) => row.key)))].sort();
    for (const locale of CONTENT_LOCALES) {
      expect(Object.keys(DEMO_SPECIFICATION_LABELS[locale]).sort(), locale).toEqual(used);
    }
  });

  it('gives each row of an item its own label, so no two rows merge in a language', () => {
    for (const item of items) {
      for (const locale of CONTENT_LOCALES) {
        const labels = Object.values(labelsOf(item, locale));
        expect(new Set(labels).size, `${item.code} ${locale}`).toBe(labels.length);
      }
    }
  });

  it('writes every text in its own script, never the English one left as it was', () => {
    for (const item of items) {
      for (const locale of CONTENT_LOCALES) {
        const labels = item.specifications.map(({ key }) => ({
          english: key,
          translated: DEMO_SPECIFICATION_LABELS[locale][key] ?? '',
        }));
        for (const { english, translated } of [...pairs(item, locale), ...labels]) {
          expect(translated, `${item.code} ${locale}: ${english}`).not.toBe(english);
          expect(translated, `${item.code} ${locale}: ${english}`).toMatch(SCRIPT[locale]);
          expect(translated, `${item.code} ${locale}: ${english}`).not.toMatch(OTHER_SCRIPT[locale]);
        }
      }
    }
  });

  it('keeps model codes and figures as in English', () => {
    for (const item of items) {
      for (const locale of CONTENT_LOCALES) {
        const translation = translationOf(item, locale);
        if (item.name.includes(item.code)) expect(translation.name, `${item.code} ${locale}`).toContain(item.code);
        for (const { english, translated } of pairs(item, locale)) {
          for (const figure of figures(english)) expect(translated, `${locale}: ${english}`).toContain(figure);
        }
      }
    }
  });

  it('fits the limits staff are held to in the back office', () => {
    for (const item of items) {
      const translations = Object.fromEntries(
        CONTENT_LOCALES.map((locale) => [
          locale,
          { ...translationOf(item, locale), specifications: labelsOf(item, locale) },
        ]),
      );
      const schema = item.kind === 'machine' ? machineTranslationsSchema : itemTranslationsSchema;
      const parsed = schema.safeParse(translations);
      expect(parsed.error?.issues, item.code).toBeUndefined();
      // Nothing for the schema to trim or drop: what is seeded is what staff could have typed.
      expect(parsed.data, item.code).toEqual(translations);
    }
  });

  it('names the seeded machine categories in both languages', () => {
    const used = [...new Set(demoCatalogue.machines.map((m) => m.category))].sort();
    expect(Object.keys(DEMO_CATEGORY_NAMES).sort()).toEqual(used);
    for (const names of Object.values(DEMO_CATEGORY_NAMES)) {
      for (const locale of CONTENT_LOCALES) {
        expect(names[locale]).toMatch(SCRIPT[locale]);
        expect(names[locale]).not.toMatch(OTHER_SCRIPT[locale]);
        expect(names[locale]).toBe(names[locale].trim());
      }
    }
  });
});
