import type { Kysely } from 'kysely';
import { compareNames, type ImageAsset, type Specification } from '@capstan/shared';
import type { Database, ItemKind, ItemsTable } from '../../db/schema';
import { imageUrl, thumbnailUrl } from '../images/image-store';
import { variantsOf, type StoredImageSizes } from '../images/image-variants';

/** An item as the application sees it, whatever its kind. */
export interface ItemRecord {
  id: string;
  kind: ItemKind;
  name: string;
  description: string;
  category: string | null;
  brand: string | null;
  price: number | null;
  originalPrice: number | null;
  rating: number | null;
  reviewCount: number | null;
  features: string[];
  featured: boolean;
  featuredPosition: number | null;
  createdAt: string;
  updatedAt: string;
  version: number;
  specifications: Specification[];
  images: ImageAsset[];
}

/** The columns a create or a full update writes. */
export interface ItemFields {
  name: string;
  description: string;
  category?: string | null;
  brand?: string | null;
  price?: number | null;
  originalPrice?: number | null;
  rating?: number | null;
  reviewCount?: number | null;
  features?: string[];
  featured: boolean;
  specifications: Specification[];
}

export interface ListOptions {
  featuredOnly?: boolean;
  category?: string;
}

const toNumberOrNull = (value: number | string | null): number | null => (value === null ? null : Number(value));

function parseFeatures(json: string): string[] {
  try {
    const value: unknown = JSON.parse(json);
    return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
  } catch {
    return [];
  }
}

function assemble(
  rows: ItemsTable[],
  specs: { item_id: string; spec_key: string; spec_value: string }[],
  images: (StoredImageSizes & { item_id: string | null })[],
): ItemRecord[] {
  const specsByItem = new Map<string, Specification[]>();
  for (const spec of specs) {
    const list = specsByItem.get(spec.item_id) ?? [];
    list.push({ key: spec.spec_key, value: spec.spec_value });
    specsByItem.set(spec.item_id, list);
  }
  const imagesByItem = new Map<string, ImageAsset[]>();
  for (const image of images) {
    if (!image.item_id) continue;
    const list = imagesByItem.get(image.item_id) ?? [];
    list.push({
      url: imageUrl(image.id),
      thumbnailUrl: thumbnailUrl(image.id),
      width: image.width,
      height: image.height,
      variants: variantsOf(image),
    });
    imagesByItem.set(image.item_id, list);
  }
  return rows.map((row) => ({
    id: row.id,
    kind: row.kind,
    name: row.name,
    description: row.description,
    category: row.category,
    brand: row.brand,
    price: toNumberOrNull(row.price),
    originalPrice: toNumberOrNull(row.original_price),
    rating: toNumberOrNull(row.rating),
    reviewCount: toNumberOrNull(row.review_count),
    features: parseFeatures(row.features),
    featured: Number(row.featured) === 1,
    featuredPosition: toNumberOrNull(row.featured_position),
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    version: Number(row.version),
    specifications: specsByItem.get(row.id) ?? [],
    images: imagesByItem.get(row.id) ?? [],
  }));
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
  let itemsQuery = db.selectFrom('items').selectAll().where('kind', '=', kind);
  if (options.featuredOnly) itemsQuery = itemsQuery.where('featured', '=', 1);
  if (options.category) itemsQuery = itemsQuery.where('category', '=', options.category);
  const rows = await itemsQuery.orderBy('name').orderBy('id').execute();
  if (rows.length === 0) return [];

  const matching = (qb: Kysely<Database>) => {
    let sub = qb.selectFrom('items').select('items.id').where('items.kind', '=', kind);
    if (options.featuredOnly) sub = sub.where('items.featured', '=', 1);
    if (options.category) sub = sub.where('items.category', '=', options.category);
    return sub;
  };
  const [specs, images] = await Promise.all([
    db
      .selectFrom('item_specifications')
      .select(['item_id', 'spec_key', 'spec_value'])
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
  ]);
  // SPEC §5's name order (see compareNames) rather than SQL's byte order, so the catalogue's
  // default sort has nothing left to do; stable, so equal names keep the id order.
  return assemble(rows, specs, images).sort((a, b) => compareNames(a.name, b.name));
}

export async function findItem(db: Kysely<Database>, id: string, kind?: ItemKind): Promise<ItemRecord | undefined> {
  let query = db.selectFrom('items').selectAll().where('id', '=', id);
  if (kind) query = query.where('kind', '=', kind);
  const row = await query.executeTakeFirst();
  if (!row) return undefined;
  const [specs, images] = await Promise.all([
    db
      .selectFrom('item_specifications')
      .select(['item_id', 'spec_key', 'spec_value'])
      .where('item_id', '=', id)
      .orderBy('position')
      .execute(),
    db
      .selectFrom('images')
      .select(['id', 'item_id', 'width', 'height', 'thumb_width', 'thumb_height'])
      .where('item_id', '=', id)
      .orderBy('position')
      .execute(),
  ]);
  return assemble([row], specs, images)[0];
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
    name: fields.name,
    description: fields.description,
    category: fields.category ?? null,
    brand: fields.brand ?? null,
    price: fields.price ?? null,
    original_price: fields.originalPrice ?? null,
    rating: fields.rating ?? null,
    review_count: fields.reviewCount ?? null,
    features: JSON.stringify(fields.features ?? []),
    featured: fields.featured ? 1 : 0,
  };
}

async function replaceSpecifications(db: Kysely<Database>, itemId: string, specs: readonly Specification[]) {
  await db.deleteFrom('item_specifications').where('item_id', '=', itemId).execute();
  if (specs.length === 0) return;
  await db
    .insertInto('item_specifications')
    .values(specs.map((spec, position) => ({ item_id: itemId, position, spec_key: spec.key, spec_value: spec.value })))
    .execute();
}

export async function insertItem(
  db: Kysely<Database>,
  id: string,
  kind: ItemKind,
  fields: ItemFields,
  now: string,
): Promise<void> {
  await db
    .insertInto('items')
    .values({ id, kind, ...columns(fields), created_at: now, updated_at: now, version: 1 })
    .execute();
  await replaceSpecifications(db, id, fields.specifications);
}

export async function updateItemFields(
  db: Kysely<Database>,
  id: string,
  fields: ItemFields,
  now: string,
): Promise<void> {
  await db
    .updateTable('items')
    .set((eb) => ({ ...columns(fields), updated_at: now, version: eb('version', '+', 1) }))
    .where('id', '=', id)
    .execute();
  await replaceSpecifications(db, id, fields.specifications);
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

/** SPEC §7's catalogue machines (`category=machine`): how many, and how many of them featured. */
export async function countCatalogueMachines(db: Kysely<Database>): Promise<{ total: number; featured: number }> {
  const row = await db
    .selectFrom('items')
    .select((eb) => [eb.fn.countAll().as('total'), eb.fn.sum<number>('featured').as('featured')])
    .where('kind', '=', 'machine')
    .where('category', '=', 'machine')
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
