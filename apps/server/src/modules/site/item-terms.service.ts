import type { Kysely } from 'kysely';
import {
  DEFAULT_ITEM_TERMS,
  type ItemTermsDefaults,
  type ItemTermsDefaultsInput,
  itemTermsDefaultsInputSchema,
} from '@capstan/shared';
import type { AppContext } from '../../app-context';
import type { Database } from '../../db/schema';
import type { SiteRow } from './site.repository';
import { readPart, savePart } from './site-settings.service';

/**
 * Each kind's default availability and warranty (decision 051): a site settings part of its own,
 * seeded from DEFAULT_ITEM_TERMS, saved and audited like the others. A save bumps the catalogue
 * revision (savePart), so every item answer, page and JSON-LD that shows a default follows it.
 */
function termsOf(row: SiteRow): ItemTermsDefaults {
  const stored = JSON.parse(row.document) as Partial<ItemTermsDefaultsInput>;
  const { updatedAt: _ignored, ...terms } = itemTermsDefaultsInputSchema.parse({ ...DEFAULT_ITEM_TERMS, ...stored });
  return { ...terms, updatedAt: row.updatedAt };
}

/** The defaults item answers are built with, and what `GET /api/site/terms` answers. */
export async function currentItemTerms(db: Kysely<Database>): Promise<ItemTermsDefaults> {
  return termsOf(await readPart(db, 'terms'));
}

/** `PUT /api/site/terms`: both kinds are required, so a save replaces the part. */
export async function saveItemTerms(ctx: AppContext, input: ItemTermsDefaultsInput): Promise<ItemTermsDefaults> {
  const { updatedAt, ...fields } = input;
  await savePart(ctx, 'terms', updatedAt, () => fields);
  return currentItemTerms(ctx.db);
}
