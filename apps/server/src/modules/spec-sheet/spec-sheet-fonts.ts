import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import * as fontkit from 'fontkit';

/**
 * The spec sheet's typefaces: DejaVu Sans from the `dejavu-fonts-ttf` package (decision 033).
 * PDF's built-in Helvetica has no rupee sign (U+20B9), so every sheet embeds these; the PDF
 * library keeps only the glyphs a sheet uses.
 */
const FONT_FILES = {
  regular: 'dejavu-fonts-ttf/ttf/DejaVuSans.ttf',
  bold: 'dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf',
} as const;

export type SpecSheetFont = keyof typeof FONT_FILES;
export type SpecSheetFonts = Record<SpecSheetFont, fontkit.Font>;

const require = createRequire(import.meta.url);
let loading: Promise<SpecSheetFonts> | null = null;

async function parse(file: string): Promise<fontkit.Font> {
  const font = fontkit.create(await readFile(require.resolve(file)));
  if (!('layout' in font)) throw new Error(`${file} is a font collection, not one font`);
  return font;
}

/**
 * The fonts, read and parsed once per process. Parsing DejaVu's layout tables took about 100 ms
 * of every render when each document parsed the file again; the parsed font is shared, and each
 * document keeps its own subset of it.
 */
export function specSheetFonts(): Promise<SpecSheetFonts> {
  loading ??= (async () => {
    const [regular, bold] = await Promise.all([parse(FONT_FILES.regular), parse(FONT_FILES.bold)]);
    return { regular, bold };
  })().catch((error: unknown) => {
    loading = null;
    throw error;
  });
  return loading;
}
