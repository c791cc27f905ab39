import sharp from 'sharp';

/** A noisy picture, so its compressed data is long and cutting it leaves a real truncation. */
export async function noisyImage(format: 'png' | 'jpeg', width = 320, height = 240): Promise<Buffer> {
  const image = sharp({
    create: { width, height, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: 40 } },
  });
  return format === 'png' ? image.png().toBuffer() : image.jpeg().toBuffer();
}

/** The first half of a real PNG or JPEG: its header is intact, its pixel data is cut off. */
export async function truncatedImage(format: 'png' | 'jpeg'): Promise<Buffer> {
  const full = await noisyImage(format);
  return full.subarray(0, Math.floor(full.length / 2));
}
