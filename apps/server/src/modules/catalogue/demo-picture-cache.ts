import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import sharp from 'sharp';
import type { DemoCatalogue } from '@capstan/demo-catalogue';
import type { ItemKind } from '../../db/schema';
import { type ProcessedImage, processImage } from '../images/image-pipeline';
import { type ImageStore, newImageId, removeImages } from '../images/image-store';
import { IMAGE_VARIANTS, variantFileName } from '../images/image-variants';
import { LocalImageStore } from '../images/local-image-store';

/**
 * What the pipeline makes of a drawing depends on the drawing and on the stored sizes and their
 * quality: a change to either gives every picture a new key, so a stale picture is never used.
 */
const RECIPE = JSON.stringify({ format: 1, variants: IMAGE_VARIANTS });

/** One picture of a demo item: which one, and its drawing (SVG markup, built only when called). */
export interface DemoDrawing {
  ref: string;
  draw: () => string;
}

/** Names a picture by its item and place, so a start finds it without drawing it (seconds of work). */
export const demoPictureRef = (kind: ItemKind, name: string, index: number): string => `${kind}/${index}/${name}`;

/** Every picture of the demo catalogue. */
export const demoDrawings = (catalogue: DemoCatalogue): DemoDrawing[] =>
  (
    [
      ['machine', catalogue.machines],
      ['spare', catalogue.spareParts],
      ['service', catalogue.services],
    ] as const
  ).flatMap(([kind, items]) =>
    items.flatMap((item) =>
      item.pictures.map((draw, index) => ({ ref: demoPictureRef(kind, item.name, index), draw })),
    ),
  );

/** The cache key of one drawing (its SVG markup). */
export const demoPictureKey = (svg: string): string =>
  createHash('sha256').update(RECIPE).update('\n').update(svg).digest('hex').slice(0, 40);

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await fs.readdir(dir, { withFileTypes: true, recursive: true });
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.join(entry.parentPath, entry.name))
    .sort();
}

/**
 * The demo catalogue's sources and the recipe: while they are as they were when the pictures were
 * made, each picture is the one its item and place name. Reading them takes milliseconds.
 */
async function demoSourcesHash(): Promise<string> {
  const sources = path.dirname(createRequire(import.meta.url).resolve('@capstan/demo-catalogue'));
  const hash = createHash('sha256').update(RECIPE);
  for (const file of await filesUnder(sources))
    hash
      .update('\0')
      .update(path.relative(sources, file))
      .update('\0')
      .update(await fs.readFile(file));
  return hash.digest('hex');
}

const INDEX = 'index.json';

interface CacheIndex {
  sources: string;
  /** Picture ref → drawing key. */
  refs: Record<string, string>;
}

/** A file no manifest names after this long belongs to no picture being made. */
const STALE_FILE_MS = 10 * 60 * 1000;
const MANIFEST = /^([a-f0-9]{40})\.json$/;
const manifestName = (key: string) => `${key}.json`;
const UUID = /^[a-f0-9-]{36}$/;

function isProcessedImage(value: unknown): value is ProcessedImage {
  if (typeof value !== 'object' || value === null) return false;
  const image = value as Record<string, unknown>;
  return (
    typeof image.id === 'string' &&
    UUID.test(image.id) &&
    ['width', 'height', 'thumbWidth', 'thumbHeight', 'bytes'].every(
      (field) => typeof image[field] === 'number' && (image[field] as number) > 0,
    )
  );
}

/**
 * The demo pictures as the image pipeline makes them, made once at install (`npm run
 * build:pictures`, run by `npm install` and `npm start` when they are missing) so that a first
 * start only copies them into the image store and the site answers with them (decision 054).
 * A folder of `{id}{suffix}.webp` files, as in the uploads folder, and one `{key}.json` per drawing
 * naming its image: the manifest is written last, so a picture is there whole or not at all.
 */
export class DemoPictureCache {
  private readonly files: LocalImageStore;

  constructor(readonly dir: string) {
    this.files = new LocalImageStore(dir);
  }

  private async manifest(key: string): Promise<ProcessedImage | null> {
    try {
      const parsed: unknown = JSON.parse(await fs.readFile(path.join(this.dir, manifestName(key)), 'utf8'));
      return isProcessedImage(parsed) ? parsed : null;
    } catch {
      return null;
    }
  }

  private index: Promise<Record<string, string>> | undefined;

