import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type {
  DEMO_CATEGORY_NAMES,
  DEMO_SPECIFICATION_LABELS,
  DEMO_TRANSLATIONS,
  DemoCatalogue,
  SeedPicture,
  SeedSpecification,
} from '@capstan/demo-catalogue';
import { CONTENT_LOCALES, type ItemTranslations } from '@capstan/shared';
import type { AppContext } from '../../app-context';
import { insertItem, type ItemFields } from '../../modules/catalogue/catalogue.repository';
import { bumpCatalogueRevision } from '../../modules/catalogue/catalogue-revision-bump';
import type { Database, ItemKind } from '../schema';
import { writeTransaction } from '../write-transaction';

type SeedContext = Pick<AppContext, 'db' | 'dialect'>;

interface DemoRow {
  kind: ItemKind;
  /** Its code: machines are given ids first, so parts can name the machines they fit by code. */
  code: string;
  fields: ItemFields;
  /** A part's machines by code; resolved to ids when seeding. */
  fitsCodes?: readonly string[];
  pictures: readonly SeedPicture[];
}

/** A seeded item whose drawings have not been stored yet. */
export interface ItemAwaitingPictures {
  itemId: string;
  kind: ItemKind;
  name: string;
  pictures: readonly SeedPicture[];
}

/**
 * SPEC §7's delivery answer: 4-6 weeks for lathes (the machines' default, DEFAULT_ITEM_TERMS) and
 * 6-8 weeks for CNC machines, which the demo's CNC lathes carry as their own lead time. Warranty
 * and the spare parts' terms are their kinds' defaults (24 and 12 months, in stock).
 */
function demoMachineTerms(category: string): Pick<ItemFields, 'availability' | 'leadTimeWeeks'> {
  return category === 'cnc-lathe' ? { availability: 'made_to_order', leadTimeWeeks: { min: 6, max: 8 } } : {};
}

/** The demo's Tamil and Hindi texts (decision 072): the items' by code, specification labels, category names. */
interface DemoTranslations {
  items: typeof DEMO_TRANSLATIONS;
  specificationLabels: typeof DEMO_SPECIFICATION_LABELS;
  categoryNames: typeof DEMO_CATEGORY_NAMES;
}

// Imported when seeding only, like the catalogue itself (main.ts): a restart never needs them.
async function loadDemoTranslations(): Promise<DemoTranslations> {
  const demo = await import('@capstan/demo-catalogue');
  return {
    items: demo.DEMO_TRANSLATIONS,
    specificationLabels: demo.DEMO_SPECIFICATION_LABELS,
    categoryNames: demo.DEMO_CATEGORY_NAMES,
  };
}

/**
 * An item's Tamil and Hindi texts as staff would have saved them: name, description, a machine's
 * key features, and the labels of its own specification rows only. Undefined for an item the
 * tables do not know (a test's made-up item): it is seeded in English alone.
 */
function demoItemTranslations(
  translations: DemoTranslations | undefined,
  code: string,
  specifications: readonly SeedSpecification[],
): ItemTranslations | undefined {
  const texts = translations?.items[code];
  if (translations === undefined || texts === undefined) return undefined;
  const result: ItemTranslations = {};
  for (const locale of CONTENT_LOCALES) {
    const known = translations.specificationLabels[locale];
    const labels = Object.fromEntries(
      specifications.flatMap(({ key }) => {
        const label = known[key];
        return label === undefined ? [] : [[key, label] as const];
      }),
    );
    result[locale] = { ...texts[locale], ...(Object.keys(labels).length > 0 ? { specifications: labels } : {}) };
  }
  return result;
}

/** The demo's rows; with `translations`, each item carries its Tamil and Hindi texts. */
function demoRows(catalogue: DemoCatalogue, translations?: DemoTranslations): DemoRow[] {
  return [
    ...catalogue.machines.map((machine) => ({
      kind: 'machine' as const,
      code: machine.code,
      fields: {
        name: machine.name,
        description: machine.description,
        code: machine.code,
        category: machine.category,
        brand: machine.brand,
        price: machine.price,
        originalPrice: machine.originalPrice,
        // A rating comes only from approved reviews (decision 051): the demo seeds none.
        features: machine.features,
        ...demoMachineTerms(machine.category),
        featured: machine.featured,
        specifications: machine.specifications,
        translations: demoItemTranslations(translations, machine.code, machine.specifications),
      },
      pictures: machine.pictures,
    })),
    ...catalogue.spareParts.map((part) => ({
      kind: 'spare' as const,
      code: part.code,
      fitsCodes: part.fits,
      fields: {
        name: part.name,
        description: part.description,
        code: part.code,
        price: part.price,
        featured: part.featured,
        specifications: part.specifications,
        translations: demoItemTranslations(translations, part.code, part.specifications),
      },
      pictures: part.pictures,
    })),
    ...catalogue.services.map((service) => ({
      kind: 'service' as const,
      code: service.code,
      fields: {
        name: service.name,
        description: service.description,
        code: service.code,
        featured: service.featured,
        specifications: service.specification,
        translations: demoItemTranslations(translations, service.code, service.specification),
      },
      pictures: service.pictures,
    })),
  ];
}

