import postcss, { type AtRule, type ChildNode, type Container, type Declaration, type Rule } from 'postcss';

/**
 * The app's one stylesheet (65 KB, every screen's rules) cut down, page by page, to the rules the
 * page's markup can use (issue 20, decision 036). The page inlines that part, so it paints from its
 * HTML alone as before, and links the whole sheet with `media="print"`: the browser fetches it at
 * the lowest priority without waiting for it, and the app switches it on when it starts, before it
 * draws anything the server did not (a dialog, another screen).
 *
 * The sheet is parsed once; a page costs one pass over a flat list of pieces, so an item page
 * rendered on its first visit pays about a millisecond, not a CSS parse.
 */
export class PageStylesheet {
  private readonly pieces: Piece[];
  /** Each theme variable's `var()` references, for the pages that keep it. */
  private readonly definitions: ReadonlyMap<string, readonly string[]>;
  private readonly wholeElement: string;

  constructor(
    css: string,
    /** The sheet's root-relative URL (`/assets/style-….css`). */
    readonly href: string,
  ) {
    this.pieces = flatten(postcss.parse(css));
    this.definitions = variableDefinitions(this.pieces);
    this.wholeElement = `<style>${css}</style>`;
  }

  /** The whole sheet inline: for pages the browser renders itself (admin, fallbacks). */
  whole(): string {
    return this.wholeElement;
  }

  /**
   * What a server-rendered page puts in its head: its own rules inline, and the whole sheet for
   * later. On a page with sections below the first screen (`below-fold`, the home page), only the
   * first screen's rules are inline. Those sections stay hidden, their space kept, until the whole
   * sheet is on: the loader turns it on at the visitor's first move or once the loaded page is
   * idle (deferred-entry.ts), and the app when it starts (app-stylesheet.ts). Without JavaScript,
   * the `<noscript>` link applies it from the start: those visitors get every rule before the
   * first paint, as before.
   */
  forPage(html: string): string {
    const later = `<link rel="stylesheet" href="${this.href}" media="print" data-app-stylesheet>`;
    const firstScreen = withoutBelowFoldContent(html);
    if (firstScreen === html) return `<style>${this.rulesFor(html)}</style>${later}`;
    return (
      `<style>${this.rulesFor(firstScreen)}${HIDDEN_UNTIL_STYLED}</style>${later}` +
      `<noscript><link rel="stylesheet" href="${this.href}"></noscript>`
    );
  }

  /** The rules whose selectors can match something in `html`, with the at-rules around them. */
  rulesFor(html: string): string {
    const classes = classesIn(html);
    const elements = elementsIn(html);
    const present = (name: string) =>
      name.startsWith('<')
        ? name
            .slice(1)
            .split('|')
            .some((element) => elements.has(element))
        : classes.has(name);
    const kept: Piece[] = [];
    const usedVariables = new Set<string>();
    for (const piece of this.pieces) {
      if (piece.kind !== 'rule') {
        kept.push(piece);
        if (piece.kind === 'whole' && piece.definesVariable === undefined) {
          piece.usesVariables.forEach((name) => usedVariables.add(name));
        }
        continue;
      }
      if (piece.interactionOnly === true) continue;
      if (!piece.selectors.some((required) => required.every(present))) continue;
      kept.push(piece);
      piece.usesVariables.forEach((name) => usedVariables.add(name));
    }
    for (const name of inlineStyleVariables(html)) usedVariables.add(name);
    closeOverVariables(usedVariables, this.definitions);
    return serialize(kept, usedVariables, animationsNamedIn(kept, usedVariables));
  }
}

/**
 * The class of the landing sections below the first screen (`@utility below-fold` in index.css),
 * and of content the first paint does not show: a closed menu's links, a closed popover's
 * actions (`@utility styled-later`). The whole sheet sets both `visibility: visible`; until it
 * applies, this rule, in the same layer and earlier in the document, keeps them from showing
 * unstyled. The sheet is on before either can be opened in practice: the tap or key that opens
 * one is a first move, which turns it on.
 */
const BELOW_FOLD_CLASS = 'below-fold';
const STYLED_LATER_CLASS = 'styled-later';
const HIDDEN_UNTIL_STYLED = `@layer utilities{.${BELOW_FOLD_CLASS},.${STYLED_LATER_CLASS}{visibility:hidden}}`;

