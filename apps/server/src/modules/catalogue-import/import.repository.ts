import { type Kysely, type Selectable, sql } from 'kysely';
import {
  type AvailabilityStatus,
  isAvailabilityStatus,
  type ItemTranslations,
  type LeadTimeWeeks,
  type PlainItemValues,
} from '@capstan/shared';
import type { Database, ItemKind, ItemsTable } from '../../db/schema';
import { parseTranslations, translationsColumn } from '../catalogue/item-translations';
import { plainColumns, plainValuesOfRow, toNumberOrNull } from '../catalogue/plain-fields';

/** One specification row as stored: text, and for typed rows a number and maybe a unit. */
export interface StoredSpec {
  key: string;
  value: string;
  number: number | null;
  unit: string | null;
}

/**
 * What an import compares and writes of an item (no images, ratings or featured places): its
 * plain fields (item-fields.ts) and those with their own columns or tables.
 */
export interface ImportItemState extends PlainItemValues {
  code: string | null;
  category: string | null;
  specifications: StoredSpec[];
  /** Spare parts: the ids of the machines they fit. */
  fits: string[];
  /** Machines and spare parts' own terms; null: the kind's default (decision 051). Services: null. */
  availability: AvailabilityStatus | null;
  /** Set with made_to_order only. */
  leadTimeWeeks: LeadTimeWeeks | null;
  warrantyMonths: number | null;
  /** Its Tamil and Hindi texts (decision 072); {} when none. Specification labels ride along untouched. */
  translations: ItemTranslations;
}

export interface StoredImportItem extends ImportItemState {
  id: string;
  updatedAt: string;
}

/** Rows per multi-row INSERT: under SQLite's 32,766 and PostgreSQL's 65,535 bound parameters. */
const ITEM_CHUNK = 1000;
const ROW_CHUNK = 2000;

function chunks<T>(list: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let start = 0; start < list.length; start += size) out.push(list.slice(start, start + size));
  return out;
}

export const codeKey = (code: string | null): string | null => (code === null ? null : code.trim().toLowerCase());

/**
 * On PostgreSQL the import reads the catalogue, plans, then writes: other writers wait until it
 * commits (readers do not), so the plan stays true. SQLite's BEGIN IMMEDIATE already does this.
 */
export async function lockItemsForImport(db: Kysely<Database>, dialect: 'sqlite' | 'postgres'): Promise<void> {
  if (dialect === 'postgres') await sql`lock table items in exclusive mode`.execute(db);
}

/**
 * The items of a kind an import or an export reads, with their specifications and fits: every
 * one (three queries whatever the count), or only those with one of `named`'s ids or code keys
 * (lower-cased, as codeKey makes them).
 */
