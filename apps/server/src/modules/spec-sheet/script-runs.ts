/**
 * The writing systems a spec sheet prints, each drawn with its own typeface (decision 073): DejaVu
 * Sans has Latin, digits, ₹ and the units but no Indic letters, and the Noto fonts for Tamil and
 * Devanagari lack some of the units' signs (±, µ), so a line is cut into runs of one script each.
 */
export const SCRIPTS = ['latin', 'tamil', 'devanagari'] as const;
export type Script = (typeof SCRIPTS)[number];

export interface ScriptRun {
  script: Script;
  text: string;
}

function scriptOf(codePoint: number): Script | null {
  if (codePoint >= 0x0b80 && codePoint <= 0x0bff) return 'tamil';
  if (
    (codePoint >= 0x0900 && codePoint <= 0x097f) ||
    (codePoint >= 0x1cd0 && codePoint <= 0x1cff) ||
    (codePoint >= 0xa8e0 && codePoint <= 0xa8ff) ||
    (codePoint >= 0x11b00 && codePoint <= 0x11b5f)
  ) {
    return 'devanagari';
  }
  // Spaces, the zero-width (non-)joiners and punctuation belong to the run they sit in: the joiners
  // change how an Indic cluster is shaped, and a space or a comma between two Tamil words should
  // not switch fonts (every face has these marks).
  if (codePoint === 0x200c || codePoint === 0x200d || SHARED_MARKS.test(String.fromCodePoint(codePoint))) return null;
  return 'latin';
}

/** Marks that DejaVu and both Noto faces draw, regular and bold. */
const SHARED_MARKS = /^[\s.,;:!?()[\]'"/+%&*…–—‘’“”·-]$/u;

/**
 * 'மாடல் NP-38' → [tamil 'மாடல் ', latin 'NP-38']. Spaces and punctuation go with the run before
 * them (or, at the start, with the first run).
 */
export function scriptRuns(text: string): ScriptRun[] {
  const runs: ScriptRun[] = [];
  let pending = '';
  for (const char of text) {
    const script = scriptOf(char.codePointAt(0) ?? 0);
    const last = runs[runs.length - 1];
    if (script === null) {
      if (last) last.text += char;
      else pending += char;
    } else if (last && last.script === script) {
      last.text += char;
    } else {
      runs.push({ script, text: pending + char });
      pending = '';
    }
  }
  if (pending !== '') runs.push({ script: 'latin', text: pending });
  return runs;
}

/** Whether the text needs only the Latin face: it is then drawn exactly as an English sheet draws it. */
export function isLatinOnly(text: string): boolean {
  return scriptRuns(text).every((run) => run.script === 'latin');
}

/** The scripts that occur in any of the texts (Latin always: codes, numbers and the rupee sign). */
export function scriptsIn(texts: Iterable<string>): Set<Script> {
  const found = new Set<Script>(['latin']);
  for (const text of texts) for (const run of scriptRuns(text)) found.add(run.script);
  return found;
}
