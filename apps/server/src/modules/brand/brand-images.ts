import sharp from 'sharp';
import type { Font } from 'fontkit';
import { linePath, setText } from './brand-text';

/**
 * The pictures drawn from the company's name when staff have not uploaded their own: the share
 * card (1200 × 630, what shared links and search results show) and the icons (favicon, home
 * screen, the logo search engines read). Colours are the site's own (apps/web/src/index.css).
 */
export const BRAND_COLOURS = {
  primary: '#1e40af',
  primaryDark: '#172f7a',
  accent: '#f97316',
  onPrimaryMuted: '#dbeafe',
  white: '#ffffff',
} as const;

export const SHARE_CARD = { width: 1200, height: 630 } as const;

/** The header's brand cog, drawn as vectors in a 32-unit box (even-odd fill: the hub is a hole). */
export const COG_PATH =
  'M13.7 2h4.6l.7 3.6a10.9 10.9 0 0 1 2.9 1.2l3-2.1 3.3 3.3-2.1 3a10.9 10.9 0 0 1 1.2 2.9l3.6.7v4.6l-3.6.7a10.9 10.9 0 0 1-1.2 2.9l2.1 3-3.3 3.3-3-2.1a10.9 10.9 0 0 1-2.9 1.2l-.7 3.6h-4.6l-.7-3.6a10.9 10.9 0 0 1-2.9-1.2l-3 2.1-3.3-3.3 2.1-3a10.9 10.9 0 0 1-1.2-2.9L2 18.3v-4.6l3.6-.7a10.9 10.9 0 0 1 1.2-2.9l-2.1-3 3.3-3.3 3 2.1A10.9 10.9 0 0 1 13 5.6ZM16 11a5 5 0 1 0 0 10 5 5 0 0 0 0-10Z';

export interface BrandFonts {
  regular: Font;
  bold: Font;
}

/** What the drawn pictures show. */
export interface BrandText {
  name: string;
  tagline: string;
}

/**
 * Up to two initials: the first letters of the first two words that start with a letter or digit
 * ('Kovai Precision Machines' → 'KP'); one word gives one letter.
 */
export function initialsOf(name: string): string {
  const letters = name
    .split(/\s+/)
    .map((word) => Array.from(word).find((char) => /[\p{L}\p{N}]/u.test(char)))
    .filter((char): char is string => char !== undefined);
  return letters.slice(0, 2).join('').toUpperCase() || '?';
}

const MARGIN = 80;
const TILE = 128;
const TILE_PADDING = 14;

/**
 * The share card's SVG: the name large and the tagline under it on the primary colour, the
 * accent as a rule, the logo (composited later into `tileBox`) or the cog in a white tile.
 */
