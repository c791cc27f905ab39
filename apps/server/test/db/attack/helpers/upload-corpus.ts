import sharp from 'sharp';
import { pngDeclaring, scriptFile, svgImage } from '../../../helpers/images';
import { randomInt, seededRandom } from '../../../helpers/seeded-random';
import type { RawFile } from './raw-multipart';

export interface CorpusFile extends RawFile {
  /** What the file is, for failure messages. */
  label: string;
}

const text = (value: string) => Buffer.from(value, 'utf8');
const GIF_HEADER = Buffer.from('GIF89a\x01\x00\x01\x00\x80\x00\x00', 'latin1');
const JPEG_HEADER = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01]);
const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const HTML = '<html><body><script>alert(document.cookie)</script></body></html>';

/** Files that are not images at all, or only pretend to be. */
function hostileContents(): { label: string; data: Buffer }[] {
  return [
    { label: 'shell script', data: scriptFile },
    { label: 'PHP web shell', data: text('<?php system($_GET["cmd"]); ?>') },
    { label: 'JavaScript', data: text('fetch("/api/auth/me").then(r => r.text()).then(alert);') },
    { label: 'HTML page', data: text(HTML) },
    { label: 'SVG with <script>', data: svgImage },
    {
      label: 'SVG with onload',
      data: text('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)" width="8" height="8"/>'),
    },
    {
      label: 'XML with an external entity',
      data: text('<?xml version="1.0"?><!DOCTYPE x [<!ENTITY e SYSTEM "file:///etc/passwd">]><x>&e;</x>'),
    },
    {
      label: 'PDF',
      data: text(
        '%PDF-1.4\n1 0 obj<</Type/Catalog/OpenAction<</S/JavaScript/JS(app.alert(1))>>>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF',
      ),
    },
    { label: 'ZIP archive', data: Buffer.concat([Buffer.from('PK\x03\x04', 'latin1'), Buffer.alloc(60, 0x41)]) },
    { label: 'ELF executable', data: Buffer.concat([Buffer.from('\x7fELF\x02\x01\x01', 'latin1'), Buffer.alloc(120)]) },
    { label: 'Windows executable', data: Buffer.concat([Buffer.from('MZ\x90\x00', 'latin1'), Buffer.alloc(120)]) },
    { label: 'GIF header + HTML polyglot', data: Buffer.concat([GIF_HEADER, text(HTML)]) },
    { label: 'JPEG header + JS polyglot', data: Buffer.concat([JPEG_HEADER, text('*/=alert(1)/*'), Buffer.alloc(40)]) },
    { label: 'PNG signature + HTML', data: Buffer.concat([PNG_SIGNATURE, text(HTML)]) },
    { label: 'RIFF/WEBP header + JS', data: Buffer.concat([text('RIFF\x20\x00\x00\x00WEBPVP8 '), text('alert(1)')]) },
    { label: 'zero bytes', data: Buffer.alloc(0) },
    { label: 'one byte', data: Buffer.from([0xff]) },
    { label: 'JSON', data: text('{"id":"x","featured":true}') },
    { label: 'random noise', data: Buffer.from(Array.from({ length: 512 }, (_, i) => (i * 7919) % 256)) },
    { label: 'UTF-16 HTML with BOM', data: Buffer.from(`\ufeff${HTML}`, 'utf16le') },
  ];
}

/** Names and declared types an attacker would dress a file in. */
const DISGUISES: { name: string; type: string }[] = [
  { name: 'photo.png', type: 'image/png' },
  { name: 'photo.jpg', type: 'image/jpeg' },
  { name: 'photo.webp', type: 'image/webp' },
  { name: 'shell.php', type: 'application/x-php' },
  { name: '../../../etc/passwd.png', type: 'image/png' },
  { name: '..\\..\\windows\\win.ini.jpg', type: 'image/jpeg' },
  { name: 'evil\0.png', type: 'image/png' },
  { name: `${'a'.repeat(296)}.png`, type: 'image/png' },
  { name: 'фото-機械-🙂\u202Egnp.exe', type: 'image/gif' },
  { name: 'photo.png.html', type: 'text/html' },
];

