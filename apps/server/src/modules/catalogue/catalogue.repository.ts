import { type Kysely, PostgresAdapter, type SelectQueryBuilder, sql } from 'kysely';
import {
  type AvailabilityStatus,
  codeKeyOf,
  compareNames,
  type ImageAsset,
  isAvailabilityStatus,
  isSpecUnit,
  type LeadTimeWeeks,
  type ItemTranslations,
  type PlainItemValues,
  type StoredItemTerms,
  MAX_PARTS_THAT_FIT,
  type PartThatFits,
  type Specification,
  withPlainDefaults,
} from '@capstan/shared';
import type { Database, ItemKind, ItemSpecificationsTable, ItemsTable } from '../../db/schema';
import { imageUrl, thumbnailUrl } from '../images/image-store';
import { variantsOf, type StoredImageSizes } from '../images/image-variants';
import { firstInOrder } from './first-in-order';
import { plainColumns, plainValuesOfRow, toNumberOrNull } from './plain-fields';
import { approvedRatingsOf } from '../reviews/reviews.repository';
import { namesOnly, parseTranslations, translationsColumn } from './item-translations';

/** An item as the application sees it, whatever its kind; its plain fields come from item-fields.ts. */
export interface ItemRecord extends PlainItemValues {
  id: string;
  kind: ItemKind;
  code: string | null;
  category: string | null;
  /** A machine's approved reviews: their average stars and how many (decision 051); null when none. */
  rating: number | null;
  reviewCount: number | null;
  featured: boolean;
  featuredPosition: number | null;
  /** The item's own terms; null in each is its kind's default (decision 051). */
  terms: StoredItemTerms;
  /** A spare part's machines (ids, in the machines' name order); [] for other kinds. */
  fits: string[];
  /**
   * A machine's spare parts, for its details: filled by findItem and the featured list only
   * (a list of every machine would read every fit), [] elsewhere.
   */
  partsThatFit: PartThatFits[];
  createdAt: string;
  updatedAt: string;
  version: number;
  specifications: Specification[];
  images: ImageAsset[];
  /** Its Tamil and Hindi texts (decision 072); {} when none. */
  translations: ItemTranslations;
}

/** The columns a create or a full update writes; a plain field left out is stored empty. */
export interface ItemFields
  extends Omit<Partial<PlainItemValues>, 'name' | 'description'>, Pick<PlainItemValues, 'name' | 'description'> {
  code?: string | null;
  category?: string | null;
  /** Null or absent: its kind's default; the lead time goes with made to order only. */
  availability?: AvailabilityStatus | null;
  leadTimeWeeks?: LeadTimeWeeks | null;
  warrantyMonths?: number | null;
  featured: boolean;
  specifications: Specification[];
  /** A spare part's machines; undefined leaves the stored fits as they are. */
  fits?: readonly string[];
  /** Its Tamil and Hindi texts, whole; undefined leaves the stored ones as they are. */
  translations?: ItemTranslations;
}

export interface ListOptions {
  featuredOnly?: boolean;
  category?: string;
  /** Only these items (those of other kinds, or gone, are left out). */
  ids?: readonly string[];
}

type SpecificationRow = Pick<
  ItemSpecificationsTable,
  'item_id' | 'spec_key' | 'spec_value' | 'spec_number' | 'spec_unit'
>;
const SPECIFICATION_COLUMNS = ['item_id', 'spec_key', 'spec_value', 'spec_number', 'spec_unit'] as const;

function toSpecification(row: SpecificationRow): Specification {
  if (row.spec_number === null) return { key: row.spec_key, value: row.spec_value };
  // A unit this version does not know (written by a newer one) is dropped rather than sent as a SpecUnit.
  return {
    key: row.spec_key,
    value: row.spec_value,
    number: Number(row.spec_number),
    unit: isSpecUnit(row.spec_unit) ? row.spec_unit : null,
  };
}

interface Related {
  fits?: Map<string, string[]>;
  partsThatFit?: Map<string, PartThatFits[]>;
  ratings?: Map<string, { average: number; count: number }>;
}

const withNames = (names: ItemTranslations) => (Object.keys(names).length === 0 ? {} : { translations: names });

/** Average stars as pages print them: one decimal. */
const roundedRating = (average: number) => Math.round(average * 10) / 10;

