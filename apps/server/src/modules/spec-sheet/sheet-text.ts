import type { Font } from 'fontkit';
import { isLatinOnly, type Script, SCRIPTS, scriptRuns } from './script-runs';
import type { SpecSheetFont, SpecSheetFonts } from './spec-sheet-fonts';

type Doc = PDFKit.PDFDocument;

export interface TextStyle {
  font: SpecSheetFont;
  size: number;
}

/** The subset of pdfkit's text options the sheet uses, with the same meaning. */
export interface TextOptions {
  width?: number;
  /** With `ellipsis`, the text is cut to the lines that fit in this height. */
  height?: number;
  ellipsis?: boolean;
  /** false: one line. */
  lineBreak?: boolean;
  align?: 'left' | 'right';
  lineGap?: number;
  link?: string;
  underline?: boolean;
}

const ELLIPSIS = '…';
const graphemes = new Intl.Segmenter(undefined, { granularity: 'grapheme' });

/** The name a face is registered under in a document: DejaVu keeps the names English sheets always used. */
const faceName = (script: Script, font: SpecSheetFont) => (script === 'latin' ? font : `${font}-${script}`);

/**
 * pdfkit takes an already parsed fontkit font as well as a file (PDFFontFactory.open: anything
 * with `layout()`); its type definitions only list files, hence the cast.
 */
export function registerSheetFonts(doc: Doc, fonts: SpecSheetFonts) {
  for (const script of SCRIPTS) {
    const family = fonts[script];
    if (!family) continue;
    for (const font of ['regular', 'bold'] as const) {
      doc.registerFont(faceName(script, font), family[font] as unknown as PDFKit.Mixins.PDFFontSource);
    }
  }
}

interface Line {
  text: string;
  width: number;
}

/**
 * Writes and measures the sheet's texts. A text in Latin letters alone goes to pdfkit's own
 * `text()` and `heightOfString()` as it always did, so an English sheet keeps its bytes. A text
 * with Tamil or Devanagari in it is laid out here: pdfkit wraps a text in one font, and its
 * `continued` runs can neither be measured nor share a baseline across fonts of other heights.
 * Lines break at spaces (Tamil and Hindi separate words with spaces, as English does); each line
 * is drawn as runs of one script, each in its face, on one baseline, shaped by fontkit.
 */
export class SheetText {
  constructor(
    private readonly doc: Doc,
    private readonly fonts: SpecSheetFonts,
  ) {}

  write(text: string, x: number, y: number, style: TextStyle, options: TextOptions = {}): void {
    if (isLatinOnly(text)) {
      this.doc.font(style.font).fontSize(style.size).text(text, x, y, options);
      return;
    }
    const metrics = this.metrics(text, style, options);
    const lines = this.fitted(this.lines(text, style, options.width), style, options, metrics.pitch);
    lines.forEach((line, index) => {
      const top = y + index * metrics.pitch;
      let left = x + (options.align === 'right' && options.width !== undefined ? options.width - line.width : 0);
      for (const run of scriptRuns(line.text)) {
        const textOptions = {
          lineBreak: false,
          baseline: -metrics.ascent,
          link: options.link,
          underline: options.underline,
        };
        // Shaping draws Indic glyphs in visual order (a vowel sign before its consonant); the
        // ActualText lets readers that honour it (pdftotext; Acrobat and Chrome's viewer too)
        // copy the characters in their spoken order (decision 073).
        if (run.script !== 'latin') this.doc.markContent('Span', { actual: run.text });
        this.doc.font(faceName(run.script, style.font)).fontSize(style.size).text(run.text, left, top, textOptions);
        if (run.script !== 'latin') this.doc.endMarkedContent();
        left += this.widthOf(run.text, style);
      }
    });
  }

  /** The height `write` takes at this width (every line, as pdfkit's heightOfString counts them). */
  heightOf(text: string, style: TextStyle, options: TextOptions = {}): number {
    if (isLatinOnly(text)) return this.doc.font(style.font).fontSize(style.size).heightOfString(text, options);
    return this.lines(text, style, options.width).length * this.metrics(text, style, options).pitch;
  }