export async function loadItemsForImport(
  db: Kysely<Database>,
  kind: ItemKind,
  named?: { ids: readonly string[]; codeKeys: readonly string[] },
): Promise<StoredImportItem[]> {
  const ofKind = db.selectFrom('items').selectAll().where('kind', '=', kind);
  let rows: Selectable<ItemsTable>[];
  // Whose specifications and fits to read: the whole kind's (null) by a subquery, else the
  // items read, by id in chunks.
  let idChunks: (readonly string[] | null)[];
  if (named === undefined) {
    rows = await ofKind.orderBy('name').orderBy('id').execute();
    idChunks = [null];
  } else {
    const found = await Promise.all([
      ...chunks(named.ids, ROW_CHUNK).map((ids) => ofKind.where('id', 'in', ids).execute()),
      ...chunks(named.codeKeys, ROW_CHUNK).map((keys) => ofKind.where('code_key', 'in', keys).execute()),
    ]);
    // An item named by both its id and its code is read twice.
    rows = [...new Map(found.flat().map((row) => [row.id, row])).values()];
    idChunks = chunks(
      rows.map((row) => row.id),
      ROW_CHUNK,
    );
  }
  const allOfKind = db.selectFrom('items').select('items.id').where('items.kind', '=', kind);
  const [specs, fits] = await Promise.all([
    Promise.all(
      idChunks.map((ids) =>
        db
          .selectFrom('item_specifications')
          .select(['item_id', 'spec_key', 'spec_value', 'spec_number', 'spec_unit'])
          .where('item_id', 'in', ids ?? allOfKind)
          .orderBy('item_id')
          .orderBy('position')
          .execute(),
      ),
    ).then((chunks) => chunks.flat()),
    kind === 'spare'
      ? Promise.all(
          idChunks.map((ids) =>
            db
              .selectFrom('item_fits')
              .select(['part_id', 'machine_id'])
              .where('part_id', 'in', ids ?? allOfKind)
              .execute(),
          ),
        ).then((chunks) => chunks.flat())
      : Promise.resolve([]),
  ]);
  const specsOf = new Map<string, StoredSpec[]>();
  for (const spec of specs) {
    const list = specsOf.get(spec.item_id) ?? [];
    list.push({
      key: spec.spec_key,
      value: spec.spec_value,
      number: toNumberOrNull(spec.spec_number),
      unit: spec.spec_unit,
    });
    specsOf.set(spec.item_id, list);
  }
  const fitsOf = new Map<string, string[]>();
  for (const fit of fits) fitsOf.set(fit.part_id, [...(fitsOf.get(fit.part_id) ?? []), fit.machine_id]);
  return rows.map((row) => ({
    ...plainValuesOfRow(row),
    id: row.id,
    code: row.code,
    category: row.category,
    specifications: specsOf.get(row.id) ?? [],
    fits: fitsOf.get(row.id) ?? [],
    availability: isAvailabilityStatus(row.availability) ? row.availability : null,
    leadTimeWeeks:
      row.availability === 'made_to_order' && row.lead_time_min_weeks !== null && row.lead_time_max_weeks !== null
        ? { min: Number(row.lead_time_min_weeks), max: Number(row.lead_time_max_weeks) }
        : null,
    warrantyMonths: row.warranty_months === null ? null : Number(row.warranty_months),
    translations: parseTranslations(row.translations),
    updatedAt: row.updated_at,
  }));
}

/** Machines as a `fits` cell names them: by code, or by id when they have none. */
export async function listMachineRefs(db: Kysely<Database>): Promise<{ id: string; code: string | null }[]> {
  return db.selectFrom('items').select(['id', 'code']).where('kind', '=', 'machine').execute();
}

export async function listCategoryRefs(db: Kysely<Database>): Promise<{ slug: string; name: string }[]> {
  return db.selectFrom('machine_categories').select(['slug', 'name']).orderBy('position').execute();
}

function itemColumns(state: ImportItemState) {
  return {
    ...plainColumns(state),
    code: state.code,
    code_key: codeKey(state.code),
    category: state.category,
    availability: state.availability,
    lead_time_min_weeks: state.leadTimeWeeks?.min ?? null,
    lead_time_max_weeks: state.leadTimeWeeks?.max ?? null,
    warranty_months: state.warrantyMonths,
    translations: translationsColumn(state.translations),
  };
}

export async function insertImportedItems(
  db: Kysely<Database>,
  kind: ItemKind,
  items: readonly { id: string; state: ImportItemState }[],
  now: string,
): Promise<void> {
  for (const chunk of chunks(items, ITEM_CHUNK)) {
    await db
      .insertInto('items')
      .values(
        chunk.map(({ id, state }) => ({
          id,
          kind,
          ...itemColumns(state),
          rating: null,
          review_count: null,
          featured: 0,
          featured_position: null,
          created_at: now,
          updated_at: now,
          version: 1,
        })),
      )
      .execute();
  }
}

/**
 * Codes must stay unique per kind after every statement, so items whose code changes drop it
 * first: two items swapping codes in one file then never collide halfway.
 */
