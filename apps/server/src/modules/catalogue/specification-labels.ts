import type { Kysely } from 'kysely';
import { type ContentLocale, specKeySlug } from '@capstan/shared';
import type { Database, ItemKind } from '../../db/schema';
import { parseTranslations } from './item-translations';

/**
 * What staff call each specification in a language, across one kind's items (decision 072): the
 * filter panel groups rows of many items under one key, so its label is the translation most of
 * those items give that key (by its slug, so "Bar capacity" and "Bar Capacity" count together).
 * Read on a facets answer's cache miss only: the items with translations and their JSON.
 */
export async function specificationLabels(
  db: Kysely<Database>,
  kind: ItemKind,
  locale: ContentLocale,
): Promise<Map<string, string>> {
  const rows = await db
    .selectFrom('items')
    .select('translations')
    .where('kind', '=', kind)
    .where('translations', 'is not', null)
    .execute();
  const tally = new Map<string, Map<string, number>>();
  for (const row of rows) {
    const labels = parseTranslations(row.translations)[locale]?.specifications ?? {};
    for (const [key, label] of Object.entries(labels)) {
      const slug = specKeySlug(key);
      const counts = tally.get(slug) ?? new Map<string, number>();
      counts.set(label, (counts.get(label) ?? 0) + 1);
      tally.set(slug, counts);
    }
  }
  const chosen = new Map<string, string>();
  for (const [slug, counts] of tally) {
    // The most given; ties go to the first in text order, so the answer does not depend on row order.
    const [label] = [...counts].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0))[0]!;
    chosen.set(slug, label);
  }
  return chosen;
}
