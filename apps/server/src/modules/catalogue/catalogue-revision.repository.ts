import type { Kysely } from 'kysely';
import type { Database, ItemKind } from '../../db/schema';

/**
 * What a catalogue write changed (decision 067):
 * - an item write: the items whose rows (or specifications, pictures, fits, ratings) it wrote, of
 *   one kind (but a machine's deletion also lists the parts that fitted it), and `related` items
 *   whose answers show them (the machines a spare part fits list it on their pages). Lists read
 *   the changed items again; answers about other items stay.
 * - `{ site: true }`: something every answer may show (site settings, machine categories): every
 *   cached answer is built again, the lists stay as they are.
 * - 'everything': a seed, a reorder of the featured items.
 * Callers may add to `related` inside the write, before the revision is bumped.
 */
export type CatalogueChange =
  | {
      kind: ItemKind;
      items: readonly string[];
      related?: string[];
      /**
       * Those of `items` whose write changed their price and nothing else (a price list): their
       * search rows stay as they are (decision 086). Not recorded: a catch-up by another writer
       * reads them whole.
       */
      repriced?: readonly string[];
    }
  | { site: true }
  | 'everything';

/** The change of a write to one item; `related` is filled in by the write. */
export const itemChange = (kind: ItemKind, id: string): { kind: ItemKind; items: string[]; related: string[] } => ({
  kind,
  items: [id],
  related: [],
});

/**
 * Scope tokens, besides item ids (the item itself changed): any item of a kind changed, and an item
 * whose answers show a changed one (a machine whose parts list shows a changed part).
 */
export const kindToken = (kind: ItemKind) => `kind:${kind}`;
export const showsToken = (id: string) => `shows:${id}`;
/**
 * An item of a kind was written that is featured after the write: what can add an item to a
 * featured list. Featured lists are scoped to this and to the ids they list (which covers an item
 * leaving them, deleted or no longer featured), so edits to the rest of the catalogue keep them,
 * and the landing page built from them.
 */
export const featuredToken = (kind: ItemKind) => `featured:${kind}`;

/** The scope of a featured list: any item of its kind becoming featured, and `listed` (its items' ids and what they show). */
export const featuredListScope = (kind: ItemKind, listed: Iterable<string>): string[] => [
  featuredToken(kind),
  ...listed,
];

/** The scope of a list's answers; spare parts are also found by the machines they fit. */
export const LIST_SCOPE: Readonly<Record<ItemKind, readonly string[]>> = {
  machine: [kindToken('machine')],
  spare: [kindToken('spare'), kindToken('machine')],
  service: [kindToken('service')],
};

/** The scope of answers that show no item (the site's settings): only a site change reaches them. */
export const SITE_SCOPE: readonly string[] = [];

/** How many revisions' changes are kept: a process further behind than this reads its lists anew. */
export const CATALOGUE_CHANGES_KEPT = 1000;

/**
 * Rows older than CATALOGUE_CHANGES_KEPT revisions are deleted by the writes that reach a revision
 * divisible by this, not by every write: two statements fewer in most saves, while the tables hold
 * at most this many rows more than are kept (readers bound every read by revision, so older rows
 * change no answer).
 */
export const PRUNE_EVERY_REVISIONS = 64;

export const isPruningRevision = (revision: number): boolean => revision % PRUNE_EVERY_REVISIONS === 0;

/** The current catalogue revision (0 before the first write). */
export async function readCatalogueRevision(db: Kysely<Database>): Promise<number> {
  const row = await db.selectFrom('catalogue_revision').select('revision').where('id', '=', 1).executeTakeFirst();
  return row ? Number(row.revision) : 0;
}

/** One revision's change as stored: JSON in `catalogue_changes.change` (null: everything). */
export interface ChangeRecord {
  kind?: ItemKind;
  items?: string[];
  related?: string[];
  site?: boolean;
  /** An item written is featured after the write. Absent (a record of an older release): as if true. */
  featured?: boolean;
}

/** What changed between two revisions, for the two kinds of readers (decision 067). */
export interface ChangesBetween {
  /** Items whose list entries may have changed: a list index reads these again. */
  items: ReadonlySet<string> | 'everything';
  /** Scope tokens (item ids, kindToken(), showsToken(), featuredToken()) of the answers that may have changed. */
  answers: ReadonlySet<string> | 'everything';
}

const EVERYTHING: ChangesBetween = { items: 'everything', answers: 'everything' };

/**
 * What changed after revision `from` up to `to`. Everything, when a revision changed everything or
 * has no record (pruned, or moved by a release that kept none).
 */
export async function catalogueChangesBetween(db: Kysely<Database>, from: number, to: number): Promise<ChangesBetween> {
  if (to <= from) return { items: new Set(), answers: new Set() };
  if (to - from > CATALOGUE_CHANGES_KEPT) return EVERYTHING;
  const rows = await db
    .selectFrom('catalogue_changes')
    .select(['revision', 'change'])
    .where('revision', '>', from)
    .where('revision', '<=', to)
    .execute();
  if (rows.length !== to - from) return EVERYTHING;
  const items = new Set<string>();
  let answers: Set<string> | 'everything' = new Set<string>();
  for (const row of rows) {
    if (row.change === null) return EVERYTHING;
    const record = JSON.parse(row.change) as ChangeRecord;
    if (record.site) answers = 'everything';
    for (const id of record.items ?? []) {
      items.add(id);
      if (answers !== 'everything') answers.add(id);
    }
    if (answers !== 'everything') {
      for (const id of record.related ?? []) answers.add(showsToken(id));
      if (record.kind) answers.add(kindToken(record.kind));
      if (record.kind && record.featured !== false) answers.add(featuredToken(record.kind));
    }
  }
  return { items, answers };
}