/** A PNG / JPEG / WebP with some bytes flipped or cut off (seeded, so every run sends the same). */
async function damagedImages(): Promise<CorpusFile[]> {
  // Noise from the seeded generator, not libvips's own: its noise differs with how many images the
  // test process made before, so a flipped byte now and then landed where the file still decoded.
  const pixels = seededRandom(7);
  const noisy = sharp(Buffer.from(Array.from({ length: 96 * 64 * 3 }, () => randomInt(pixels, 256))), {
    raw: { width: 96, height: 64, channels: 3 },
  });
  const png = await noisy.clone().png().toBuffer();
  const jpeg = await noisy.clone().jpeg().toBuffer();
  const webp = await noisy.clone().webp().toBuffer();
  const files: CorpusFile[] = [];
  for (let i = 0; i < 30; i++) {
    // PNG chunks carry CRCs: any flipped byte breaks the file.
    const random = seededRandom(100 + i);
    const data = Buffer.from(png);
    for (let k = 0; k < 1 + randomInt(random, 8); k++)
      data[randomInt(random, data.length)]! ^= 1 + randomInt(random, 255);
    files.push({ label: `byte-fuzzed PNG #${i}`, name: `fuzz-${i}.png`, type: 'image/png', data });
  }
  for (let i = 0; i < 20; i++) {
    const random = seededRandom(200 + i);
    const cut = 1 + randomInt(random, webp.length - 2);
    const data = Buffer.from(webp.subarray(0, cut));
    for (let k = 0; k < 4; k++) data[randomInt(random, data.length)]! ^= 1 + randomInt(random, 255);
    files.push({ label: `truncated + fuzzed WebP #${i} (${cut} B)`, name: `fuzz-${i}.webp`, type: 'image/webp', data });
  }
  for (let i = 0; i < 20; i++) {
    const random = seededRandom(300 + i);
    const cut = 1 + randomInt(random, jpeg.length - 2);
    files.push({
      label: `truncated JPEG #${i} (${cut} B)`,
      name: `cut-${i}.jpg`,
      type: 'image/jpeg',
      data: Buffer.from(jpeg.subarray(0, cut)),
    });
    const pngCut = 1 + randomInt(random, png.length - 2);
    files.push({
      label: `truncated PNG #${i} (${pngCut} B)`,
      name: `cut-${i}.png`,
      type: 'image/png',
      data: Buffer.from(png.subarray(0, pngCut)),
    });
  }
  files.push({
    label: 'PNG declaring 50,000 × 50,000',
    name: 'bomb.png',
    type: 'image/png',
    data: pngDeclaring(50_000, 50_000),
  });
  return files;
}

/** Every file here must be refused by every upload entry point. */
export async function refusalCorpus(): Promise<CorpusFile[]> {
  const disguised = hostileContents().flatMap((content) =>
    DISGUISES.map((disguise) => ({
      ...disguise,
      data: content.data,
      label: `${content.label} as ${JSON.stringify(disguise.name)}`,
    })),
  );
  return [...disguised, ...(await damagedImages())];
}

/**
 * JPEG and lossy WebP have no checksums: flipped bytes in the picture data often still
 * decode (into a garbled picture). Those may be accepted, but only ever stored re-encoded.
 */
export async function decodableDamagedImages(): Promise<CorpusFile[]> {
  // Noise from the seeded generator, not libvips's own: its noise differs with how many images the
  // test process made before, so a flipped byte now and then landed where the file still decoded.
  const pixels = seededRandom(7);
  const noisy = sharp(Buffer.from(Array.from({ length: 96 * 64 * 3 }, () => randomInt(pixels, 256))), {
    raw: { width: 96, height: 64, channels: 3 },
  });
  const jpeg = await noisy.clone().jpeg().toBuffer();
  const webp = await noisy.clone().webp().toBuffer();
  const files: CorpusFile[] = [];
  for (let i = 0; i < 12; i++) {
    for (const [format, source] of [
      ['jpeg', jpeg],
      ['webp', webp],
    ] as const) {
      const random = seededRandom(400 + i);
      const data = Buffer.from(source);
      for (let k = 0; k < 6; k++) data[randomInt(random, data.length)]! ^= 1 + randomInt(random, 255);
      files.push({ label: `byte-fuzzed ${format} #${i}`, name: `fuzz-${i}.${format}`, type: `image/${format}`, data });
    }
  }
  // A real JPEG with a page appended after its end marker: a valid image carrying HTML.
  files.push({
    label: 'valid JPEG + appended HTML',
    name: 'poly.jpg',
    type: 'image/jpeg',
    data: Buffer.concat([jpeg, text(HTML)]),
  });
  return files;
}