function storedTerms(row: ItemsTable): StoredItemTerms {
  const availability = isAvailabilityStatus(row.availability) ? row.availability : null;
  const min = toNumberOrNull(row.lead_time_min_weeks);
  const max = toNumberOrNull(row.lead_time_max_weeks);
  return {
    availability,
    leadTimeWeeks: availability === 'made_to_order' && min !== null && max !== null ? { min, max } : null,
    warrantyMonths: toNumberOrNull(row.warranty_months),
  };
}

function assemble(
  rows: ItemsTable[],
  specs: SpecificationRow[],
  images: (StoredImageSizes & { item_id: string | null })[],
  related: Related = {},
): ItemRecord[] {
  const specsByItem = new Map<string, Specification[]>();
  for (const spec of specs) {
    pushTo(specsByItem, spec.item_id, toSpecification(spec));
  }
  const imagesByItem = new Map<string, ImageAsset[]>();
  for (const image of images) {
    if (!image.item_id) continue;
    pushTo(imagesByItem, image.item_id, {
      url: imageUrl(image.id),
      thumbnailUrl: thumbnailUrl(image.id),
      width: image.width,
      height: image.height,
      variants: variantsOf(image),
    });
  }
  return rows.map((row) => {
    const rating = related.ratings?.get(row.id);
    return {
      ...plainValuesOfRow(row),
      id: row.id,
      kind: row.kind,
      code: row.code,
      category: row.category,
      // Never the staff-typed rating columns: only customers' approved reviews count.
      rating: rating ? roundedRating(rating.average) : null,
      reviewCount: rating ? rating.count : null,
      featured: Number(row.featured) === 1,
      featuredPosition: toNumberOrNull(row.featured_position),
      terms: storedTerms(row),
      fits: related.fits?.get(row.id) ?? [],
      partsThatFit: related.partsThatFit?.get(row.id) ?? [],
      createdAt: row.created_at,
      updatedAt: row.updated_at,
      version: Number(row.version),
      specifications: specsByItem.get(row.id) ?? [],
      images: imagesByItem.get(row.id) ?? [],
      translations: parseTranslations(row.translations),
    };
  });
}

/**
 * All items of a kind with their specifications and images, in three queries whatever the
 * count (thousands of spare parts must not mean thousands of queries).
 */
export async function listItems(
  db: Kysely<Database>,
  kind: ItemKind,
  options: ListOptions = {},
): Promise<ItemRecord[]> {
  if (options.ids?.length === 0) return [];
  let itemsQuery = db.selectFrom('items').selectAll().where('kind', '=', kind);
  if (options.featuredOnly) itemsQuery = itemsQuery.where('featured', '=', 1);
  if (options.category) itemsQuery = itemsQuery.where('category', '=', options.category);
  if (options.ids) itemsQuery = itemsQuery.where('id', 'in', options.ids);
  const rows = await itemsQuery.orderBy('name').orderBy('id').execute();
  if (rows.length === 0) return [];

  // Named items: the ids read above, so that the reads below do not each look the items up again
  // through a subquery (a list page of 100 parts is read again after saves that reach it). A whole
  // kind: a subquery, as its ids may be more than a statement takes.
  const matching = (qb: Kysely<Database>): ItemIds => {
    if (options.ids) return rows.map((row) => row.id);
    let sub = qb.selectFrom('items').select('items.id').where('items.kind', '=', kind);
    if (options.featuredOnly) sub = sub.where('items.featured', '=', 1);
    if (options.category) sub = sub.where('items.category', '=', options.category);
    return sub;
  };
  // No list reads a machine's parts that fit: only its page shows them (findItem).
  const [specs, images, fits, ratings] = await Promise.all([
    db
      .selectFrom('item_specifications')
      .select(SPECIFICATION_COLUMNS)
      .where('item_id', 'in', matching(db))
      .orderBy('item_id')
      .orderBy('position')
      .execute(),
    db
      .selectFrom('images')
      .select(['id', 'item_id', 'width', 'height', 'thumb_width', 'thumb_height'])
      .where('item_id', 'in', matching(db))
      .orderBy('item_id')
      .orderBy('position')
      .execute(),
    kind === 'spare' ? fitsOf(db, matching(db)) : undefined,
    kind === 'machine' ? approvedRatingsOf(db, matching(db)) : undefined,
  ]);
  // SPEC §5's name order (see compareNames) rather than SQL's byte order, so the catalogue's
  // default sort has nothing left to do; stable, so equal names keep the id order.
  return assemble(rows, specs, images, { fits, ratings }).sort((a, b) => compareNames(a.name, b.name));
}

