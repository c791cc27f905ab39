import { describe, expect, it } from 'vitest';
import { PageStylesheet, requiredClasses } from '../src/modules/ssr/page-stylesheet';

// A small sheet shaped like Tailwind v4's minified output: layers, escaped class names, variants,
// @property registrations, theme variables and keyframes.
const CSS = [
  '@layer theme,base,utilities;',
  '@layer theme{:root,:host{--color-primary:#1e40af;--color-red:red;--spacing:.25rem;--ring:var(--color-primary)}}',
  '@layer base{*,:before{box-sizing:border-box}body{margin:0}}',
  '@layer utilities{',
  '.flex{display:flex}',
  '.grid{display:grid}',
  '.bg-primary{background-color:var(--color-primary)}',
  '.bg-red{background-color:var(--color-red)}',
  '.p-2{padding:calc(var(--spacing)*2)}',
  '.ring-2{--tw-ring-shadow:0 0 0 2px var(--ring);box-shadow:var(--tw-ring-shadow)}',
  '.shadow{--tw-shadow:0 1px 3px #0000001a;box-shadow:var(--tw-shadow)}',
  '.\\[\\&_svg\\]\\:size-5 svg{width:1.25rem}',
  '.hover\\:underline:hover{text-decoration:underline}',
  '@media (width>=48rem){.md\\:grid{display:grid}.md\\:hidden{display:none}}',
  ':where(.space-y-2>:not(:last-child)){margin-block-start:.5rem}',
  '.card:not(.is-open) .title{font-weight:600}',
  '}',
  '@property --tw-ring-shadow{syntax:"*";inherits:false;initial-value:0 0 #0000}',
  '@property --tw-shadow{syntax:"*";inherits:false;initial-value:0 0 #0000}',
  '@keyframes spin{to{transform:rotate(360deg)}}',
  '[data-count-up=running] dd{color:red}',
].join('');

const page = (body: string) => `<!doctype html><html><head></head><body>${body}</body></html>`;

describe('PageStylesheet', () => {
  const sheet = new PageStylesheet(CSS, '/assets/style-abc.css');

  it("keeps the rules the page's classes can match, inside their layers and media queries", () => {
    const css = sheet.rulesFor(page('<div class="flex md:grid [&amp;_svg]:size-5 hover:underline">x</div>'));
    expect(css).toContain('.flex{display:flex}');
    expect(css).toContain('@media (width>=48rem){.md\\:grid{display:grid}}');
    expect(css).toContain('.\\[\\&_svg\\]\\:size-5 svg{width:1.25rem}');
    expect(css).toContain('.hover\\:underline:hover{text-decoration:underline}');
    expect(css).not.toContain('.grid{');
    expect(css).not.toContain('md\\:hidden');
    expect(css).not.toContain('.shadow{');
    // Rules without classes, statements and keyframes stay whole; the statement keeps its semicolon.
    expect(css.startsWith('@layer theme,base,utilities;@layer base{')).toBe(true);
    expect(css).toContain('@layer base{*,:before{box-sizing:border-box}body{margin:0}}');
    expect(css).toContain('@keyframes spin{to{transform:rotate(360deg)}}');
    expect(css).toContain('[data-count-up=running] dd{color:red}');
  });

  it('drops an at-rule that keeps nothing', () => {
    const css = sheet.rulesFor(page('<p class="flex">x</p>'));
    expect(css).not.toContain('@media');
  });

  it('keeps a rule when a class is only inside :not(), :is() or :where()', () => {
    const css = sheet.rulesFor(page('<div class="card"><p class="title">x</p></div>'));
    expect(css).toContain('.card:not(.is-open) .title{font-weight:600}');
    expect(css).toContain(':where(.space-y-2>:not(:last-child))');
  });

  it('keeps the theme variables and registrations the kept rules use, through var() chains', () => {
    const css = sheet.rulesFor(page('<div class="bg-primary ring-2 p-2">x</div>'));
    expect(css).toContain('--color-primary:#1e40af');
    expect(css).toContain('--ring:var(--color-primary)');
    expect(css).toContain('--spacing:.25rem');
    expect(css).not.toContain('--color-red');
    expect(css).toContain(
      '@layer theme{:root,:host{--color-primary:#1e40af;--spacing:.25rem;--ring:var(--color-primary)}}',
    );
    expect(css).toContain('@property --tw-ring-shadow{');
    expect(css).not.toContain('@property --tw-shadow{');
  });

  it('keeps the variables a style attribute sets or reads', () => {
    const css = sheet.rulesFor(page('<div class="flex" style="background:var(--color-red)">x</div>'));
    expect(css).toContain('--color-red:red');
  });

  it('inlines the page rules and links the whole sheet without blocking the paint', () => {
    const head = sheet.forPage(page('<div class="flex">x</div>'));
    expect(head).toMatch(/^<style>[^<]*\.flex\{display:flex\}[^<]*<\/style>/);
    expect(head).toContain('<link rel="stylesheet" href="/assets/style-abc.css" media="print" data-app-stylesheet>');
    expect(sheet.whole()).toBe(`<style>${CSS}</style>`);
  });
});

describe('requiredClasses', () => {
  it('reads escaped Tailwind names and ignores parenthesised classes', () => {
    expect(requiredClasses('.md\\:grid')).toEqual(['md:grid']);
    expect(requiredClasses('.bg-primary\\/45')).toEqual(['bg-primary/45']);
    expect(requiredClasses('.\\32 xl\\:flex')).toEqual(['2xl:flex']);
    expect(requiredClasses('.group-hover\\:x:is(:where(.group):hover *)')).toEqual(['group-hover:x']);
    expect(requiredClasses('html:has(> body > #root > [data-arrival-overlay])')).toEqual([]);
  });
});