function openingTagWithClass(names: string): RegExp {
  return new RegExp(`<([a-z][a-z0-9]*)\\b[^>]*\\sclass="(?:[^"]*\\s)?(${names})[\\s"][^>]*>`, 'g');
}
const BELOW_FOLD_OPENING = openingTagWithClass(BELOW_FOLD_CLASS);
const WAITS_FOR_SHEET_OPENING = openingTagWithClass(`${BELOW_FOLD_CLASS}|${STYLED_LATER_CLASS}`);

/** Where the first below-fold element starts in `html`, the end of the first screen; -1 if none. */
export function firstBelowFoldOffset(html: string): number {
  return html.search(BELOW_FOLD_OPENING);
}

/**
 * The markup with each below-fold element emptied: its own tag (and so its classes, which give the
 * hidden section its size) stays, what is inside goes. A styled-later element goes whole: no paint
 * shows it before the sheet. The same string when there is none.
 */
export function withoutBelowFoldContent(html: string): string {
  let out = '';
  let from = 0;
  let emptied = false;
  for (const opening of html.matchAll(WAITS_FOR_SHEET_OPENING)) {
    const start = opening.index;
    if (start < from) continue; // inside an element already emptied
    const end = closingTagEnd(html, opening[1]!, start + opening[0].length);
    if (end === undefined) break;
    if (opening[2] === STYLED_LATER_CLASS) {
      out += html.slice(from, start);
      from = end;
    } else {
      out += html.slice(from, start + opening[0].length);
      from = end - `</${opening[1]!}>`.length;
    }
    emptied = true;
  }
  return emptied ? out + html.slice(from) : html;
}

/** Where the element whose content starts at `from` ends, counting nested elements of its name. */
export function closingTagEnd(html: string, name: string, from: number): number | undefined {
  const tags = new RegExp(`<(/?)${name}\\b[^>]*>`, 'g');
  tags.lastIndex = from;
  let depth = 1;
  for (let tag = tags.exec(html); tag !== null; tag = tags.exec(html)) {
    depth += tag[1] === '/' ? -1 : 1;
    if (depth === 0) return tag.index + tag[0].length;
  }
  return undefined;
}

/**
 * One rule, or the start or end of the at-rule around rules (`@media …{`, `}`), in sheet order.
 * A rule lists, for each of its selectors, the classes an element must carry for it to match, and
 * the elements that must be on the page (`<code`, `<input|textarea`).
 */
type Piece =
  | { kind: 'open'; text: string }
  | { kind: 'close' }
  | {
      kind: 'whole';
      text: string;
      definesVariable?: string;
      /** A `@keyframes` block: kept only where a kept rule or variable names its animation. */
      definesKeyframes?: string;
      usesVariables: string[];
    }
  | {
      kind: 'rule';
      text: string;
      selectors: string[][];
      usesVariables: string[];
      /**
       * Every selector needs the visitor to be doing something: the pointer over an element, or
       * the keyboard's focus on one. Such a rule is never inline: the whole sheet is on by then, as
       * the loader turns it on at the first pointer move or key (its listeners capture the key
       * before the focus moves), and the app when it starts. A touch screen has no hover; a tap
       * gives no `:focus-visible`. Should a key come before the sheet has arrived, the browser's
       * own focus ring shows, since the rule removing it is not inline either.
       */
      interactionOnly?: boolean;
      /** Custom properties the rule only defines (theme values, defaults): each kept when used. */
      variables?: { name: string; text: string; uses: string[] }[];
      head?: string;
    };

/** At-rules whose rules are copied whole: their "selectors" are keyframe offsets. */
const OPAQUE_AT_RULES = /^(?:-webkit-)?keyframes$|^font-face$|^page$/;
const KEYFRAMES = /^(?:-webkit-)?keyframes$/;

