import { CONTENT_LOCALES, isContentLocale, type ContentLocale, type ItemTranslations } from '@capstan/shared';

/**
 * The Tamil and Hindi texts as the item forms edit them (decision 072). Key features and
 * specification labels are held by the id of the English row they translate, so a translation
 * stays with its row while the English is reordered or its label retyped; the save turns them
 * into the list and the by-English-label map the server keeps.
 */
export interface TranslationDraft {
  name: string;
  description: string;
  /** By English feature row id. */
  features: Record<string, string>;
  /** By English specification row id. */
  specifications: Record<string, string>;
}

export type TranslationDrafts = Record<ContentLocale, TranslationDraft>;

/** An English row a translation input stands beside: a feature's text, a specification's label. */
export interface EnglishRow {
  id: string;
  text: string;
}

/** The English rows that get a translation input: filled ones, and one per label (the server keys labels by it). */
export function translatableRows(rows: readonly EnglishRow[]): EnglishRow[] {
  const seen = new Set<string>();
  const kept: EnglishRow[] = [];
  for (const row of rows) {
    const text = row.text.trim();
    if (text === '' || seen.has(text)) continue;
    seen.add(text);
    kept.push({ id: row.id, text });
  }
  return kept;
}

/** Specification rows as the English rows their labels are: the label is the row's key. */
export const labelRows = (rows: readonly { id: string; key: string }[]): EnglishRow[] =>
  rows.map((row) => ({ id: row.id, text: row.key }));

/** What the form shows beside the English: key features only on machines. */
export interface EnglishRows {
  /** null: this kind has no key features (spare parts, services). */
  features: readonly EnglishRow[] | null;
  specifications: readonly EnglishRow[];
}

const perLocale = <T>(make: (locale: ContentLocale) => T): Record<ContentLocale, T> =>
  Object.fromEntries(CONTENT_LOCALES.map((locale) => [locale, make(locale)])) as Record<ContentLocale, T>;

export const emptyDrafts = (): TranslationDrafts =>
  perLocale(() => ({ name: '', description: '', features: {}, specifications: {} }));

/** The loaded item's translations laid on its English rows: the nth feature beside the nth, labels by English label. */
export function draftsOf(translations: ItemTranslations | undefined, english: EnglishRows): TranslationDrafts {
  return perLocale((locale) => {
    const stored = translations?.[locale];
    const features: Record<string, string> = {};
    translatableRows(english.features ?? []).forEach((row, index) => {
      const text = stored?.features?.[index];
      if (text !== undefined) features[row.id] = text;
    });
    const specifications: Record<string, string> = {};
    for (const row of translatableRows(english.specifications)) {
      const label = stored?.specifications?.[row.text];
      if (label !== undefined) specifications[row.id] = label;
    }
    return { name: stored?.name ?? '', description: stored?.description ?? '', features, specifications };
  });
}

/** One language as a save sends it: every field, so an emptied one is removed and nothing is kept by accident. */
export interface TranslationPayload {
  name: string;
  description: string;
  features?: string[] | null;
  specifications: Record<string, string> | null;
}

/**
 * Decision 072's patch: a value sets, '' or null removes, absent keeps. Both languages and every
 * field are sent, so what the form shows is what is stored: a cleared name goes as '' and a
 * language with no key features or labels filled as null.
 */
export function translationsPayload(
  drafts: TranslationDrafts,
  english: EnglishRows,
): Record<ContentLocale, TranslationPayload> {
  return perLocale((locale) => {
    const draft = drafts[locale];
    const labels = Object.fromEntries(
      translatableRows(english.specifications)
        .map((row) => [row.text, (draft.specifications[row.id] ?? '').trim()] as const)
        .filter(([, label]) => label !== ''),
    );
    const payload: TranslationPayload = {
      name: draft.name.trim(),
      description: draft.description.trim(),
      specifications: Object.keys(labels).length > 0 ? labels : null,
    };
    if (english.features !== null) {
      const features = filledFeatureRows(draft, english.features).map((row) => row.translation);
      payload.features = features.length > 0 ? features : null;
    }
    return payload;
  });
}

