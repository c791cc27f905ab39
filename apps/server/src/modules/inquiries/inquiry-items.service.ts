import type { Kysely } from 'kysely';
import type { InquiryItemInput, InquiryItemLine, Locale, QuoteListLine } from '@capstan/shared';
import type { Database } from '../../db/schema';
import { RequestValidationError, type ValidationIssue } from '../../validation';
import { parseTranslations } from '../catalogue/item-translations';
import { findQuotedItems } from './inquiry-items.repository';

export const unknownItemMessage = (id: string): string => `Unknown item: ${id}`;

/**
 * The lines as an inquiry keeps them: each item's kind, code and English name as they are now, so
 * a later rename or deletion does not change what the buyer asked for. An id the catalogue does
 * not hold is a 400 at `items.<n>.id` naming it (one issue per such line), and nothing is stored.
 */
export async function inquiryLinesOf(
  db: Kysely<Database>,
  items: readonly InquiryItemInput[] | undefined,
): Promise<InquiryItemLine[]> {
  if (items === undefined || items.length === 0) return [];
  const found = new Map(
    (
      await findQuotedItems(
        db,
        items.map((item) => item.id),
      )
    ).map((item) => [item.id, item]),
  );
  const lines: InquiryItemLine[] = [];
  const unknown: ValidationIssue[] = [];
  items.forEach((item, index) => {
    const stored = found.get(item.id);
    if (stored)
      lines.push({ id: item.id, kind: stored.kind, code: stored.code, name: stored.name, quantity: item.quantity });
    else unknown.push({ path: ['items', index, 'id'], message: unknownItemMessage(item.id) });
  });
  if (unknown.length > 0) throw new RequestValidationError(unknown);
  return lines;
}

/** A line of a buyer's list as their page shows it: the item's name in the page's language. */
export interface QuoteLineOnPage {
  id: string;
  code: string | null;
  name: string;
  quantity: number;
}

/**
 * A buyer's list (the plain form's `items`) as the form page shows it again: the lines the
 * catalogue holds, named in `locale` (English where the item has no such name), and the ids it no
 * longer holds.
 */
export async function quoteLinesOnPage(
  db: Kysely<Database>,
  lines: readonly QuoteListLine[],
  locale: Locale,
): Promise<{ lines: QuoteLineOnPage[]; unknown: string[] }> {
  const found = new Map(
    (
      await findQuotedItems(
        db,
        lines.map((line) => line.id),
      )
    ).map((item) => [item.id, item]),
  );
  const shown: QuoteLineOnPage[] = [];
  const unknown: string[] = [];
  for (const line of lines) {
    const item = found.get(line.id);
    if (!item) {
      unknown.push(line.id);
      continue;
    }
    const translated = locale === 'en' ? undefined : parseTranslations(item.translations)[locale]?.name;
    shown.push({ id: line.id, code: item.code, name: translated ?? item.name, quantity: line.quantity });
  }
  return { lines: shown, unknown };
}