function flatten(root: Container): Piece[] {
  const pieces: Piece[] = [];
  const visit = (node: ChildNode) => {
    if (node.type === 'comment') return;
    if (node.type === 'decl') {
      pieces.push({ kind: 'whole', text: `${node.toString()};`, usesVariables: variablesUsedIn(node.value) });
      return;
    }
    if (node.type === 'atrule') {
      visitAtRule(node);
      return;
    }
    visitRule(node);
  };
  const visitAtRule = (atRule: AtRule) => {
    if (isTailwindRegistration(atRule)) return;
    if (isPropertiesFallbackCondition(atRule)) {
      atRule.each(visit);
      return;
    }
    if (atRule.name === 'property') {
      pieces.push({ kind: 'whole', text: atRule.toString(), definesVariable: atRule.params.trim(), usesVariables: [] });
      return;
    }
    if (atRule.nodes === undefined || OPAQUE_AT_RULES.test(atRule.name)) {
      // A statement (`@layer a, b;`, `@import …;`) ends with the semicolon its parent holds.
      const text = atRule.nodes === undefined ? `${atRule.toString()};` : atRule.toString();
      const keyframes = KEYFRAMES.test(atRule.name) ? { definesKeyframes: atRule.params.trim() } : {};
      pieces.push({ kind: 'whole', text, usesVariables: variablesUsedIn(text), ...keyframes });
      return;
    }
    pieces.push({ kind: 'open', text: `@${atRule.name}${atRule.raws.afterName ?? ' '}${atRule.params}{` });
    atRule.nodes.forEach(visit);
    pieces.push({ kind: 'close' });
  };
  const visitRule = (rule: Rule) => {
    const declarations = (rule.nodes ?? []).filter((node): node is Declaration => node.type === 'decl');
    const nested = (rule.nodes ?? []).some((node) => node.type !== 'decl' && node.type !== 'comment');
    const selectors = rule.selectors.map((selector) => [...requiredClasses(selector), ...requiredElements(selector)]);
    if (nested) {
      // Native nesting (none in today's build): kept whole when the outer selector can match.
      pieces.push({ kind: 'rule', text: rule.toString(), selectors, usesVariables: variablesUsedIn(rule.toString()) });
      return;
    }
    const onlyDefinesVariables =
      declarations.length > 0 && declarations.every((declaration) => declaration.prop.startsWith('--'));
    if (onlyDefinesVariables && selectors.every((classes) => classes.length === 0)) {
      // `:root{--color-…}` and Tailwind's `*,:before{--tw-…:initial}`: one entry per variable.
      pieces.push({
        kind: 'rule',
        text: '',
        head: `${rule.selector}{`,
        selectors,
        usesVariables: [],
        variables: declarations.map((declaration) => ({
          name: declaration.prop,
          text: `${declaration.prop}:${declaration.value}${declaration.important ? '!important' : ''}`,
          uses: variablesUsedIn(declaration.value),
        })),
      });
      return;
    }
    const text = rule.toString();
    const interactionOnly = rule.selectors.every(needsInteraction);
    pieces.push({
      kind: 'rule',
      text,
      selectors,
      usesVariables: variablesUsedIn(text),
      ...(interactionOnly ? { interactionOnly } : {}),
    });
  };
  root.each(visit);
  return pieces;
}

/**
 * Tailwind registers its `--tw-*` variables twice: with `@property` (initial values, not inherited),
 * and, for browsers without `@property`, as the same initial values set on every element in
 * `@layer properties`, behind an `@supports` that only such browsers pass. The page's inline rules
 * keep only the second, unconditionally: every browser then starts from the same values, and about
 * 2.4 KB of registrations leave the home page (issue 20). The whole sheet registers them once it is
 * on. What a registration adds beyond the values (transitions of gradient colours) is needed only
 * on a page a visitor has started to use, by when the whole sheet is on. Other registrations (the
 * statistics' count-up animates an `<integer>`) are kept.
 */
function isTailwindRegistration(atRule: AtRule): boolean {
  return atRule.name === 'property' && atRule.params.trim().startsWith('--tw-');
}

function isPropertiesFallbackCondition(atRule: AtRule): boolean {
  const parent = atRule.parent;
  return (
    atRule.name === 'supports' &&
    parent?.type === 'atrule' &&
    (parent as AtRule).name === 'layer' &&
    (parent as AtRule).params.trim() === 'properties'
  );
}

function variableDefinitions(pieces: readonly Piece[]): Map<string, string[]> {
  const definitions = new Map<string, string[]>();
  for (const piece of pieces) {
    if (piece.kind !== 'rule' || piece.variables === undefined) continue;
    for (const variable of piece.variables) {
      definitions.set(variable.name, [...(definitions.get(variable.name) ?? []), ...variable.uses]);
    }
  }
  return definitions;
}

/** Variables the theme defines in terms of others (`--x: var(--y)`) bring those along. */
function closeOverVariables(used: Set<string>, definitions: ReadonlyMap<string, readonly string[]>): void {
  const pending = [...used];
  while (pending.length > 0) {
    const name = pending.pop()!;
    for (const next of definitions.get(name) ?? []) {
      if (!used.has(next)) {
        used.add(next);
        pending.push(next);
      }
    }
  }
}

