import sharp from 'sharp';

/**
 * A HEIF file branded as an iPhone photo (`ftyp heic`, HEVC item type) that our sharp cannot
 * decode, as with a real iPhone photo: an AVIF with its brands and codec boxes renamed to
 * HEVC's. (No HEVC encoder here to make a real one; sharp's prebuilt libvips has no HEVC decoder
 * either, which is the point.)
 */
export async function heicBrandedFile(): Promise<Buffer> {
  const avif = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#1e40af' } })
    .avif()
    .toBuffer();
  const file = Buffer.from(avif);
  for (const [from, to] of [
    ['avif', 'heic'],
    ['av01', 'hvc1'],
    ['av1C', 'hvcC'],
  ] as const) {
    for (let at = file.indexOf(from); at >= 0; at = file.indexOf(from)) file.write(to, at, 'latin1');
  }
  return file;
}