/** The spare parts that fit any of `machineIds`. */
export async function partIdsFitting(db: Kysely<Database>, machineIds: readonly string[]): Promise<string[]> {
  if (machineIds.length === 0) return [];
  const rows = await db
    .selectFrom('item_fits')
    .select('part_id')
    .distinct()
    .where('machine_id', 'in', machineIds)
    .execute();
  return rows.map((row) => row.part_id);
}

/**
 * The names and codes of machines (all of them when `ids` is absent): what a spare part is also
 * found by. One light query, not the machines' whole records with their pictures, specifications
 * and ratings (three more statements in every part's save on PostgreSQL).
 */
export async function machineNamesAndCodes(
  db: Kysely<Database>,
  ids?: readonly string[],
): Promise<{ id: string; name: string; code: string | null }[]> {
  if (ids?.length === 0) return [];
  let query = db.selectFrom('items').select(['id', 'name', 'code']).where('kind', '=', 'machine');
  if (ids) query = query.where('id', 'in', ids);
  return query.execute();
}

/** Adds `value` to the list `map` keeps under `key`. */
function pushTo<K, V>(map: Map<K, V[]>, key: K, value: V): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

/** Item ids to read related rows of: a list, or a subquery selecting them. */
type ItemIds = readonly string[] | SelectQueryBuilder<Database, 'items', { id: string }>;

/** Each part's machines (ids), in the machines' name order. */
async function fitsOf(db: Kysely<Database>, partIds: ItemIds): Promise<Map<string, string[]>> {
  if (Array.isArray(partIds) && partIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('item_fits')
    .innerJoin('items', 'items.id', 'item_fits.machine_id')
    .select(['item_fits.part_id', 'item_fits.machine_id', 'items.name'])
    .where('item_fits.part_id', 'in', partIds)
    .execute();
  rows.sort((a, b) => compareNames(a.name, b.name) || (a.machine_id < b.machine_id ? -1 : 1));
  const byPart = new Map<string, string[]>();
  for (const row of rows) {
    pushTo(byPart, row.part_id, row.machine_id);
  }
  return byPart;
}

/**
 * Each machine's spare parts, in name order, at most MAX_PARTS_THAT_FIT: the ids are picked
 * (by the name key in PostgreSQL, by name in SQLite), then the parts picked are read whole.
 */
async function partsThatFitOf(db: Kysely<Database>, machineIds: ItemIds): Promise<Map<string, PartThatFits[]>> {
  if (Array.isArray(machineIds) && machineIds.length === 0) return new Map();
  const picked =
    db.getExecutor().adapter instanceof PostgresAdapter
      ? await firstPartsThatFitByKey(db, machineIds)
      : await firstPartsThatFitByName(db, machineIds);
  const pickedIds = [...new Set([...picked.values()].flat())];
  const parts =
    pickedIds.length === 0
      ? []
      : await db
          .selectFrom('items')
          .select(['id', 'name', 'code', 'price', 'translations'])
          .where('id', 'in', pickedIds)
          .execute();
  const partById = new Map(parts.map((part) => [part.id, part]));
  const byMachine = new Map<string, PartThatFits[]>();
  for (const [machineId, ids] of picked) {
    byMachine.set(
      machineId,
      // A part deleted between the two reads is left out.
      ids.flatMap((id) => {
        const row = partById.get(id);
        if (row === undefined) return [];
        return [
          {
            id: row.id,
            name: row.name,
            code: row.code,
            price: toNumberOrNull(row.price),
            // Only when it has any: a part without translations is as it always was.
            ...withNames(namesOnly(parseTranslations(row.translations))),
          },
        ];
      }),
    );
  }
  return byMachine;
}

/**
 * PostgreSQL: the first of each machine's parts by the search table's name key (name-sort-key.ts),
 * in the database. Every write brings that table up to date in its transaction; only a write by
 * an older release leaves it behind until the next list read catches it up, and meanwhile a part
 * it added sorts last. Picking in JavaScript read every part that fits into the process (60,000 a
 * machine in the bench's 100,000-part catalogue, 240,000 rows for the landing page's featured
 * machines), whose memory then grew with the catalogue.
 */
async function firstPartsThatFitByKey(db: Kysely<Database>, machineIds: ItemIds): Promise<Map<string, string[]>> {
  const ranked = db
    .selectFrom('item_fits')
    .leftJoin('catalogue_search', 'catalogue_search.item_id', 'item_fits.part_id')
    .select([
      'item_fits.machine_id',
      'item_fits.part_id',
      sql<number>`row_number() over (partition by item_fits.machine_id order by catalogue_search.sort_key collate "C" nulls last, item_fits.part_id)`.as(
        'place',
      ),
    ])
    .where('item_fits.machine_id', 'in', machineIds)
    .as('ranked');
  const rows = await db
    .selectFrom(ranked)
    .select(['machine_id', 'part_id'])
    .where('place', '<=', MAX_PARTS_THAT_FIT)
    .orderBy('machine_id')
    .orderBy('place')
    .execute();
  const picked = new Map<string, string[]>();
  for (const row of rows) {
    pushTo(picked, row.machine_id, row.part_id);
  }
  return picked;
}

/**
 * SQLite (one process, the catalogue at hand): all the parts that fit are read, their names only,
 * and the first picked with compareNames. Reading every row whole moved their translations too,
 * megabytes per machine.
 */
async function firstPartsThatFitByName(db: Kysely<Database>, machineIds: ItemIds): Promise<Map<string, string[]>> {
  const names = await db
    .selectFrom('item_fits')
    .innerJoin('items', 'items.id', 'item_fits.part_id')
    .select(['item_fits.machine_id', 'items.id', 'items.name'])
    .where('item_fits.machine_id', 'in', machineIds)
    .execute();
  const namesByMachine = new Map<string, (typeof names)[number][]>();
  for (const row of names) {
    pushTo(namesByMachine, row.machine_id, row);
  }
  const picked = new Map<string, string[]>();
  for (const [machineId, machineRows] of namesByMachine) {
    const first = firstInOrder(
      machineRows,
      MAX_PARTS_THAT_FIT,
      (a, b) => compareNames(a.name, b.name) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0),
    );
    picked.set(
      machineId,
      first.map((row) => row.id),
    );
  }
  return picked;
}

