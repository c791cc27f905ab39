import type { Readable } from 'node:stream';
import sharp from 'sharp';
import type { ImageStore } from './image-store';
import { IMAGE_VARIANTS, LARGE_VARIANT, variantFileName } from './image-variants';

/** A stored image re-encoded for a document format that has no WebP (PDF). */
export interface PrintImage {
  /** JPEG bytes. */
  data: Buffer;
  width: number;
  height: number;
}

const MEDIUM_VARIANT = IMAGE_VARIANTS[1];
/** A spec sheet prints the picture about 3.5 inches wide: 960 px is about 270 dpi there. */
const PRINT_EDGE = MEDIUM_VARIANT.edge;
const PRINT_JPEG_QUALITY = 82;

async function bytesOf(body: Readable | Buffer): Promise<Buffer> {
  if (Buffer.isBuffer(body)) return body;
  const chunks: Buffer[] = [];
  for await (const chunk of body) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks);
}

/**
 * The image `id` as a JPEG for print: the medium size (the large one when an older image lacks
 * it), on white where it was transparent. Null when neither file is in the store (a demo picture
 * still being drawn): a document is made without it rather than failing.
 */
export async function readImageForPrint(store: ImageStore, id: string): Promise<PrintImage | null> {
  for (const variant of [MEDIUM_VARIANT, LARGE_VARIANT]) {
    const file = await store.open(variantFileName(id, variant));
    if (!file) continue;
    const { data, info } = await sharp(await bytesOf(file.body()))
      .resize({ width: PRINT_EDGE, height: PRINT_EDGE, fit: 'inside', withoutEnlargement: true })
      .flatten({ background: '#ffffff' })
      .jpeg({ quality: PRINT_JPEG_QUALITY })
      .toBuffer({ resolveWithObject: true });
    return { data, width: info.width, height: info.height };
  }
  return null;
}
