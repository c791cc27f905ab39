import type { Font } from 'fontkit';

/**
 * Text set as SVG outlines with a parsed font. The pictures drawn from the company's name carry
 * no SVG text at all: nothing typed by staff is ever parsed as markup, and the result does not
 * depend on which fonts the machine's fontconfig happens to know (a container may have none).
 */

export interface SetLine {
  text: string;
  /** In pixels at the size it was set at. */
  width: number;
}

export interface SetText {
  size: number;
  lines: SetLine[];
}

/** The width of `text` at `size` pixels, kerning and ligatures included. */
export function textWidth(font: Font, text: string, size: number): number {
  const run = font.layout(text);
  const units = run.positions.reduce((sum, position) => sum + position.xAdvance, 0);
  return (units / font.unitsPerEm) * size;
}

/** Cuts `text` (already too wide) to the longest start that fits with an ellipsis after it. */
function ellipsize(font: Font, text: string, size: number, maxWidth: number): string {
  let cut = text;
  while (cut.length > 1 && textWidth(font, `${cut}…`, size) > maxWidth) cut = cut.slice(0, -1).trimEnd();
  return `${cut}…`;
}

/**
 * Breaks `text` into at most `maxLines` lines no wider than `maxWidth`, at the largest size from
 * `sizes` (largest first) where it fits; at the smallest size what does not fit ends with '…'.
 */
export function setText(
  font: Font,
  text: string,
  { sizes, maxWidth, maxLines }: { sizes: readonly number[]; maxWidth: number; maxLines: number },
): SetText {
  const words = text.trim().split(/\s+/).filter(Boolean);
  const smallest = sizes.at(-1) ?? 16;
  for (const size of sizes) {
    const lines: string[] = [];
    let current = '';
    for (const word of words) {
      const candidate = current ? `${current} ${word}` : word;
      if (current && textWidth(font, candidate, size) > maxWidth) {
        lines.push(current);
        current = word;
      } else {
        current = candidate;
      }
    }
    if (current) lines.push(current);
    const fits = lines.length <= maxLines && lines.every((line) => textWidth(font, line, size) <= maxWidth);
    if (fits || size === smallest) {
      const kept = lines.slice(0, maxLines);
      if (!fits) {
        const rest = lines.slice(maxLines - 1).join(' ');
        kept[maxLines - 1] = ellipsize(font, rest, size, maxWidth);
        for (let i = 0; i < kept.length; i++) {
          const line = kept[i] ?? '';
          if (textWidth(font, line, size) > maxWidth) kept[i] = ellipsize(font, line, size, maxWidth);
        }
      }
      return { size, lines: kept.map((line) => ({ text: line, width: textWidth(font, line, size) })) };
    }
  }
  return { size: smallest, lines: [] };
}

/** The outline of one line as SVG path data, its baseline's left end at (x, y), in pixels. */
export function linePath(font: Font, text: string, size: number, x: number, y: number): string {
  const scale = size / font.unitsPerEm;
  const run = font.layout(text);
  let pen = 0;
  const parts: string[] = [];
  run.glyphs.forEach((glyph, index) => {
    const position = run.positions[index];
    if (!position) return;
    // Font units grow upwards; SVG's y grows downwards.
    const outline = glyph.path
      .scale(scale, -scale)
      .translate(x + (pen + position.xOffset) * scale, y - position.yOffset * scale)
      .toSVG();
    if (outline) parts.push(outline);
    pen += position.xAdvance;
  });
  return parts.join('');
}