/** True when the catalogue has no items at all: only then is the demo seeded. */
export async function catalogueIsEmpty(db: Kysely<Database>): Promise<boolean> {
  return (await db.selectFrom('items').select('id').limit(1).executeTakeFirst()) === undefined;
}

/**
 * The seeded categories' Tamil and Hindi names, as `{"ta":…,"hi":…}` (the categories API's
 * contract). A category that already has translations keeps them: the catalogue is seeded again
 * whenever it is empty, and staff may have named the categories themselves by then.
 */
async function nameDemoCategories(db: Kysely<Database>, names: DemoTranslations['categoryNames']): Promise<void> {
  for (const [slug, { ta, hi }] of Object.entries(names)) {
    await db
      .updateTable('machine_categories')
      .set({ translations: JSON.stringify({ ta, hi }) })
      .where('slug', '=', slug)
      .where('translations', 'is', null)
      .execute();
  }
}

/**
 * Stores the demo items, without their pictures, into an empty catalogue; returns how many
 * (0 when the catalogue already had items: seeding never touches existing data). Rows only,
 * in one transaction, so a first start can serve at once: drawing the pictures takes tens of
 * seconds and happens after listening (`docs/decisions/018`). The items and the seeded categories
 * come with their Tamil and Hindi texts.
 */
export async function seedDemoCatalogue(ctx: SeedContext, catalogue: DemoCatalogue): Promise<number> {
  const translations = await loadDemoTranslations();
  const rows = demoRows(catalogue, translations);
  return writeTransaction(ctx, async (trx) => {
    if (!(await catalogueIsEmpty(trx))) return 0;
    const now = new Date().toISOString();
    await nameDemoCategories(trx, translations.categoryNames);
    const machineIds = new Map(rows.filter((row) => row.kind === 'machine').map((row) => [row.code, randomUUID()]));
    for (const row of rows) {
      // A part of a trimmed catalogue (tests seed a few items) fits only the machines it has.
      const fits = row.fitsCodes?.flatMap((code) => machineIds.get(code) ?? []);
      const id = (row.kind === 'machine' ? machineIds.get(row.code) : undefined) ?? randomUUID();
      await insertItem(trx, id, row.kind, { ...row.fields, ...(fits ? { fits } : {}) }, now);
    }
    // Other processes sharing the database must drop their cached lists.
    await bumpCatalogueRevision(trx, 'everything');
    return rows.length;
  });
}

/**
 * Seeded items still waiting for their pictures: never edited since seeding (version 1), no
 * image, and kind, name and description exactly the demo's. Read from the database rather than
 * remembered, so pictures a stopped process did not finish are made on the next start, and an
 * item staff have touched (or made themselves) is never given demo pictures. Only rows named as
 * the demo's are read: a real catalogue's imported parts are also unedited and without pictures,
 * and reading all of them at every start grew with the catalogue (at 100,000 parts on PostgreSQL,
 * with statistics not yet gathered after the import, the query outlasted the statement timeout
 * and the server could not start).
 */
export async function demoItemsAwaitingPictures(
  db: Kysely<Database>,
  loadCatalogue: () => Promise<DemoCatalogue>,
): Promise<ItemAwaitingPictures[]> {
  const rows = demoRows(await loadCatalogue());
  const names = [...new Set(rows.map((row) => row.fields.name))];
  if (names.length === 0) return [];
  const candidates = await db
    .selectFrom('items')
    .select(['id', 'kind', 'name', 'description'])
    .where('version', '=', 1)
    .where('name', 'in', names)
    .where(({ not, exists, selectFrom }) =>
      not(exists(selectFrom('images').select('images.id').whereRef('images.item_id', '=', 'items.id'))),
    )
    .execute();
  const byKey = new Map(candidates.map((item) => [`${item.kind}\n${item.name}\n${item.description}`, item.id]));
  const awaiting: ItemAwaitingPictures[] = [];
  for (const row of rows) {
    const itemId = byKey.get(`${row.kind}\n${row.fields.name}\n${row.fields.description}`);
    if (itemId !== undefined) awaiting.push({ itemId, kind: row.kind, name: row.fields.name, pictures: row.pictures });
  }
  return awaiting;
}
