import { describe, expect, it } from 'vitest';
import { PageStylesheet } from '../../src/modules/ssr/page-stylesheet';

// A small sheet shaped like Tailwind v4's minified output: layers, escaped class names, variants,
// theme variables and keyframes.
const CSS = [
  '@layer theme,base,utilities;',
  '@layer theme{:root,:host{--color-primary:#1e40af}}',
  '@layer base{*,:before{box-sizing:border-box}body{margin:0}code{font-family:monospace}}',
  '@layer base{body:lang(ta){font-family:"Noto Sans Tamil",sans-serif}}',
  '@layer utilities{',
  '.flex{display:flex}',
  '.grid{display:grid}',
  '.bg-primary{background-color:var(--color-primary)}',
  '.bg-red{background-color:red}',
  '.p-2{padding:.5rem}',
  '.shadow{box-shadow:0 1px 3px #0000001a}',
  '.\\[\\&_svg\\]\\:size-5 svg{width:1.25rem}',
  '@media (width>=48rem){.md\\:grid{display:grid}.md\\:hidden{display:none}}',
  '.card .title{font-weight:600}',
  '.animate-spin{animation:spin 1s linear infinite}',
  '.below-fold{content-visibility:auto;visibility:visible}',
  '.styled-later{visibility:visible}',
  '}',
  '[data-count-up=waiting] .stat-final{opacity:0}',
  '@layer base{::placeholder{opacity:1}input::-webkit-search-decoration{-webkit-appearance:none}}',
  '.\\[\\&\\>a\\]\\:px-2>a{padding-inline:.5rem}',
  '@property --tw-gradient-from{syntax:"<color>";inherits:false;initial-value:#0000}',
  '@property --tw-gradient-to{syntax:"<color>";inherits:false;initial-value:#0000}',
  '@keyframes spin{to{transform:rotate(360deg)}}',
  '@keyframes bounce{50%{transform:none}}',
].join('');

const HREF = '/assets/style-abc.css';
const sheet = new PageStylesheet(CSS, HREF);

/** A page as the renderer sends it: the sheet's link in the head, the markup in the body. */
const page = (body: string) => `<!doctype html><html><head>${sheet.link()}</head><body>${body}</body></html>`;
function inline(body: string): string {
  const element = sheet.inlineFor(page(body));
  expect(element.startsWith('<style>') && element.endsWith('</style>')).toBe(true);
  return element.slice('<style>'.length, -'</style>'.length);
}

describe('PageStylesheet', () => {
  it("inlines the rules the page's markup matches, inside their layers and media queries, and no others", () => {
    const css = inline(
      '<div class="flex md:grid [&_svg]:size-5"><svg></svg><div class="card"><b class="title">x</b></div></div>',
    );
    expect(css).toContain('.flex{display:flex}');
    expect(css).toMatch(/@media \(width>=48rem\)\{\.md\\:grid\{display:grid\}\}/);
    expect(css).toContain('.\\[\\&_svg\\]\\:size-5 svg{width:1.25rem}');
    expect(css).toContain('.card .title{font-weight:600}');
    expect(css).toMatch(/@layer utilities\{/);
    // The theme and the base rules that apply to any page stay.
    expect(css).toContain('--color-primary:#1e40af');
    expect(css).toContain('body{margin:0}');
    // Nothing on the page uses these.
    for (const absent of ['.grid{', '.bg-red{', '.md\\:hidden', 'code{', '.shadow{']) expect(css).not.toContain(absent);
  });

  it("keeps a field's parts and Tailwind's arbitrary variants, whose `&` the HTML escapes", () => {
    const css = inline('<input class="x"><nav class="[&amp;&gt;a]:px-2"><a>y</a></nav>');
    expect(css).toContain('::placeholder{opacity:1}');
    expect(css).toContain('input::-webkit-search-decoration{');
    expect(css).toContain('.\\[\\&\\>a\\]\\:px-2>a{padding-inline:.5rem}');
  });

  it('matches selectors against the parsed structure, not just the names present', () => {
    // `.title` outside a `.card`: the descendant rule does not apply.
    const css = inline('<div class="card">x</div><b class="title">y</b>');
    expect(css).not.toContain('.card .title');
  });

  it('keeps every registration whole, each a rule the browser reads (no stray separator after a block)', () => {
    const css = inline('<div class="flex">x</div>');
    expect(css).toContain(
      '@property --tw-gradient-from{syntax:"<color>";inherits:false;initial-value:#0000}@property --tw-gradient-to{',
    );
    expect(css).not.toContain('};');
  });

  it('keeps the keyframes a kept rule animates with, and only those', () => {
    const css = inline('<span class="animate-spin">…</span>');
    expect(css).toContain('@keyframes spin');
    expect(css).not.toContain('@keyframes bounce');
  });

  it('inlines only what a page marks as its first screen, keeping the sections below their size and hidden until the sheet', () => {
    const css = inline(
      '<div data-beasties-container="" class="contents"><header class="flex">bar</header></div>' +
        '<section class="below-fold p-2"><div class="grid"><p class="bg-red">x</p></div></section>' +
        '<footer class="below-fold bg-primary"><p class="shadow">y</p></footer>',
    );
    expect(css).toContain('.flex{display:flex}');
    // The sections' own rule is always there: the browser skips their content until the sheet is on.
    expect(css).toContain('.below-fold{content-visibility:auto');
    // The statistics' script marks the strip before the first paint: never in the server's markup.
    expect(css).toContain('[data-count-up=waiting] .stat-final{opacity:0}');
    // What is below the first screen waits for the whole sheet.
    for (const absent of ['.grid{', '.bg-red{', '.shadow{', '.p-2{', '.bg-primary{']) expect(css).not.toContain(absent);
    // Hidden meanwhile, after the sheet's own rules and in the same layer, so that the whole
    // sheet, linked later in the document, wins once it is on.
    expect(css.endsWith('@layer utilities{.below-fold,.styled-later{visibility:hidden}}')).toBe(true);
  });

  it("keeps the font of the page's language, whose `body` is outside the first screen", () => {
    const css = inline('<div data-beasties-container="" class="contents"><header class="flex">bar</header></div>');
    expect(css).toContain('body:lang(ta){font-family:"Noto Sans Tamil",sans-serif}');
  });

  it('loads the whole sheet without blocking the paint, and applies it from the start without JavaScript', () => {
    expect(sheet.link()).toBe(
      `<link rel="stylesheet" href="${HREF}" media="print" data-app-stylesheet>` +
        `<noscript><link rel="stylesheet" href="${HREF}"></noscript>`,
    );
    expect(sheet.whole()).toBe(`<style>${CSS}</style>`);
  });
});
