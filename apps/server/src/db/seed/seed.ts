import fs from 'node:fs/promises';
import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import type { AppContext } from '../../app-context';
import { insertItem, type ItemFields } from '../../modules/catalogue/catalogue.repository';
import { bumpCatalogueRevision } from '../../modules/catalogue/catalogue-revision.repository';
import { processImages } from '../../modules/images/image-pipeline';
import { insertImages } from '../../modules/images/images.repository';
import type { ItemKind } from '../schema';
import { writeTransaction } from '../write-transaction';
import type { DemoCatalogue, SeedPicture } from '@capstan/demo-catalogue';

type SeedContext = Pick<AppContext, 'db' | 'dialect' | 'images'>;

/** True when the catalogue has no items at all: seeding never touches existing data. */
async function catalogueIsEmpty(ctx: SeedContext): Promise<boolean> {
  const row = await ctx.db.selectFrom('items').select('id').limit(1).executeTakeFirst();
  return row === undefined;
}

/** Renders the drawings and sends them through the same pipeline as an upload. */
async function storePictures(ctx: SeedContext, pictures: readonly SeedPicture[]) {
  const temps: string[] = [];
  try {
    for (const draw of pictures) {
      const temp = ctx.images.newTempPath();
      await sharp(Buffer.from(draw())).png().toFile(temp);
      temps.push(temp);
    }
    return await processImages(ctx.images, temps);
  } finally {
    await Promise.all(temps.map((file) => fs.rm(file, { force: true })));
  }
}

async function seedItem(ctx: SeedContext, kind: ItemKind, fields: ItemFields, pictures: readonly SeedPicture[]) {
  const processed = await storePictures(ctx, pictures);
  try {
    await writeTransaction(ctx, async (trx) => {
      const now = new Date().toISOString();
      const id = randomUUID();
      await insertItem(trx, id, kind, fields, now);
      await insertImages(trx, processed, id, 0, now);
      // Other processes sharing the database must drop their cached lists.
      await bumpCatalogueRevision(trx);
    });
  } catch (error) {
    await ctx.images.remove(processed.map((image) => image.id));
    throw error;
  }
}

export async function seedDemoCatalogue(ctx: SeedContext, catalogue: DemoCatalogue): Promise<boolean> {
  if (!(await catalogueIsEmpty(ctx))) return false;
  for (const machine of catalogue.machines) {
    await seedItem(
      ctx,
      'machine',
      {
        name: machine.name,
        description: machine.description,
        category: 'machine',
        brand: machine.brand,
        price: machine.price,
        originalPrice: machine.originalPrice,
        rating: machine.rating,
        reviewCount: machine.reviewCount,
        features: machine.features,
        featured: machine.featured,
        specifications: machine.specifications,
      },
      machine.pictures,
    );
  }
  for (const part of catalogue.spareParts) {
    await seedItem(
      ctx,
      'spare',
      {
        name: part.name,
        description: part.description,
        price: part.price,
        featured: part.featured,
        specifications: part.specifications,
      },
      part.pictures,
    );
  }
  for (const service of catalogue.services) {
    await seedItem(
      ctx,
      'service',
      {
        name: service.name,
        description: service.description,
        featured: service.featured,
        specifications: service.specification,
      },
      service.pictures,
    );
  }
  return true;
}