/** The English features whose translation is filled, in order: what the save's list is made of. */
function filledFeatureRows(draft: TranslationDraft, features: readonly EnglishRow[]) {
  return translatableRows(features)
    .map((row) => ({ id: row.id, translation: (draft.features[row.id] ?? '').trim() }))
    .filter((row) => row.translation !== '');
}

/** How much of one language is filled, for its summary ("3 of 6 filled"). */
export function filledCount(draft: TranslationDraft, english: EnglishRows): { filled: number; total: number } {
  const rows = [
    ...translatableRows(english.features ?? []).map((row) => draft.features[row.id] ?? ''),
    ...translatableRows(english.specifications).map((row) => draft.specifications[row.id] ?? ''),
  ];
  const texts = [draft.name, draft.description, ...rows];
  return { filled: texts.filter((text) => text.trim() !== '').length, total: texts.length };
}

/** Where a refusal is shown: one input, or a language's features or labels as a whole. */
export type TranslationFieldKey =
  | `${ContentLocale}.name`
  | `${ContentLocale}.description`
  | `${ContentLocale}.features`
  | `${ContentLocale}.features.${string}`
  | `${ContentLocale}.specifications`
  | `${ContentLocale}.specifications.${string}`;

export type TranslationErrors = Partial<Record<TranslationFieldKey, string>>;

/** A refusal as the shared schema or the server words it (`path` as zod gives it, or split from a JSON pointer). */
export interface FieldIssue {
  path: readonly PropertyKey[];
  message: string;
}

/**
 * The refusals of `translations.*` placed on the inputs they are about: a feature's by its place
 * in the list sent, a label's by its English label. The first refusal of an input wins.
 */
export function translationErrorsOf(
  issues: readonly FieldIssue[],
  drafts: TranslationDrafts,
  english: EnglishRows,
): TranslationErrors {
  const errors: TranslationErrors = {};
  for (const { path, message } of issues) {
    const [root, locale, field, ...rest] = path.map(String);
    if (root !== 'translations' || !isContentLocale(locale)) continue;
    const key = fieldKeyOf(locale, field, rest, drafts[locale], english);
    if (key !== null) errors[key] ??= message;
  }
  return errors;
}

function fieldKeyOf(
  locale: ContentLocale,
  field: string | undefined,
  rest: string[],
  draft: TranslationDraft,
  english: EnglishRows,
): TranslationFieldKey | null {
  if (field === 'name' || field === 'description') return `${locale}.${field}`;
  if (field === 'features') {
    const index = rest[0] === undefined ? Number.NaN : Number(rest[0]);
    const row = Number.isInteger(index) ? filledFeatureRows(draft, english.features ?? [])[index] : undefined;
    return row ? `${locale}.features.${row.id}` : `${locale}.features`;
  }
  if (field === 'specifications') {
    // The server splits its paths on '/': a label with a slash arrives in pieces.
    const label = rest.join('/');
    const row = translatableRows(english.specifications).find((candidate) => candidate.text === label);
    return row ? `${locale}.specifications.${row.id}` : `${locale}.specifications`;
  }
  return null;
}

/** The `{ path, message }` refusals of a 400 answer (`{ message, issues }`), or none. */
export function issuesOfAnswer(body: string): FieldIssue[] {
  try {
    const parsed: unknown = JSON.parse(body);
    if (typeof parsed !== 'object' || parsed === null || !('issues' in parsed) || !Array.isArray(parsed.issues)) {
      return [];
    }
    return parsed.issues.filter(
      (issue): issue is FieldIssue =>
        typeof issue === 'object' &&
        issue !== null &&
        Array.isArray((issue as FieldIssue).path) &&
        typeof (issue as FieldIssue).message === 'string',
    );
  } catch {
    // Not JSON (a proxy's error page): nothing to place on the inputs.
    return [];
  }
}
