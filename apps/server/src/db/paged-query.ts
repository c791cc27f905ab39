import { type SelectQueryBuilder, sql } from 'kysely';

/**
 * One page of a list and how many rows match it across all pages (sent as X-Total-Count). Both
 * are read from the same query, its filters written once, so the count never disagrees with the
 * pages: `query` holds the filters, the page's columns and its order; the count drops the last two.
 */
export async function pageWithTotal<DB, TB extends keyof DB, Row>(
  query: SelectQueryBuilder<DB, TB, Row>,
  page: { limit: number; offset: number },
): Promise<{ rows: Row[]; total: number }> {
  const [counted, rows] = await Promise.all([
    query
      .clearSelect()
      .clearOrderBy()
      .select(sql<number | string>`count(*)`.as('total'))
      // Kysely cannot narrow a generic builder's selection: the one column just selected.
      .$castTo<{ total: number | string }>()
      .executeTakeFirst(),
    query.limit(page.limit).offset(page.offset).execute(),
  ]);
  return { rows, total: Number(counted?.total ?? 0) };
}
