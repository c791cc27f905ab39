import { describe, expect, it } from 'vitest';
import {
  PageStylesheet,
  requiredClasses,
  needsInteraction,
  requiredElements,
  withoutBelowFoldContent,
} from '../src/modules/ssr/page-stylesheet';

// A small sheet shaped like Tailwind v4's minified output: layers, escaped class names, variants,
// @property registrations, theme variables and keyframes.
const CSS = [
  '@layer theme,base,utilities;',
  // Tailwind's registrations for browsers without @property: initial values on every element.
  '@layer properties{@supports (not (margin-trim:inline)){*,:before{--tw-ring-shadow:0 0 #0000;--tw-shadow:0 0 #0000;--count:0}}}',
  '@layer theme{:root,:host{--color-primary:#1e40af;--color-red:red;--spacing:.25rem;--ring:var(--color-primary);--animate-spin:spin 1s linear infinite}}',
  '@layer base{*,:before{box-sizing:border-box}body{margin:0}code,kbd{font-family:monospace}abbr:where([title]){text-decoration:underline}::placeholder{opacity:1}::-webkit-datetime-edit{padding:0}}',
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
  '.link:hover,.link:focus-visible{color:red}',
  '@media (width>=48rem){.md\\:grid{display:grid}.md\\:hidden{display:none}}',
  ':where(.space-y-2>:not(:last-child)){margin-block-start:.5rem}',
  '.card:not(.is-open) .title{font-weight:600}',
  '.animate-spin{animation:var(--animate-spin)}',
  '.animate-bounce{animation:bounce 1s infinite}',
  '}',
  '@property --tw-ring-shadow{syntax:"*";inherits:false;initial-value:0 0 #0000}',
  '@property --tw-shadow{syntax:"*";inherits:false;initial-value:0 0 #0000}',
  '@property --count{syntax:"<integer>";inherits:false;initial-value:0}',
  '.counting{animation:count 1s;counter-reset:n var(--count)}',
  '@keyframes spin{to{transform:rotate(360deg)}}',
  '@keyframes bounce{50%{transform:none}}',
  '[data-count-up=running] dd{color:red}',
].join('');

const page = (body: string) => `<!doctype html><html><head></head><body>${body}</body></html>`;