/**
 * The `@keyframes` names that the kept rules and variables mention (`animation: var(--animate-spin)`
 * is `--animate-spin: spin 1s …`). A name is looked for as a whole word anywhere in them, so one
 * that appears in a selector or another value is kept too: the safe side.
 */
function animationsNamedIn(kept: readonly Piece[], usedVariables: ReadonlySet<string>): Set<string> {
  const names = new Set<string>();
  for (const piece of kept) if (piece.kind === 'whole' && piece.definesKeyframes) names.add(piece.definesKeyframes);
  if (names.size === 0) return names;
  let text = '';
  for (const piece of kept) {
    if (piece.kind === 'rule') {
      text += piece.text;
      for (const variable of piece.variables ?? []) if (usedVariables.has(variable.name)) text += `${variable.text};`;
    } else if (piece.kind === 'whole' && piece.definesKeyframes === undefined) text += piece.text;
  }
  const words = new Set(text.split(/[^\w-]+/));
  return new Set([...names].filter((name) => words.has(name)));
}

function serialize(
  pieces: readonly Piece[],
  usedVariables: ReadonlySet<string>,
  usedAnimations: ReadonlySet<string>,
): string {
  // An at-rule is written only once something inside it is: open ones wait on this stack.
  const open: { text: string; written: boolean }[] = [];
  let out = '';
  const write = (text: string) => {
    for (const frame of open) {
      if (!frame.written) {
        out += frame.text;
        frame.written = true;
      }
    }
    out += text;
  };
  for (const piece of pieces) {
    if (piece.kind === 'open') open.push({ text: piece.text, written: false });
    else if (piece.kind === 'close') {
      if (open.pop()?.written) out += '}';
    } else if (piece.kind === 'whole') {
      if (piece.definesKeyframes !== undefined && !usedAnimations.has(piece.definesKeyframes)) continue;
      if (piece.definesVariable === undefined || usedVariables.has(piece.definesVariable)) write(piece.text);
    } else if (piece.variables !== undefined) {
      const kept = piece.variables.filter((variable) => usedVariables.has(variable.name));
      if (kept.length > 0) write(`${piece.head}${kept.map((variable) => variable.text).join(';')}}`);
    } else write(piece.text);
  }
  return out;
}

const CLASS_ATTRIBUTE = /\sclass="([^"]*)"/g;
const HTML_ENTITIES: Record<string, string> = { '&amp;': '&', '&quot;': '"', '&#x27;': "'", '&lt;': '<', '&gt;': '>' };

