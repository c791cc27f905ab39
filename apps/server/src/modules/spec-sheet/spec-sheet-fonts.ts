import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';

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
export type SpecSheetFonts = Record<SpecSheetFont, Buffer>;

const require = createRequire(import.meta.url);
let loading: Promise<SpecSheetFonts> | null = null;

/** The font files, read once per process (about 1.4 MB) on the first sheet. */
export function specSheetFonts(): Promise<SpecSheetFonts> {
  loading ??= (async () => {
    const [regular, bold] = await Promise.all([
      readFile(require.resolve(FONT_FILES.regular)),
      readFile(require.resolve(FONT_FILES.bold)),
    ]);
    return { regular, bold };
  })().catch((error: unknown) => {
    loading = null;
    throw error;
  });
  return loading;
}
