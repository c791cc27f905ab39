import type { Kysely } from 'kysely';
import type { InquiryItemLine } from '@capstan/shared';
import type { Database, ItemKind } from '../../db/schema';

/** What a quote line needs of a catalogue item: what it is called now, and its Tamil and Hindi names. */
export interface QuotedCatalogueItem {
  id: string;
  kind: ItemKind;
  code: string | null;
  name: string;
  /** `items.translations` as stored (decision 072), or null. */
  translations: string | null;
}

/**
 * The catalogue items among `ids` (machines, spare parts and services alike: every stored item is
 * public). A quote list holds at most 50, so one query.
 */
export async function findQuotedItems(db: Kysely<Database>, ids: readonly string[]): Promise<QuotedCatalogueItem[]> {
  if (ids.length === 0) return [];
  return db
    .selectFrom('items')
    .select(['id', 'kind', 'code', 'name', 'translations'])
    .where('id', 'in', [...new Set(ids)])
    .execute();
}

/** Whether `id` is a catalogue item. */
export async function isCatalogueItem(db: Kysely<Database>, id: string): Promise<boolean> {
  return (await db.selectFrom('items').select('id').where('id', '=', id).executeTakeFirst()) !== undefined;
}

/** The lines of a new inquiry, in the list's order; in the transaction that stores the inquiry. */
export async function insertInquiryItems(
  db: Kysely<Database>,
  inquiryId: string,
  lines: readonly InquiryItemLine[],
): Promise<void> {
  if (lines.length === 0) return;
  await db
    .insertInto('inquiry_items')
    .values(
      lines.map((line, position) => ({
        inquiry_id: inquiryId,
        position,
        item_id: line.id,
        kind: line.kind,
        code: line.code,
        name: line.name,
        quantity: line.quantity,
      })),
    )
    .execute();
}

/** The lines of these inquiries by inquiry, each in its list's order; asked in slices to stay under parameter limits. */
export async function inquiryItemsOf(
  db: Kysely<Database>,
  inquiryIds: readonly string[],
): Promise<Map<string, InquiryItemLine[]>> {
  const byInquiry = new Map<string, InquiryItemLine[]>();
  for (let start = 0; start < inquiryIds.length; start += 500) {
    const rows = await db
      .selectFrom('inquiry_items')
      .select(['inquiry_id', 'item_id', 'kind', 'code', 'name', 'quantity'])
      .where('inquiry_id', 'in', inquiryIds.slice(start, start + 500))
      .orderBy('inquiry_id')
      .orderBy('position')
      .execute();
    for (const row of rows) {
      const lines = byInquiry.get(row.inquiry_id) ?? [];
      lines.push({ id: row.item_id, kind: row.kind, code: row.code, name: row.name, quantity: Number(row.quantity) });
      byInquiry.set(row.inquiry_id, lines);
    }
  }
  return byInquiry;
}
