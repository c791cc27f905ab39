import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import * as fontkit from 'fontkit';
import type { Script } from './script-runs';

/**
 * The spec sheet's typefaces, one family per script (decisions 033 and 073): DejaVu Sans from the
 * `dejavu-fonts-ttf` package for Latin, digits and the rupee sign (PDF's built-in Helvetica has no
 * ₹, U+20B9); Noto Sans Tamil and Noto Sans Devanagari, as TTF files from the
 * `@expo-google-fonts/noto-sans-*` packages (SIL Open Font License), for Tamil and Hindi texts.
 * The PDF library keeps only the glyphs a sheet uses.
 */
const FONT_FILES: Record<Script, { regular: string; bold: string }> = {
  latin: {
    regular: 'dejavu-fonts-ttf/ttf/DejaVuSans.ttf',
    bold: 'dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf',
  },
  tamil: {
    regular: '@expo-google-fonts/noto-sans-tamil/400Regular/NotoSansTamil_400Regular.ttf',
    bold: '@expo-google-fonts/noto-sans-tamil/700Bold/NotoSansTamil_700Bold.ttf',
  },
  devanagari: {
    regular: '@expo-google-fonts/noto-sans-devanagari/400Regular/NotoSansDevanagari_400Regular.ttf',
    bold: '@expo-google-fonts/noto-sans-devanagari/700Bold/NotoSansDevanagari_700Bold.ttf',
  },
};

export type SpecSheetFont = 'regular' | 'bold';
export type FontFamily = Record<SpecSheetFont, fontkit.Font>;
/** The parsed families a sheet needs: Latin always, an Indic one when its texts have that script. */
export type SpecSheetFonts = { latin: FontFamily } & Partial<Record<Exclude<Script, 'latin'>, FontFamily>>;

const require = createRequire(import.meta.url);
const loading = new Map<Script, Promise<FontFamily>>();

async function parse(file: string): Promise<fontkit.Font> {
  const font = fontkit.create(await readFile(require.resolve(file)));
  if (!('layout' in font)) throw new Error(`${file} is a font collection, not one font`);
  return font;
}

/**
 * One family, read and parsed once per process. Parsing DejaVu's layout tables took about 100 ms
 * of every render when each document parsed the file again; the parsed font is shared, and each
 * document keeps its own subset of it.
 */
function family(script: Script): Promise<FontFamily> {
  let pending = loading.get(script);
  if (!pending) {
    const files = FONT_FILES[script];
    pending = Promise.all([parse(files.regular), parse(files.bold)]).then(([regular, bold]) => ({ regular, bold }));
    pending.catch(() => loading.delete(script));
    loading.set(script, pending);
  }
  return pending;
}

/** DejaVu Sans, regular and bold: the Latin face (the brand images draw with it too). */
export function specSheetFonts(): Promise<FontFamily> {
  return family('latin');
}

/** The fonts for texts in these scripts; an English sheet reads no Indic font. */
export async function specSheetFontsFor(scripts: ReadonlySet<Script>): Promise<SpecSheetFonts> {
  const [latin, tamil, devanagari] = await Promise.all([
    family('latin'),
    scripts.has('tamil') ? family('tamil') : undefined,
    scripts.has('devanagari') ? family('devanagari') : undefined,
  ]);
  return { latin, ...(tamil && { tamil }), ...(devanagari && { devanagari }) };
}

/** A word of each script with the shapes that build the font's shaping tables (conjuncts, vowel signs). */
const WARM_UP_TEXT: Record<Exclude<Script, 'latin'>, string> = { tamil: 'கொக்ஷ ஸ்ரீ', devanagari: 'कृक्ष र्कि' };

/**
 * Parses the Tamil and Devanagari faces and lays out a word in each, once, when the server starts:
 * fontkit builds a face's shaping tables on its first layout (about 130 ms for Tamil and 260 ms for
 * Devanagari), which otherwise the first buyer to open a Tamil or Hindi sheet would wait for.
 */
export async function warmUpSpecSheetFonts(): Promise<void> {
  for (const script of ['tamil', 'devanagari'] as const) {
    const faces = await family(script);
    faces.regular.layout(WARM_UP_TEXT[script]);
    faces.bold.layout(WARM_UP_TEXT[script]);
  }
}