  /**
   * One baseline and line pitch for the whole text, from the tallest face it uses: the Noto faces
   * reach further below the baseline than DejaVu, and their vowel signs need that room.
   */
  private metrics(text: string, style: TextStyle, options: TextOptions): { ascent: number; pitch: number } {
    const faces = new Set(scriptRuns(text).map((run) => run.script)).add('latin');
    let ascent = 0;
    let descent = 0;
    let gap = 0;
    for (const script of faces) {
      const font = this.face(script, style.font);
      ascent = Math.max(ascent, font.ascent / font.unitsPerEm);
      descent = Math.max(descent, -font.descent / font.unitsPerEm);
      gap = Math.max(gap, font.lineGap / font.unitsPerEm);
    }
    return { ascent: ascent * style.size, pitch: (ascent + descent + gap) * style.size + (options.lineGap ?? 0) };
  }

  private face(script: Script, font: SpecSheetFont): Font {
    const family = this.fonts[script];
    // A sheet's fonts are chosen from its texts (scriptsIn), so a missing face is a programming error.
    if (!family) throw new Error(`the ${script} font was not loaded for this sheet`);
    return family[font];
  }

  private widthOf(text: string, style: TextStyle): number {
    return scriptRuns(text).reduce(
      (sum, run) => sum + this.doc.font(faceName(run.script, style.font)).fontSize(style.size).widthOfString(run.text),
      0,
    );
  }

  /** The lines at `width` (no wrapping without one), breaking at spaces, inside a word only when it is wider than a line. */
  private lines(text: string, style: TextStyle, width: number | undefined): Line[] {
    const lines: Line[] = [];
    for (const paragraph of text.split('\n')) {
      let current = '';
      for (const word of paragraph.match(/\S+\s*|\s+/g) ?? ['']) {
        const candidate = current + word;
        if (width === undefined || current === '' || this.widthOf(candidate.trimEnd(), style) <= width) {
          current = candidate;
        } else {
          lines.push(this.line(current, style));
          current = word;
        }
        while (width !== undefined && this.widthOf(current.trimEnd(), style) > width) {
          const [head, rest] = this.split(current, style, width);
          if (rest === '') break;
          lines.push(this.line(head, style));
          current = rest;
        }
      }
      lines.push(this.line(current, style));
    }
    return lines;
  }

  private line(text: string, style: TextStyle): Line {
    const trimmed = text.trimEnd();
    return { text: trimmed, width: this.widthOf(trimmed, style) };
  }

  /** The longest head of `text` (whole characters, never half a conjunct) that fits in `width`; at least one. */
  private split(text: string, style: TextStyle, width: number): [string, string] {
    const clusters = [...graphemes.segment(text)].map((part) => part.segment);
    let count = 1;
    while (count < clusters.length && this.widthOf(clusters.slice(0, count + 1).join(''), style) <= width) count += 1;
    return [clusters.slice(0, count).join(''), clusters.slice(count).join('')];
  }

  /** The lines that fit in `height` (one for `lineBreak: false`), the last cut with "…" when asked. */
  private fitted(lines: Line[], style: TextStyle, options: TextOptions, pitch: number): Line[] {
    const room =
      options.lineBreak === false
        ? 1
        : options.height === undefined
          ? lines.length
          : Math.max(1, Math.floor((options.height + (options.lineGap ?? 0)) / pitch));
    if (lines.length <= room) return lines;
    const kept = lines.slice(0, room);
    const last = kept[room - 1];
    if (!options.ellipsis || !last || options.width === undefined) return kept;
    let clusters = [...graphemes.segment(last.text)].map((part) => part.segment);
    const withEllipsis = () => `${clusters.join('').trimEnd()}${ELLIPSIS}`;
    while (clusters.length > 0 && this.widthOf(withEllipsis(), style) > options.width) clusters = clusters.slice(0, -1);
    kept[room - 1] = this.line(withEllipsis(), style);
    return kept;
  }
}