export async function releaseCodes(db: Kysely<Database>, ids: readonly string[]): Promise<void> {
  for (const chunk of chunks(ids, ROW_CHUNK)) {
    await db.updateTable('items').set({ code: null, code_key: null }).where('id', 'in', chunk).execute();
  }
}

export async function updateImportedItems(
  db: Kysely<Database>,
  dialect: 'sqlite' | 'postgres',
  items: readonly { id: string; state: ImportItemState }[],
  now: string,
): Promise<void> {
  if (dialect === 'postgres') {
    // A statement per chunk, each row typed by the table's own row type: a round trip per row cost
    // PostgreSQL a second per 1,000 rows, inside the write every save waits for (decision 084).
    for (const chunk of chunks(items, ROW_CHUNK)) {
      const rows = JSON.stringify(chunk.map(({ id, state }) => ({ id, ...itemColumns(state) })));
      const set = Object.keys(itemColumns(chunk[0]!.state)).map(
        (column) => sql`${sql.ref(column)} = v.${sql.ref(column)}`,
      );
      await sql`update items i
        set ${sql.join(set)}, updated_at = ${now}, version = i.version + 1
        from jsonb_populate_recordset(null::items, ${rows}::jsonb) v
        where i.id = v.id`.execute(db);
    }
    return;
  }
  for (const { id, state } of items) {
    await db
      .updateTable('items')
      .set((eb) => ({ ...itemColumns(state), updated_at: now, version: eb('version', '+', 1) }))
      .where('id', '=', id)
      .execute();
  }
}

export async function replaceImportedSpecifications(
  db: Kysely<Database>,
  items: readonly { id: string; specifications: readonly StoredSpec[] }[],
  existing: boolean,
): Promise<void> {
  if (existing) {
    for (const chunk of chunks(items, ROW_CHUNK)) {
      await db
        .deleteFrom('item_specifications')
        .where(
          'item_id',
          'in',
          chunk.map((item) => item.id),
        )
        .execute();
    }
  }
  const rows = items.flatMap((item) =>
    item.specifications.map((spec, position) => ({
      item_id: item.id,
      position,
      spec_key: spec.key,
      spec_value: spec.value,
      spec_number: spec.number,
      spec_unit: spec.unit,
    })),
  );
  for (const chunk of chunks(rows, ROW_CHUNK)) await db.insertInto('item_specifications').values(chunk).execute();
}

export async function replaceImportedFits(
  db: Kysely<Database>,
  parts: readonly { id: string; fits: readonly string[] }[],
  existing: boolean,
): Promise<void> {
  if (existing) {
    for (const chunk of chunks(parts, ROW_CHUNK)) {
      await db
        .deleteFrom('item_fits')
        .where(
          'part_id',
          'in',
          chunk.map((part) => part.id),
        )
        .execute();
    }
  }
  const rows = parts.flatMap((part) => part.fits.map((machineId) => ({ part_id: part.id, machine_id: machineId })));
  for (const chunk of chunks(rows, ROW_CHUNK)) await db.insertInto('item_fits').values(chunk).execute();
}

/** The items of a kind that have a code: what a picture's file name may name. */
export async function listCodedItems(db: Kysely<Database>, kind: ItemKind): Promise<{ id: string; code: string }[]> {
  const rows = await db
    .selectFrom('items')
    .select(['id', 'code'])
    .where('kind', '=', kind)
    .where('code', 'is not', null)
    .execute();
  return rows.flatMap((row) => (row.code === null ? [] : [{ id: row.id, code: row.code }]));
}

/** New pictures are an edit: the version moves, so open forms and cached spec sheets notice. */
export async function touchItems(db: Kysely<Database>, ids: readonly string[], now: string): Promise<void> {
  for (const chunk of chunks(ids, ROW_CHUNK)) {
    await db
      .updateTable('items')
      .set((eb) => ({ updated_at: now, version: eb('version', '+', 1) }))
      .where('id', 'in', chunk)
      .execute();
  }
}
