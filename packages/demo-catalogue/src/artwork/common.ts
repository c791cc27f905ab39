/**
 * Shared pieces of the seed artwork: colours, number formatting, the per-document gradient
 * registry and the studio backdrop every picture sits on.
 */

export const WIDTH = 1200;
export const HEIGHT = 900;

export const palette = {
  brand: '#1e40af',
  brandDark: '#172f7a',
  brandLight: '#3b66d6',
  orange: '#f97316',
  orangeDark: '#c2570f',
  steel: '#aab4bf',
  darkSteel: '#5b6570',
  graphite: '#2b3138',
  cream: '#efe8d6',
  green: '#16a34a',
  red: '#dc2626',
  yellow: '#facc15',
  white: '#f4f6f8',
} as const;

export interface Rgb {
  readonly r: number;
  readonly g: number;
  readonly b: number;
}

/** One decimal place is plenty at 1200×900 and keeps the markup small. */
export function fmt(value: number): string {
  const rounded = Math.round(value * 10) / 10;
  return Object.is(rounded, -0) ? '0' : String(rounded);
}

export function hexToRgb(hex: string): Rgb {
  const clean = hex.replace('#', '');
  const full = clean.length === 3 ? [...clean].map((c) => c + c).join('') : clean;
  const value = Number.parseInt(full, 16);
  return { r: (value >> 16) & 255, g: (value >> 8) & 255, b: value & 255 };
}

function channel(value: number): string {
  return Math.max(0, Math.min(255, Math.round(value)))
    .toString(16)
    .padStart(2, '0');
}

export function rgbToHex(color: Rgb): string {
  return `#${channel(color.r)}${channel(color.g)}${channel(color.b)}`;
}

/** Multiplies a colour's brightness; factors above 1 lighten. */
export function shade(hex: string, factor: number): string {
  const { r, g, b } = hexToRgb(hex);
  return rgbToHex({ r: r * factor, g: g * factor, b: b * factor });
}

/** Linear blend from `a` (t = 0) to `b` (t = 1). */
export function mix(a: string, b: string, t: number): string {
  const ca = hexToRgb(a);
  const cb = hexToRgb(b);
  return rgbToHex({ r: ca.r + (cb.r - ca.r) * t, g: ca.g + (cb.g - ca.g) * t, b: ca.b + (cb.b - ca.b) * t });
}

export interface GradientStop {
  readonly offset: number;
  readonly color: string;
  readonly opacity?: number;
}

function stopMarkup(stops: readonly GradientStop[]): string {
  return stops
    .map(
      (s) =>
        `<stop offset="${fmt(s.offset)}" stop-color="${s.color}"${s.opacity === undefined ? '' : ` stop-opacity="${fmt(s.opacity)}"`}/>`,
    )
    .join('');
}

/**
 * Collects gradients and clip paths for one SVG document; ids only need to be unique within
 * that document, so a counter is enough.
 */
export class SvgDefs {
  private readonly items: string[] = [];
  private count = 0;

  private nextId(prefix: string): string {
    this.count += 1;
    return `${prefix}${this.count}`;
  }

  /** Returns a `url(#…)` paint reference. Coordinates are fractions of the shape's box. */
  linear(stops: readonly GradientStop[], x1 = 0, y1 = 0, x2 = 0, y2 = 1): string {
    const id = this.nextId('l');
    this.items.push(
      `<linearGradient id="${id}" x1="${fmt(x1)}" y1="${fmt(y1)}" x2="${fmt(x2)}" y2="${fmt(y2)}">${stopMarkup(stops)}</linearGradient>`,
    );
    return `url(#${id})`;
  }

  /** Returns a `url(#…)` paint reference. Coordinates are fractions of the shape's box. */
  radial(stops: readonly GradientStop[], cx = 0.5, cy = 0.5, r = 0.5, fx = cx, fy = cy): string {
    const id = this.nextId('r');
    this.items.push(
      `<radialGradient id="${id}" cx="${fmt(cx)}" cy="${fmt(cy)}" r="${fmt(r)}" fx="${fmt(fx)}" fy="${fmt(fy)}">${stopMarkup(stops)}</radialGradient>`,
    );
    return `url(#${id})`;
  }

  /** Returns a `url(#…)` clip reference for the given path data. */
  clip(pathData: string): string {
    const id = this.nextId('c');
    this.items.push(`<clipPath id="${id}"><path d="${pathData}"/></clipPath>`);
    return `url(#${id})`;
  }

  markup(): string {
    return this.items.length === 0 ? '' : `<defs>${this.items.join('')}</defs>`;
  }
}

/** A metal bar gradient running across the given axis: dark edges, bright band off-centre. */
export function metalStops(base: string): GradientStop[] {
  return [
    { offset: 0, color: shade(base, 0.62) },
    { offset: 0.22, color: shade(base, 1.18) },
    { offset: 0.4, color: shade(base, 1.32) },
    { offset: 0.7, color: shade(base, 0.92) },
    { offset: 1, color: shade(base, 0.6) },
  ];
}

export interface BackdropOptions {
  /** Mixed lightly into the backdrop so families of pictures differ a little. */
  readonly tint?: string;
}

export function studioBackdrop(defs: SvgDefs, options: BackdropOptions = {}): string {
  const tint = options.tint ?? '#dbe4f0';
  const wall = defs.linear([
    { offset: 0, color: mix('#f8fafc', tint, 0.15) },
    { offset: 0.62, color: mix('#eef2f7', tint, 0.3) },
    { offset: 1, color: mix('#dde3ea', tint, 0.35) },
  ]);
  const glow = defs.radial(
    [
      { offset: 0, color: '#ffffff', opacity: 0.85 },
      { offset: 1, color: '#ffffff', opacity: 0 },
    ],
    0.5,
    0.38,
    0.55,
  );
  const floor = defs.linear([
    { offset: 0, color: '#000000', opacity: 0 },
    { offset: 1, color: '#0f172a', opacity: 0.08 },
  ]);
  return [
    `<rect width="${WIDTH}" height="${HEIGHT}" fill="${wall}"/>`,
    `<rect width="${WIDTH}" height="${HEIGHT}" fill="${glow}"/>`,
    `<rect y="${HEIGHT * 0.62}" width="${WIDTH}" height="${HEIGHT * 0.38}" fill="${floor}"/>`,
    `<rect y="${HEIGHT - 10}" width="${WIDTH * 0.3}" height="10" fill="${palette.brand}" opacity="0.9"/>`,
    `<rect x="${WIDTH * 0.3}" y="${HEIGHT - 10}" width="${WIDTH * 0.06}" height="10" fill="${palette.orange}" opacity="0.9"/>`,
  ].join('');
}

/** A soft elliptical contact shadow. */
export function floorShadow(defs: SvgDefs, cx: number, cy: number, rx: number, ry: number, strength = 0.32): string {
  const fill = defs.radial([
    { offset: 0, color: '#0f172a', opacity: strength },
    { offset: 0.55, color: '#0f172a', opacity: strength * 0.45 },
    { offset: 1, color: '#0f172a', opacity: 0 },
  ]);
  return `<ellipse cx="${fmt(cx)}" cy="${fmt(cy)}" rx="${fmt(rx)}" ry="${fmt(ry)}" fill="${fill}"/>`;
}

export function svgDocument(defs: SvgDefs, body: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}" viewBox="0 0 ${WIDTH} ${HEIGHT}">${defs.markup()}${body}</svg>`;
}