describe('PageStylesheet', () => {
  const sheet = new PageStylesheet(CSS, '/assets/style-abc.css');

  it("keeps the rules the page's classes can match, inside their layers and media queries", () => {
    const css = sheet.rulesFor(
      page('<div class="flex md:grid [&amp;_svg]:size-5 hover:underline"><svg></svg><dl><dd>x</dd></dl></div>'),
    );
    expect(css).toContain('.flex{display:flex}');
    expect(css).toContain('@media (width>=48rem){.md\\:grid{display:grid}}');
    expect(css).toContain('.\\[\\&_svg\\]\\:size-5 svg{width:1.25rem}');
    // A rule for the pointer's hover alone waits for the whole sheet, on by the first pointer move.
    expect(css).not.toContain('hover\\:underline');
    expect(css).not.toContain('.grid{');
    expect(css).not.toContain('md\\:hidden');
    expect(css).not.toContain('.shadow{');
    // Rules without classes and statements stay whole; the statement keeps its semicolon.
    expect(css.startsWith('@layer theme,base,utilities;@layer base{')).toBe(true);
    expect(css).toContain('@layer base{*,:before{box-sizing:border-box}body{margin:0}}');
    expect(css).not.toContain('code,kbd');
    expect(css).toContain('[data-count-up=running] dd{color:red}');
    // No kept rule animates anything.
    expect(css).not.toContain('@keyframes');
  });

  it("keeps a rule for elements only where the page has them, and for a field's parts where it has a field", () => {
    const plain = sheet.rulesFor(page('<p class="flex">x</p>'));
    for (const absent of ['code,kbd', 'abbr', '::placeholder', '::-webkit-datetime-edit', 'svg{', ' dd{']) {
      expect(plain).not.toContain(absent);
    }
    const rich = sheet.rulesFor(page('<p><code>x</code><abbr title="y">z</abbr><textarea></textarea></p>'));
    expect(rich).toContain('code,kbd{font-family:monospace}');
    expect(rich).toContain('abbr:where([title]){text-decoration:underline}');
    expect(rich).toContain('::placeholder{opacity:1}');
    // A textarea has a placeholder but no date parts; an input has both.
    expect(rich).not.toContain('::-webkit-datetime-edit');
    expect(sheet.rulesFor(page('<input type="date">'))).toContain('::-webkit-datetime-edit{padding:0}');
  });

  it('keeps the keyframes a kept rule names, directly or through a theme variable', () => {
    const spinning = sheet.rulesFor(page('<svg class="animate-spin"></svg>'));
    expect(spinning).toContain('--animate-spin:spin 1s linear infinite');
    expect(spinning).toContain('@keyframes spin{to{transform:rotate(360deg)}}');
    expect(spinning).not.toContain('@keyframes bounce');
    const bouncing = sheet.rulesFor(page('<span class="animate-bounce"></span>'));
    expect(bouncing).toContain('@keyframes bounce{50%{transform:none}}');
    expect(bouncing).not.toContain('@keyframes spin');
    expect(sheet.whole()).toContain('@keyframes bounce');
  });

  it('leaves rules for the pointer or the keyboard focus alone, hover or focus, to the whole sheet', () => {
    expect(sheet.rulesFor(page('<a class="link">x</a>'))).not.toContain('.link:hover,.link:focus-visible{color:red}');
    expect(sheet.whole()).toContain('.link:hover,.link:focus-visible{color:red}');
    expect(sheet.whole()).toContain('.hover\\:underline:hover{text-decoration:underline}');
  });

  it('drops an at-rule that keeps nothing', () => {
    const css = sheet.rulesFor(page('<p class="flex">x</p>'));
    expect(css).not.toContain('@media');
  });

  it('keeps a rule whose class is only forbidden by :not(), and :where(…) rules only where their class is used', () => {
    const css = sheet.rulesFor(page('<div class="card"><p class="title">x</p></div>'));
    expect(css).toContain('.card:not(.is-open) .title{font-weight:600}');
    expect(css).not.toContain('space-y-2');
    const spaced = sheet.rulesFor(page('<ul class="space-y-2"><li>x</li></ul>'));
    expect(spaced).toContain(':where(.space-y-2>:not(:last-child)){margin-block-start:.5rem}');
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
    // Tailwind's own variables start from the initial values set on every element, whatever the
    // browser; their registrations wait for the whole sheet.
    expect(css).toContain('@layer properties{*,:before{--tw-ring-shadow:0 0 #0000}}');
    expect(css).not.toContain('@property');
    expect(css).not.toContain('@supports');
    expect(sheet.whole()).toContain('@property --tw-ring-shadow{');
  });

  it("keeps a registration that is not Tailwind's: an animated <integer> needs it", () => {
    const css = sheet.rulesFor(page('<span class="counting">x</span>'));
    expect(css).toContain('@property --count{syntax:"<integer>";inherits:false;initial-value:0}');
    expect(css).toContain('@layer properties{*,:before{--count:0}}');
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
    expect(head).not.toContain('<noscript>');
    expect(head).not.toContain('visibility:hidden');
  });

  it('inlines only the first screen on a page with sections below it, which stay hidden until the whole sheet', () => {
    const html = page(
      '<header class="flex">bar</header>' +
        '<section class="below-fold p-2"><div class="grid"><p class="bg-red">x</p></div></section>' +
        '<footer class="below-fold bg-primary"><section class="shadow">y</section></footer>' +
        '<aside class="ring-2">chat</aside>',
    );
    const head = sheet.forPage(html);
    const inline = /^<style>([^<]*)<\/style>/.exec(head)?.[1] ?? '';
    // The first screen's rules, the sections' own (they keep their size), and what follows them.
    expect(inline).toContain('.flex{display:flex}');
    expect(inline).toContain('.p-2{');
    expect(inline).toContain('.bg-primary{');
    expect(inline).toContain('.ring-2{');
    // Only what is inside those sections waits for the whole sheet.
    expect(inline).not.toContain('.grid{');
    expect(inline).not.toContain('.bg-red{');
    expect(inline).not.toContain('.shadow{');
    // Hidden meanwhile, in the utilities layer, so the whole sheet's `.below-fold` (later) wins.
    expect(inline.endsWith('@layer utilities{.below-fold,.styled-later{visibility:hidden}}')).toBe(true);
    expect(head).toContain('<link rel="stylesheet" href="/assets/style-abc.css" media="print" data-app-stylesheet>');
    // Without JavaScript nothing turns the sheet on: it applies from the start.
    expect(head).toContain('<noscript><link rel="stylesheet" href="/assets/style-abc.css"></noscript>');
  });

  it('leaves the rules of content the first paint does not show (a closed menu, a popover) for the whole sheet', () => {
    const html = page(
      '<header class="flex"><details><summary class="p-2">Menu</summary>' +
        '<nav class="styled-later ring-2"><a class="bg-red">Home</a></nav></details></header>',
    );
    const head = sheet.forPage(html);
    const inline = /^<style>([^<]*)<\/style>/.exec(head)?.[1] ?? '';
    expect(inline).toContain('.flex{display:flex}');
    expect(inline).toContain('.p-2{');
    // Nothing of it shows before the sheet: its own rules wait too, and what is inside.
    expect(inline).not.toContain('.ring-2{');
    expect(inline).not.toContain('.bg-red{');
    expect(inline.endsWith('@layer utilities{.below-fold,.styled-later{visibility:hidden}}')).toBe(true);
    expect(head).toContain('<noscript><link rel="stylesheet" href="/assets/style-abc.css"></noscript>');
  });
});