export function shareCardSvg(fonts: BrandFonts, text: BrandText, logoAspect: number | null): string {
  const { width, height } = SHARE_CARD;
  const maxWidth = width - 2 * MARGIN;
  const name = setText(fonts.bold, text.name, { sizes: [84, 76, 68, 60, 54, 48], maxWidth, maxLines: 2 });
  const tagline = setText(fonts.regular, text.tagline, { sizes: [36, 32, 30, 28, 26], maxWidth, maxLines: 3 });

  const nameLead = name.size * 1.14;
  const taglineLead = tagline.size * 1.35;
  const tileTop = MARGIN - 16;
  // The text block sits under the tile, centred in the room left.
  const blockHeight = name.lines.length * nameLead + 36 + tagline.lines.length * taglineLead;
  const roomTop = tileTop + TILE + 24;
  const top = roomTop + Math.max(0, (height - MARGIN + 16 - roomTop - blockHeight) / 2);

  let y = top + name.size * 0.92;
  const nameD = name.lines.map((line, index) =>
    linePath(fonts.bold, line.text, name.size, MARGIN, y + index * nameLead),
  );
  y += (name.lines.length - 1) * nameLead + 30;
  const ruleY = y;
  y += 26 + tagline.size * 0.92;
  const taglineD = tagline.lines.map((line, index) =>
    linePath(fonts.regular, line.text, tagline.size, MARGIN, y + index * taglineLead),
  );

  const tileWidth = shareCardTileWidth(logoAspect);
  const cog =
    logoAspect !== null
      ? ''
      : `<path transform="translate(${MARGIN + TILE_PADDING} ${tileTop + TILE_PADDING}) scale(${(TILE - 2 * TILE_PADDING) / 32})" fill="${BRAND_COLOURS.accent}" fill-rule="evenodd" d="${COG_PATH}"/>`;

  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">`,
    '<defs><linearGradient id="bg" x1="0" y1="0" x2="1" y2="1">',
    `<stop offset="0" stop-color="${BRAND_COLOURS.primary}"/><stop offset="1" stop-color="${BRAND_COLOURS.primaryDark}"/>`,
    '</linearGradient></defs>',
    `<rect width="${width}" height="${height}" fill="url(#bg)"/>`,
    // A large faint cog bleeding off the right edge, as a texture.
    `<path transform="translate(${width - 330} ${height - 420}) scale(17)" fill="${BRAND_COLOURS.white}" fill-opacity="0.06" fill-rule="evenodd" d="${COG_PATH}"/>`,
    `<rect x="0" y="${height - 14}" width="${width}" height="14" fill="${BRAND_COLOURS.accent}"/>`,
    `<rect x="${MARGIN}" y="${tileTop}" width="${tileWidth}" height="${TILE}" rx="20" fill="${BRAND_COLOURS.white}"/>`,
    cog,
    `<path fill="${BRAND_COLOURS.white}" d="${nameD.join('')}"/>`,
    `<rect x="${MARGIN}" y="${ruleY}" width="96" height="6" rx="3" fill="${BRAND_COLOURS.accent}"/>`,
    `<path fill="${BRAND_COLOURS.onPrimaryMuted}" d="${taglineD.join('')}"/>`,
    '</svg>',
  ].join('');
}

/** The white tile is square for the cog and a square logo, wider (up to 4:1) for a wide one. */
function shareCardTileWidth(logoAspect: number | null): number {
  if (logoAspect === null) return TILE;
  const inner = TILE - 2 * TILE_PADDING;
  return Math.round(Math.min(Math.max(logoAspect, 1), 4) * inner + 2 * TILE_PADDING);
}

/** Where the uploaded logo goes on the share card. */
const SHARE_CARD_LOGO_BOX = { left: MARGIN + TILE_PADDING, top: MARGIN - 16 + TILE_PADDING } as const;

/** The initials, white and centred on a rounded square of the primary colour. */
export function initialsIconSvg(fonts: BrandFonts, name: string, size: number, radiusShare = 0.2): string {
  const initials = initialsOf(name);
  const set = setText(fonts.bold, initials, {
    sizes: [0.56, 0.5, 0.44, 0.38].map((share) => Math.round(size * share)),
    maxWidth: size * 0.8,
    maxLines: 1,
  });
  const line = set.lines[0];
  const d = line ? linePath(fonts.bold, line.text, set.size, (size - line.width) / 2, size / 2 + set.size * 0.36) : '';
  const bar = Math.max(2, Math.round(size * 0.09));
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 ${size} ${size}">`,
    `<defs><clipPath id="tile"><rect width="${size}" height="${size}" rx="${Math.round(size * radiusShare)}"/></clipPath></defs>`,
    '<g clip-path="url(#tile)">',
    `<rect width="${size}" height="${size}" fill="${BRAND_COLOURS.primary}"/>`,
    `<rect y="${size - bar}" width="${size}" height="${bar}" fill="${BRAND_COLOURS.accent}"/>`,
    '</g>',
    `<path fill="${BRAND_COLOURS.white}" d="${d}"/>`,
    '</svg>',
  ].join('');
}

