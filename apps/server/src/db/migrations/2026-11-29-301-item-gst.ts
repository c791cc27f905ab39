import type { Kysely } from 'kysely';

// Frozen: never edit a migration that has shipped; add a new one. Runs on SQLite and PostgreSQL.
/* eslint-disable @typescript-eslint/no-explicit-any -- migrations must not depend on today's schema types */

/**
 * Every item's HSN/SAC code and GST rate (issue 39, decision 075), filled for the items there are
 * with the defaults of this release: machines 8458 (lathes) or 8457 when their category is a
 * machining centre, spare parts 8466 (parts of machine tools), services SAC 9987 (maintenance and
 * repair), all at 18%. The rule is copied here, not imported: later releases may change the
 * defaults, never what this migration did.
 *
 * Nullable, so the previous release keeps inserting items during a rolling upgrade; this release
 * reads such a row's empty code or rate as its kind's default (decision 065).
 */
const MACHINING_CENTRE_WORDS = ['machining-centre', 'machining-center', 'vmc', 'hmc'];
const isMachiningCentre = (slug: string) =>
  MACHINING_CENTRE_WORDS.some((words) => `-${slug.toLowerCase()}-`.includes(`-${words}-`));

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('items').addColumn('hsn_code', 'text').execute();
  await db.schema.alterTable('items').addColumn('gst_rate', 'numeric').execute();

  for (const [kind, hsnCode] of [
    ['machine', '8458'],
    ['spare', '8466'],
    ['service', '9987'],
  ]) {
    await db.updateTable('items').set({ hsn_code: hsnCode, gst_rate: 18 }).where('kind', '=', kind).execute();
  }
  const categories: { category: string | null }[] = await db
    .selectFrom('items')
    .select('category')
    .distinct()
    .where('kind', '=', 'machine')
    .execute();
  const centres = categories.flatMap(({ category }) => (category && isMachiningCentre(category) ? [category] : []));
  if (centres.length > 0) {
    await db
      .updateTable('items')
      .set({ hsn_code: '8457' })
      .where('kind', '=', 'machine')
      .where('category', 'in', centres)
      .execute();
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('items').dropColumn('gst_rate').execute();
  await db.schema.alterTable('items').dropColumn('hsn_code').execute();
}