/**
 * What a reader of one item needs besides its row, specifications and images: a machine's parts
 * that fit are for its details page, and reading them means a query over every part that fits it
 * (15,000 rows for one machine of the bench's 25,000-part catalogue), so a list entry or an audit
 * snapshot leaves them out.
 */
export interface FindItemOptions {
  partsThatFit?: boolean;
}

export async function findItem(
  db: Kysely<Database>,
  id: string,
  kind?: ItemKind,
  { partsThatFit: withPartsThatFit = true }: FindItemOptions = {},
): Promise<ItemRecord | undefined> {
  let query = db.selectFrom('items').selectAll().where('id', '=', id);
  if (kind) query = query.where('kind', '=', kind);
  const row = await query.executeTakeFirst();
  if (!row) return undefined;
  const [specs, images, fits, partsThatFit, ratings] = await Promise.all([
    db
      .selectFrom('item_specifications')
      .select(SPECIFICATION_COLUMNS)
      .where('item_id', '=', id)
      .orderBy('position')
      .execute(),
    db
      .selectFrom('images')
      .select(['id', 'item_id', 'width', 'height', 'thumb_width', 'thumb_height'])
      .where('item_id', '=', id)
      .orderBy('position')
      .execute(),
    row.kind === 'spare' ? fitsOf(db, [id]) : undefined,
    row.kind === 'machine' && withPartsThatFit ? partsThatFitOf(db, [id]) : undefined,
    row.kind === 'machine' ? approvedRatingsOf(db, [id]) : undefined,
  ]);
  return assemble([row], specs, images, { fits, partsThatFit, ratings })[0];
}

/**
 * Takes the row lock for a read-then-write on one item. SQLite already holds the database
 * write lock (BEGIN IMMEDIATE); PostgreSQL needs FOR UPDATE.
 */
export async function lockItem(
  db: Kysely<Database>,
  dialect: 'sqlite' | 'postgres',
  id: string,
  kind: ItemKind,
): Promise<boolean> {
  let query = db.selectFrom('items').select('id').where('id', '=', id).where('kind', '=', kind);
  if (dialect === 'postgres') query = query.forUpdate();
  return (await query.executeTakeFirst()) !== undefined;
}