describe('withoutBelowFoldContent', () => {
  it('empties each below-fold element, nested elements of its name included, and keeps the rest', () => {
    const html =
      '<div class="a">top</div><section id="s" class="x below-fold"><section><p>in</p></section><p>also</p></section>' +
      '<p class="between">mid</p><footer class="below-fold"><nav>links</nav></footer><aside>end</aside>';
    expect(withoutBelowFoldContent(html)).toBe(
      '<div class="a">top</div><section id="s" class="x below-fold"></section>' +
        '<p class="between">mid</p><footer class="below-fold"></footer><aside>end</aside>',
    );
  });

  it('takes a styled-later element out whole, its own tag too', () => {
    const html =
      '<header class="a"><details><summary>Menu</summary><nav class="styled-later b"><nav class="c">x</nav></nav>' +
      '</details></header><div popover="auto" class="d styled-later"><ul class="e"></ul></div><p class="f">end</p>';
    expect(withoutBelowFoldContent(html)).toBe(
      '<header class="a"><details><summary>Menu</summary></details></header><p class="f">end</p>',
    );
  });

  it('leaves a page without such sections as it is, and does not take a longer class for the marker', () => {
    const html = '<section class="below-folding">x</section><p class="not-below-fold">y</p>';
    expect(withoutBelowFoldContent(html)).toBe(html);
  });
});

describe('requiredClasses', () => {
  it('reads escaped Tailwind names, and inside parentheses only what must match', () => {
    expect(requiredClasses('.md\\:grid')).toEqual(['md:grid']);
    expect(requiredClasses('.bg-primary\\/45')).toEqual(['bg-primary/45']);
    expect(requiredClasses('.\\32 xl\\:flex')).toEqual(['2xl:flex']);
    expect(requiredClasses('.group-hover\\:x:is(:where(.group):hover *)')).toEqual(['group-hover:x', 'group']);
    expect(requiredClasses(':where(.space-y-2>:not(:last-child))')).toEqual(['space-y-2']);
    // Forbidden classes, and one of a list, are not required.
    expect(requiredClasses('.a:not(.b)')).toEqual(['a']);
    expect(requiredClasses('.a:is(.b,.c)')).toEqual(['a']);
    expect(requiredClasses(':where(.a:not(.b) .c)')).toEqual(['a', 'c']);
    expect(requiredClasses('html:has(> body > #root > [data-arrival-overlay])')).toEqual([]);
  });
});

describe('requiredElements', () => {
  it('reads the element of each compound, not inside parentheses, attributes or escapes', () => {
    expect(requiredElements('code')).toEqual(['<code']);
    expect(requiredElements('.prose h2>a')).toEqual(['<h2', '<a']);
    expect(requiredElements('.\\[\\&_svg\\]\\:size-4 svg')).toEqual(['<svg']);
    expect(requiredElements(':where(select:is([multiple],[size])) optgroup option')).toEqual(['<optgroup', '<option']);
    expect(requiredElements('[data-x="a b"] .y')).toEqual([]);
    expect(requiredElements('html,:host')).toEqual([]);
    expect(requiredElements('body')).toEqual([]);
    expect(requiredElements('*,:before')).toEqual([]);
    expect(requiredElements('::placeholder')).toEqual(['<input|textarea']);
    expect(requiredElements('::file-selector-button')).toEqual(['<input']);
    expect(requiredElements('input::placeholder')).toEqual(['<input']);
    expect(requiredElements(':-moz-focusring:where(:not(iframe))')).toEqual([]);
  });
});

describe('needsInteraction', () => {
  it('is true for a selector that matches only under the pointer, not for one that needs its absence', () => {
    expect(needsInteraction('.hover\\:underline:hover')).toBe(true);
    expect(needsInteraction('.group-hover\\:x:is(:where(.group):hover *)')).toBe(true);
    expect(needsInteraction('.x:not(:hover)')).toBe(false);
    expect(needsInteraction('.x:not(.y:hover) .z')).toBe(false);
    expect(needsInteraction('.x:not(.y):hover')).toBe(true);
    expect(needsInteraction('.not-hover\\:hover')).toBe(false);
  });

  it('is true for the keyboard focus and an active press too', () => {
    expect(needsInteraction('.focus-visible\\:ring-2:focus-visible')).toBe(true);
    expect(needsInteraction('.focus\\:not-sr-only:focus')).toBe(true);
    expect(needsInteraction('.x:focus-within .y')).toBe(true);
    expect(needsInteraction('.peer:focus-visible~.y')).toBe(true);
    expect(needsInteraction('.x:active')).toBe(true);
    expect(needsInteraction('.x:not(:focus)')).toBe(false);
    expect(needsInteraction('.focus\\:x')).toBe(false);
  });
});
