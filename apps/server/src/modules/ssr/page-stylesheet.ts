import { compileSheet } from 'beasties/compiler';
import { createProcessor } from 'beasties/runtime';

/**
 * The class of the landing sections below the first screen (`@utility below-fold` in index.css),
 * and of content the first paint does not show: the closed menu's links (`@utility styled-later`).
 * Their rules are not inline; until the whole sheet applies, this rule keeps them from showing
 * unstyled. It is in the same layer as, and earlier in the document than, the sheet's
 * `visibility: visible`, which therefore wins once the sheet is on.
 */
const HIDDEN_UNTIL_STYLED = '@layer utilities{.below-fold,.styled-later{visibility:hidden}}';

/**
 * Rules the first paint needs that beasties cannot tell from the markup, always inline:
 * - the below-fold sections' own (their `content-visibility` and estimated heights), so the
 *   browser skips their unstyled content;
 * - the statistics' `[data-count-up]` rules: their inline script sets the attribute before the
 *   first paint, so it is never in the server's markup;
 * - Tailwind's arbitrary variants (`[&>a]:px-2`, `[&::-webkit-details-marker]:hidden`): the HTML
 *   escapes their `&` and `>` in the class attribute, and beasties compares the raw text;
 * - the base layer's rules for a field's parts (`::placeholder`, `::-webkit-search-decoration`)
 *   and Firefox's own states (`:-moz-focusring`): with the pseudo part left out nothing is left to
 *   match, and beasties drops them;
 * - the font of the page's language (`body:lang(ta)`): `body` is outside the first screen beasties
 *   is given on the home page, so nothing there matches it.
 */
const ALWAYS_INLINE = [
  '.below-fold',
  /\[data-count-up[=\]]/,
  /\\&/,
  /^::(?:placeholder|-webkit-search)/,
  /^:-moz-/,
  /^body:lang\(/,
];

/**
 * The app's one stylesheet (every screen's rules), and what of it each server-rendered page
 * inlines (decision 059). beasties keeps the rules whose selectors match the page's markup, or,
 * where the markup marks its first screen (`data-beasties-container`, the home page), that part
 * of it, and the rules of ALWAYS_INLINE.
 *
 * The sheet is compiled once, when the server starts; a page costs one scan of its HTML, paid once
 * per page version (the renderer keeps rendered pages).
 */
export class PageStylesheet {
  private readonly processor: ReturnType<typeof createProcessor>;
  private readonly wholeElement: string;
  private readonly later: string;

  constructor(
    css: string,
    /** The sheet's root-relative URL (`/assets/style-….css`). */
    readonly href: string,
  ) {
    const compiled = compileSheet(css, { href, allowRules: ALWAYS_INLINE });
    // beasties 0.5.4 ends every at-rule it keeps whole with ";", a block too (`@property --x{…};`),
    // and the browser then drops the rule after it: a gradient's registered stops went missing.
    for (const rule of compiled.rules) if (rule.css?.endsWith('};')) rule.css = rule.css.slice(0, -1);
    this.processor = createProcessor([compiled], { keyframes: 'critical' });
    this.wholeElement = `<style>${css}</style>`;
    // The whole sheet, fetched at the lowest priority without holding up the first paint; the
    // loader (apps/web/src/boot/deferred-start.ts) or the app turns it on. Without JavaScript the
    // <noscript> copy applies it from the start.
    this.later =
      `<link rel="stylesheet" href="${href}" media="print" data-app-stylesheet>` +
      `<noscript><link rel="stylesheet" href="${href}"></noscript>`;
  }

  /** The whole sheet inline: for pages the browser renders itself (admin, fallbacks). */
  whole(): string {
    return this.wholeElement;
  }

  /** The link that loads the whole sheet without blocking the paint. */
  link(): string {
    return this.later;
  }

  /**
   * The `<style>` a server-rendered page puts before `link()`: the rules its markup uses. `html`
   * is the page as it is sent, with `link()` in it (beasties matches the sheet by that link).
   */
  inlineFor(html: string): string {
    return `<style>${this.processor.extract(html).css}${HIDDEN_UNTIL_STYLED}</style>`;
  }
}