/** Every class name in the markup's class attributes, decoded as the browser will see it. */
function classesIn(html: string): Set<string> {
  const classes = new Set<string>();
  for (const match of html.matchAll(CLASS_ATTRIBUTE)) {
    const value = match[1]!.replace(/&(?:amp|quot|#x27|lt|gt);/g, (entity) => HTML_ENTITIES[entity] ?? entity);
    for (const name of value.split(/\s+/)) if (name !== '') classes.add(name);
  }
  return classes;
}

// Sticky: tried at one offset, without copying the rest of the selector.
const INTERACTION = /:(?:hover|focus|active)/y;

/**
 * Whether `selector` matches only under the pointer or the keyboard's focus: `:hover`, `:focus`,
 * `:focus-visible`, `:focus-within` or `:active` outside any `:not()`.
 */
export function needsInteraction(selector: string): boolean {
  let depth = 0;
  const negations: number[] = [];
  for (let i = 0; i < selector.length; i += 1) {
    const char = selector[i]!;
    if (char === '\\') i += 1;
    else if (selector.startsWith(':not(', i)) {
      negations.push(depth);
      depth += 1;
      i += 4;
    } else if (char === '(') depth += 1;
    else if (char === ')') {
      depth -= 1;
      if (negations.at(-1) === depth) negations.pop();
    } else if (negations.length === 0 && char === ':') {
      INTERACTION.lastIndex = i;
      if (INTERACTION.test(selector)) return true;
    }
  }
  return false;
}

/** Every element name in the markup, lower-cased. */
function elementsIn(html: string): Set<string> {
  const elements = new Set<string>();
  for (const match of html.matchAll(/<([a-zA-Z][\w-]*)/g)) elements.add(match[1]!.toLowerCase());
  return elements;
}

/** Always on a page: a rule that needs only these stays. */
const PAGE_ELEMENTS = new Set(['html', 'body', 'head']);
/** Pseudo-elements of form fields: a rule for them needs a field on the page. */
const FIELD_PARTS = /::(?:file-selector-button|-webkit-(?:date|datetime|calendar|inner-spin|outer-spin|search))/;

/**
 * The elements that must be on the page for `selector` to match, as `<name` entries (`<a|b`: any of
 * them). Tailwind's base layer styles elements a page may not have (`code`, `table`, `progress`, a
 * date field's parts); those rules go where there is none. Names inside `:is()`, `:not()` or an
 * attribute selector do not count, and a pseudo-element of a form field needs a field.
 */
export function requiredElements(selector: string): string[] {
  let outside = '';
  let depth = 0;
  for (let i = 0; i < selector.length; i += 1) {
    const char = selector[i]!;
    if (char === '\\') {
      i += 1;
      if (depth === 0) outside += '_';
    } else if (char === '(' || char === '[') depth += 1;
    else if (char === ')' || char === ']') depth -= 1;
    else if (depth === 0) outside += char;
  }
  const required: string[] = [];
  for (const compound of outside.split(/[\s>+~]+/)) {
    const element = /^[a-zA-Z][\w-]*/.exec(compound)?.[0].toLowerCase();
    if (element !== undefined) {
      if (!PAGE_ELEMENTS.has(element)) required.push(`<${element}`);
    } else if (compound.includes('::placeholder')) required.push('<input|textarea');
    else if (FIELD_PARTS.test(compound)) required.push('<input');
  }
  return required;
}

/** Custom properties set in `style` attributes (`style="--x:…"`, `animation-delay` aside) are used too. */
function inlineStyleVariables(html: string): string[] {
  const names: string[] = [];
  for (const match of html.matchAll(/\sstyle="([^"]*)"/g)) {
    for (const variable of match[1]!.matchAll(/(--[\w-]+)\s*:/g)) names.push(variable[1]!);
    names.push(...variablesUsedIn(match[1]!));
  }
  return names;
}

function variablesUsedIn(text: string): string[] {
  return [...text.matchAll(/var\(\s*(--[\w-]+)/g)].map((match) => match[1]!);
}

/**
 * The classes that must be on the page for `selector` to match something. Classes inside `:not()`
 * do not count (they are forbidden, not required), nor do those of a selector list inside `:is()`
 * or `:where()` (any one of them would do), so such rules are kept: the safe side. A single
 * selector inside `:is()` or `:where()` must match, so its classes count: Tailwind's `space-y-*`
 * (`:where(.space-y-2>…)`) and `group-*` / `peer-*` variants are kept only where they are used.
 */
export function requiredClasses(selector: string): string[] {
  let outside = '';
  const inside: string[] = [];
  let depth = 0;
  let groupStart = -1;
  let countsInside = false;
  for (let i = 0; i < selector.length; i += 1) {
    const char = selector[i]!;
    if (char === '\\') {
      if (depth === 0) outside += char + (selector[i + 1] ?? '');
      i += 1;
    } else if (char === '(') {
      if (depth === 0) {
        groupStart = i + 1;
        countsInside = /:(?:is|where)$/.test(selector.slice(0, i));
      }
      depth += 1;
    } else if (char === ')') {
      depth -= 1;
      if (depth === 0 && countsInside) {
        const group = selector.slice(groupStart, i);
        if (!hasTopLevelComma(group)) inside.push(...requiredClasses(group));
      }
    } else if (depth === 0) outside += char;
  }
  const own = [...outside.matchAll(/\.((?:\\[0-9a-fA-F]{1,6} ?|\\.|[\w-])+)/g)].map((match) => unescapeCss(match[1]!));
  return [...own, ...inside];
}

function hasTopLevelComma(selectorList: string): boolean {
  let depth = 0;
  for (let i = 0; i < selectorList.length; i += 1) {
    const char = selectorList[i]!;
    if (char === '\\') i += 1;
    else if (char === '(') depth += 1;
    else if (char === ')') depth -= 1;
    else if (char === ',' && depth === 0) return true;
  }
  return false;
}

function unescapeCss(name: string): string {
  return name.replace(/\\([0-9a-fA-F]{1,6}) ?|\\(.)/g, (_all, hex: string | undefined, char: string | undefined) =>
    hex !== undefined ? String.fromCodePoint(parseInt(hex, 16)) : (char ?? ''),
  );
}