function columns(fields: ItemFields) {
  return {
    ...plainColumns(fields),
    code: fields.code ?? null,
    code_key: fields.code ? codeKeyOf(fields.code) : null,
    category: fields.category ?? null,
    availability: fields.availability ?? null,
    lead_time_min_weeks: fields.availability === 'made_to_order' ? (fields.leadTimeWeeks?.min ?? null) : null,
    lead_time_max_weeks: fields.availability === 'made_to_order' ? (fields.leadTimeWeeks?.max ?? null) : null,
    warranty_months: fields.warrantyMonths ?? null,
    featured: fields.featured ? 1 : 0,
    ...(fields.translations === undefined ? {} : { translations: translationsColumn(fields.translations) }),
  };
}

/** A specification as its row stores it. */
const specificationColumns = (spec: Specification) => ({
  spec_key: spec.key,
  spec_value: spec.value,
  spec_number: spec.number ?? null,
  spec_unit: spec.number === null || spec.number === undefined ? null : (spec.unit ?? null),
});

function sameSpecifications(a: readonly Specification[], b: readonly Specification[]): boolean {
  if (a.length !== b.length) return false;
  return a.every((spec, position) => {
    const left = specificationColumns(spec);
    const right = specificationColumns(b[position]!);
    return (
      left.spec_key === right.spec_key &&
      left.spec_value === right.spec_value &&
      left.spec_number === right.spec_number &&
      left.spec_unit === right.spec_unit
    );
  });
}

async function replaceSpecifications(db: Kysely<Database>, itemId: string, specs: readonly Specification[]) {
  await db.deleteFrom('item_specifications').where('item_id', '=', itemId).execute();
  if (specs.length === 0) return;
  await db
    .insertInto('item_specifications')
    .values(specs.map((spec, position) => ({ item_id: itemId, position, ...specificationColumns(spec) })))
    .execute();
}

async function replaceFits(db: Kysely<Database>, partId: string, machineIds: readonly string[] | undefined) {
  if (machineIds === undefined) return;
  await db.deleteFrom('item_fits').where('part_id', '=', partId).execute();
  if (machineIds.length === 0) return;
  await db
    .insertInto('item_fits')
    .values([...new Set(machineIds)].map((machineId) => ({ part_id: partId, machine_id: machineId })))
    .execute();
}

/** The first of `ids` that is not a machine, or undefined when all are. */
export async function firstUnknownMachine(db: Kysely<Database>, ids: readonly string[]): Promise<string | undefined> {
  if (ids.length === 0) return undefined;
  const rows = await db.selectFrom('items').select('id').where('kind', '=', 'machine').where('id', 'in', ids).execute();
  const known = new Set(rows.map((row) => row.id));
  return ids.find((id) => !known.has(id));
}

/** The item of `kind` whose code equals `code` ignoring case and surrounding spaces, other than `exceptId`. */
export async function findItemIdByCode(
  db: Kysely<Database>,
  kind: ItemKind,
  code: string,
  exceptId?: string,
): Promise<string | undefined> {
  let query = db.selectFrom('items').select('id').where('kind', '=', kind).where('code_key', '=', codeKeyOf(code));
  if (exceptId !== undefined) query = query.where('id', '!=', exceptId);
  return (await query.executeTakeFirst())?.id;
}

/** The catalogue item a quote names (the Request Quote link carries its name), for a link to it. */
export async function findItemIdByName(db: Kysely<Database>, name: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('items')
    .select('id')
    .where('name', '=', name)
    .orderBy('id')
    .limit(1)
    .executeTakeFirst();
  return row?.id;
}

/** A new item; the defaulted fields it was given none of (HSN/SAC code, GST rate) get its kind's. */
export async function insertItem(
  db: Kysely<Database>,
  id: string,
  kind: ItemKind,
  fields: ItemFields,
  now: string,
): Promise<void> {
  await db
    .insertInto('items')
    .values({
      id,
      kind,
      ...columns(withPlainDefaults(kind, fields.category, fields)),
      created_at: now,
      updated_at: now,
      version: 1,
    })
    .execute();
  await replaceSpecifications(db, id, fields.specifications);
  await replaceFits(db, id, fields.fits);
}