  /** Picture ref → drawing key, when the demo's sources are those the pictures were made from. */
  private async refs(): Promise<Record<string, string>> {
    this.index ??= (async () => {
      try {
        const index = JSON.parse(await fs.readFile(path.join(this.dir, INDEX), 'utf8')) as CacheIndex;
        return index.sources === (await demoSourcesHash()) ? index.refs : {};
      } catch {
        return {};
      }
    })();
    return this.index;
  }

  /** Whether the picture is in the cache (its manifest; the files are checked when copied). */
  async has(ref: string): Promise<boolean> {
    const key = (await this.refs())[ref];
    return key !== undefined && (await this.manifest(key)) !== null;
  }

  /**
   * Puts a copy of the picture into `images` as a new image; null (and nothing stored) when the
   * cache does not have it whole, or has it from other sources than the demo's current ones.
   */
  async copyInto(images: ImageStore, ref: string): Promise<ProcessedImage | null> {
    const key = (await this.refs())[ref];
    const cached = key === undefined ? null : await this.manifest(key);
    if (cached === null) return null;
    const id = newImageId();
    const temps: string[] = [];
    try {
      // Smallest first and the large file last, as the pipeline stores them (a large file means the rest are there).
      for (const variant of IMAGE_VARIANTS) {
        const temp = images.temp.newPath();
        temps.push(temp);
        if (!(await this.files.copyToFile(variantFileName(cached.id, variant), temp))) {
          await removeImages(images, [id]);
          return null;
        }
        await images.putFile(variantFileName(id, variant), temp);
      }
    } catch (error) {
      await removeImages(images, [id]).catch(() => undefined);
      throw error;
    } finally {
      await images.temp.remove(temps);
    }
    return { ...cached, id };
  }

  /**
   * Makes the pictures of the drawings it does not have yet, through the upload pipeline, and
   * removes those of drawings no longer drawn. Returns how many it made.
   */
  async fill(drawings: readonly DemoDrawing[], onMade?: (made: number, missing: number) => void): Promise<number> {
    await fs.mkdir(this.dir, { recursive: true });
    await this.files.init();
    try {
      const svgs = new Map<string, string>();
      const refs: Record<string, string> = {};
      for (const { ref, draw } of drawings) {
        const svg = draw();
        const key = demoPictureKey(svg);
        svgs.set(key, svg);
        refs[ref] = key;
      }
      const missing: string[] = [];
      for (const [key, svg] of svgs) if ((await this.manifest(key)) === null) missing.push(svg);
      let made = 0;
      for (const svg of missing) {
        const png = this.files.temp.newPath();
        try {
          await sharp(Buffer.from(svg)).png().toFile(png);
          const image = await processImage(this.files, png);
          const manifest = this.files.temp.newPath();
          await fs.writeFile(manifest, JSON.stringify(image));
          await fs.rename(manifest, path.join(this.dir, manifestName(demoPictureKey(svg))));
        } finally {
          await this.files.temp.remove([png]);
        }
        made += 1;
        onMade?.(made, missing.length);
      }
      const index = this.files.temp.newPath();
      await fs.writeFile(index, JSON.stringify({ sources: await demoSourcesHash(), refs } satisfies CacheIndex));
      await fs.rename(index, path.join(this.dir, INDEX));
      this.index = undefined;
      await this.prune(new Set(svgs.keys()));
      return made;
    } finally {
      await this.files.close();
    }
  }

  /**
   * Removes the manifests of other drawings, then the image files no manifest names, but not the
   * files of a picture another process is making right now (its manifest comes last).
   */
  private async prune(keep: ReadonlySet<string>): Promise<void> {
    const names = await fs.readdir(this.dir);
    const settled = Date.now() - STALE_FILE_MS;
    const kept = new Set<string>();
    for (const name of names) {
      const key = MANIFEST.exec(name)?.[1];
      if (key === undefined) continue;
      const image = keep.has(key) ? await this.manifest(key) : null;
      if (image === null) await fs.rm(path.join(this.dir, name), { force: true });
      else kept.add(image.id);
    }
    const unnamed = names.filter((name) => name.endsWith('.webp') && !kept.has(name.slice(0, 36)));
    const stale: string[] = [];
    for (const name of unnamed) {
      const info = await this.files.head(name);
      if (info !== null && info.lastModified.getTime() < settled) stale.push(name);
    }
    await this.files.deleteMany(stale);
  }
}
