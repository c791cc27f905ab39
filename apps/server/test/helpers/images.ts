import zlib from 'node:zlib';
import sharp from 'sharp';

export async function pngImage(width = 64, height = 48, color = '#1e40af'): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: color } })
    .png()
    .toBuffer();
}

/** A JPEG carrying EXIF camera and GPS data, to prove the pipeline strips it. */
export async function jpegWithMetadata(): Promise<Buffer> {
  return sharp({ create: { width: 80, height: 60, channels: 3, background: '#f97316' } })
    .withExif({
      IFD0: { Make: 'SecretCam', Model: 'Serial-123456', Copyright: 'private' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '11/1 0/1 0/1', GPSLongitudeRef: 'E', GPSLongitude: '76/1 57/1 0/1' },
    })
    .jpeg()
    .toBuffer();
}

/** A JPEG with orientation 6 (rotate 90°): stored upright, so width and height swap. */
export async function rotatedJpeg(): Promise<Buffer> {
  return sharp({ create: { width: 100, height: 40, channels: 3, background: '#888888' } })
    .withMetadata({ orientation: 6 })
    .jpeg()
    .toBuffer();
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(zlib.crc32(body) >>> 0);
  return Buffer.concat([length, body, crc]);
}

/** A tiny PNG whose header declares width × height pixels (a decompression bomb's shape). */
export function pngDeclaring(width: number, height: number): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.writeUInt8(8, 8); // bit depth
  ihdr.writeUInt8(2, 9); // truecolour
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  const idat = zlib.deflateSync(Buffer.alloc(1024));
  return Buffer.concat([signature, chunk('IHDR', ihdr), chunk('IDAT', idat), chunk('IEND', Buffer.alloc(0))]);
}

export const svgImage = Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script><rect width="10" height="10"/></svg>',
);
export const scriptFile = Buffer.from('<script>alert(document.cookie)</script>\n#!/bin/sh\nrm -rf /\n');