/**
 * Writes an item's fields. `stored` is the item as read under its lock: its specifications are
 * written again only when they changed (two statements of every save otherwise, and a save that
 * holds the catalogue's revision row makes the next one wait).
 */
export async function updateItemFields(
  db: Kysely<Database>,
  id: string,
  fields: ItemFields,
  now: string,
  stored: Pick<ItemRecord, 'specifications'>,
): Promise<void> {
  await db
    .updateTable('items')
    .set((eb) => ({ ...columns(fields), updated_at: now, version: eb('version', '+', 1) }))
    .where('id', '=', id)
    .execute();
  if (!sameSpecifications(stored.specifications, fields.specifications)) {
    await replaceSpecifications(db, id, fields.specifications);
  }
  await replaceFits(db, id, fields.fits);
}

export async function setFeatured(
  db: Kysely<Database>,
  id: string,
  kind: ItemKind,
  featured: boolean,
  now: string,
): Promise<boolean> {
  const result = await db
    .updateTable('items')
    .set((eb) => ({
      featured: featured ? 1 : 0,
      // An item featured again goes after the placed ones, not back to a place staff have since filled.
      ...(featured ? {} : { featured_position: null }),
      updated_at: now,
      version: eb('version', '+', 1),
    }))
    .where('id', '=', id)
    .where('kind', '=', kind)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Deletes the item and its image rows; returns the ids of the images whose files must go. */
export async function deleteItem(db: Kysely<Database>, id: string): Promise<string[]> {
  const images = await db.selectFrom('images').select('id').where('item_id', '=', id).execute();
  const imageIds = images.map((image) => image.id);
  if (imageIds.length > 0) await db.deleteFrom('images').where('id', 'in', imageIds).execute();
  // The foreign keys cascade too; said here so a machine's fits visibly go with it.
  await db
    .deleteFrom('item_fits')
    .where((eb) => eb.or([eb('part_id', '=', id), eb('machine_id', '=', id)]))
    .execute();
  await db.deleteFrom('items').where('id', '=', id).execute();
  return imageIds;
}

export async function countItems(db: Kysely<Database>): Promise<{ kind: ItemKind; total: number; featured: number }[]> {
  const rows = await db
    .selectFrom('items')
    .select((eb) => ['kind', eb.fn.countAll().as('total'), eb.fn.sum<number>('featured').as('featured')])
    .groupBy('kind')
    .execute();
  return rows.map((row) => ({ kind: row.kind, total: Number(row.total), featured: Number(row.featured ?? 0) }));
}

/**
 * SPEC §7's catalogue machines (`category=machine`): how many, and how many of them featured.
 * Since machines have categories, `machine` means every machine (decision 031).
 */
export async function countCatalogueMachines(db: Kysely<Database>): Promise<{ total: number; featured: number }> {
  const row = await db
    .selectFrom('items')
    .select((eb) => [eb.fn.countAll().as('total'), eb.fn.sum<number>('featured').as('featured')])
    .where('kind', '=', 'machine')
    .executeTakeFirst();
  return { total: Number(row?.total ?? 0), featured: Number(row?.featured ?? 0) };
}

/** The featured items of every kind, for placing them: id, kind, name and stored position. */
export async function listFeaturedPlacements(
  db: Kysely<Database>,
): Promise<{ id: string; kind: ItemKind; name: string; position: number | null }[]> {
  const rows = await db
    .selectFrom('items')
    .select(['id', 'kind', 'name', 'featured_position'])
    .where('featured', '=', 1)
    .execute();
  return rows.map((row) => ({
    id: row.id,
    kind: row.kind,
    name: row.name,
    position: toNumberOrNull(row.featured_position),
  }));
}

/**
 * Places the featured items: `orderedIds[i]` gets position i, every other item none. Positions are
 * not item edits, so neither updated_at nor the version moves: an open edit form stays current.
 */
export async function setFeaturedPositions(db: Kysely<Database>, orderedIds: readonly string[]): Promise<void> {
  await db.updateTable('items').set({ featured_position: null }).where('featured_position', 'is not', null).execute();
  for (const [position, id] of orderedIds.entries()) {
    await db.updateTable('items').set({ featured_position: position }).where('id', '=', id).execute();
  }
}