const TRANSPARENT = { r: 0, g: 0, b: 0, alpha: 0 };

/** The share card as PNG; `logo` (image bytes) goes in the tile when staff uploaded one. */
export async function renderShareCard(fonts: BrandFonts, text: BrandText, logo: Buffer | null): Promise<Buffer> {
  if (logo === null)
    return sharp(Buffer.from(shareCardSvg(fonts, text, null)))
      .png({ compressionLevel: 9 })
      .toBuffer();
  const { width = 1, height = 1 } = await sharp(logo).metadata();
  const aspect = width / height;
  const box = SHARE_CARD_LOGO_BOX;
  const fitted = await sharp(logo)
    .resize({
      width: shareCardTileWidth(aspect) - 2 * TILE_PADDING,
      height: TILE - 2 * TILE_PADDING,
      fit: 'contain',
      background: TRANSPARENT,
    })
    .png()
    .toBuffer();
  return sharp(Buffer.from(shareCardSvg(fonts, text, aspect)))
    .composite([{ input: fitted, left: box.left, top: box.top }])
    .png({ compressionLevel: 9 })
    .toBuffer();
}

/** An uploaded share picture cropped to the card's shape, as JPEG (photos are large as PNG). */
export async function renderSharePhoto(picture: Buffer): Promise<Buffer> {
  return sharp(picture)
    .resize({ width: SHARE_CARD.width, height: SHARE_CARD.height, fit: 'cover', position: 'attention' })
    .flatten({ background: BRAND_COLOURS.white })
    .jpeg({ quality: 84, mozjpeg: true })
    .toBuffer();
}

/**
 * A square icon of `size` pixels as PNG: the uploaded logo fitted inside (on white when `opaque`,
 * as home screens want), or the initials drawn on the primary colour.
 */
export async function renderIcon(
  fonts: BrandFonts,
  name: string,
  logo: Buffer | null,
  size: number,
  { opaque = false }: { opaque?: boolean } = {},
): Promise<Buffer> {
  // Home screens round the corners themselves.
  if (logo === null)
    return sharp(Buffer.from(initialsIconSvg(fonts, name, size, opaque ? 0 : 0.2)))
      .png()
      .toBuffer();
  const inset = opaque ? Math.round(size * 0.1) : 0;
  const fitted = await sharp(logo)
    .resize({ width: size - 2 * inset, height: size - 2 * inset, fit: 'contain', background: TRANSPARENT })
    .png()
    .toBuffer();
  const background = opaque ? BRAND_COLOURS.white : TRANSPARENT;
  return sharp({ create: { width: size, height: size, channels: 4, background } })
    .composite([{ input: fitted, left: inset, top: inset }])
    .png()
    .toBuffer();
}

/**
 * An ICO file holding PNG images (allowed since Windows Vista, read by every browser): a
 * 6-byte header, a 16-byte entry per image, then the images.
 */
export function icoOf(images: readonly { size: number; png: Buffer }[]): Buffer {
  const header = Buffer.alloc(6);
  header.writeUInt16LE(0, 0);
  header.writeUInt16LE(1, 2);
  header.writeUInt16LE(images.length, 4);
  let offset = 6 + 16 * images.length;
  const entries = images.map(({ size, png }) => {
    const entry = Buffer.alloc(16);
    entry.writeUInt8(size >= 256 ? 0 : size, 0);
    entry.writeUInt8(size >= 256 ? 0 : size, 1);
    entry.writeUInt8(0, 2);
    entry.writeUInt8(0, 3);
    entry.writeUInt16LE(1, 4);
    entry.writeUInt16LE(32, 6);
    entry.writeUInt32LE(png.length, 8);
    entry.writeUInt32LE(offset, 12);
    offset += png.length;
    return entry;
  });
  return Buffer.concat([header, ...entries, ...images.map((image) => image.png)]);
}
