/**
 * Flat close-ups of operator panels for the "Control Panel" gallery view: the push-button
 * station and speed chart of a manual capstan lathe, and a Fanuc- or Siemens-style CNC
 * control. No lettering anywhere (the renderer may have no fonts), so labels are blank plates.
 */
import { type SvgDefs, fmt, metalStops, palette, shade } from './common';

function rect(x: number, y: number, w: number, h: number, fill: string, extra = ''): string {
  return `<rect x="${fmt(x)}" y="${fmt(y)}" width="${fmt(w)}" height="${fmt(h)}" fill="${fill}"${extra}/>`;
}

function circleEl(cx: number, cy: number, r: number, fill: string, extra = ''): string {
  return `<circle cx="${fmt(cx)}" cy="${fmt(cy)}" r="${fmt(r)}" fill="${fill}"${extra}/>`;
}

function ticks(
  cx: number,
  cy: number,
  r1: number,
  r2: number,
  from: number,
  to: number,
  count: number,
  colour: string,
  width = 2,
): string {
  const lines: string[] = [];
  for (let i = 0; i < count; i += 1) {
    const a = ((from + ((to - from) * i) / (count - 1)) * Math.PI) / 180;
    const major = i % 2 === 0;
    const inner = major ? r1 : r1 + (r2 - r1) * 0.4;
    lines.push(
      `<line x1="${fmt(cx + Math.cos(a) * inner)}" y1="${fmt(cy + Math.sin(a) * inner)}" x2="${fmt(cx + Math.cos(a) * r2)}" y2="${fmt(cy + Math.sin(a) * r2)}" stroke="${colour}" stroke-width="${fmt(major ? width : width * 0.6)}" stroke-linecap="round"/>`,
    );
  }
  return lines.join('');
}

function bezelButton(defs: SvgDefs, cx: number, cy: number, r: number, colour: string): string {
  const bezel = defs.linear(metalStops('#b8c0c8'), 0, 0, 1, 1);
  const cap = defs.radial(
    [
      { offset: 0, color: shade(colour, 1.45) },
      { offset: 0.6, color: colour },
      { offset: 1, color: shade(colour, 0.62) },
    ],
    0.5,
    0.5,
    0.6,
    0.38,
    0.32,
  );
  return (
    circleEl(cx, cy + 3, r * 1.35, '#000000', ' opacity="0.18"') +
    circleEl(cx, cy, r * 1.32, bezel) +
    circleEl(cx, cy, r, cap)
  );
}

function emergencyStop(defs: SvgDefs, cx: number, cy: number, r: number): string {
  const collar = defs.radial([
    { offset: 0.6, color: palette.yellow },
    { offset: 1, color: shade(palette.yellow, 0.78) },
  ]);
  const mushroom = defs.radial(
    [
      { offset: 0, color: '#ff8a80' },
      { offset: 0.45, color: palette.red },
      { offset: 1, color: '#7f1010' },
    ],
    0.5,
    0.5,
    0.6,
    0.36,
    0.3,
  );
  return (
    circleEl(cx, cy, r * 1.75, collar) +
    circleEl(cx, cy, r * 1.75, 'none', ` stroke="${shade(palette.yellow, 0.6)}" stroke-width="2"`) +
    circleEl(cx + 4, cy + 8, r * 1.05, '#000000', ' opacity="0.25"') +
    circleEl(cx, cy, r, mushroom)
  );
}

function rotaryKnob(defs: SvgDefs, cx: number, cy: number, r: number, pointer: number, dial: string): string {
  const body = defs.radial(
    [
      { offset: 0, color: '#4b5563' },
      { offset: 0.7, color: '#1f2329' },
      { offset: 1, color: '#0d0f12' },
    ],
    0.5,
    0.5,
    0.6,
    0.4,
    0.35,
  );
  const a = (pointer * Math.PI) / 180;
  return (
    ticks(cx, cy, r * 1.2, r * 1.45, 135, 405, 13, dial, 3) +
    circleEl(cx + 3, cy + 6, r, '#000000', ' opacity="0.25"') +
    circleEl(cx, cy, r, body) +
    `<line x1="${fmt(cx)}" y1="${fmt(cy)}" x2="${fmt(cx + Math.cos(a) * r * 0.85)}" y2="${fmt(cy + Math.sin(a) * r * 0.85)}" stroke="#f8fafc" stroke-width="${fmt(r * 0.16)}" stroke-linecap="round"/>`
  );
}

function selector(defs: SvgDefs, cx: number, cy: number, r: number, angle: number): string {
  const bezel = defs.linear(metalStops('#c0c7ce'), 0, 0, 1, 1);
  const a = (angle * Math.PI) / 180;
  const dx = Math.cos(a) * r * 0.9;
  const dy = Math.sin(a) * r * 0.9;
  return (
    circleEl(cx, cy, r * 1.3, bezel) +
    circleEl(cx, cy, r, '#1b1f24') +
    `<line x1="${fmt(cx - dx)}" y1="${fmt(cy - dy)}" x2="${fmt(cx + dx)}" y2="${fmt(cy + dy)}" stroke="#30363d" stroke-width="${fmt(r * 0.55)}" stroke-linecap="round"/>` +
    `<line x1="${fmt(cx)}" y1="${fmt(cy)}" x2="${fmt(cx + dx * 0.8)}" y2="${fmt(cy + dy * 0.8)}" stroke="#f8fafc" stroke-width="${fmt(r * 0.14)}" stroke-linecap="round"/>`
  );
}

/** A blank engraved legend plate. */
function plate(x: number, y: number, w: number, h: number): string {
  return (
    rect(x, y, w, h, '#f3f4f6', ` rx="3" stroke="#9ca3af" stroke-width="1"`) +
    rect(x + w * 0.2, y + h * 0.42, w * 0.6, h * 0.16, '#9ca3af', ' rx="1"')
  );
}

function lever(defs: SvgDefs, cx: number, cy: number, angle: number, reach: number, knob: string): string {
  const boss = defs.radial([
    { offset: 0, color: '#e5e9ed' },
    { offset: 0.7, color: '#9aa4ae' },
    { offset: 1, color: '#5f6a75' },
  ]);
  const shaft = defs.linear(metalStops('#c3cad1'), 0, 0, 1, 0);
  const a = (angle * Math.PI) / 180;
  const ex = cx + Math.cos(a) * reach;
  const ey = cy + Math.sin(a) * reach;
  const ball = defs.radial(
    [
      { offset: 0, color: shade(knob, 2.4) },
      { offset: 0.35, color: knob },
      { offset: 1, color: shade(knob, 0.4) },
    ],
    0.5,
    0.5,
    0.6,
    0.35,
    0.3,
  );
  return (
    ticks(cx, cy, 62, 78, angle - 70, angle + 70, 5, '#f8fafc', 4) +
    circleEl(cx + 4, cy + 8, 52, '#000000', ' opacity="0.22"') +
    circleEl(cx, cy, 52, boss) +
    `<g transform="rotate(${fmt(angle)} ${fmt(cx)} ${fmt(cy)})">${rect(cx, cy - 11, reach, 22, shaft, ' rx="10"')}</g>` +
    circleEl(cx, cy, 20, '#7b8691') +
    circleEl(ex + 5, ey + 9, 36, '#000000', ' opacity="0.22"') +
    circleEl(ex, ey, 36, ball)
  );
}

export interface CapstanPanelOptions {
  readonly body: string;
  readonly accent: string;
  /** Gear-change levers on the headstock (2 or 3). */
  readonly levers: number;
  /** Rows and columns of the speed/feed chart: more steps, bigger table. */
  readonly chartRows: number;
  readonly chartCols: number;
}

/** Headstock front of a manual capstan lathe: push-button station, speed chart, gear levers. */
export function capstanPanel(defs: SvgDefs, o: CapstanPanelOptions): string {
  const casting = defs.linear(
    [
      { offset: 0, color: shade(o.body, 1.18) },
      { offset: 0.5, color: o.body },
      { offset: 1, color: shade(o.body, 0.78) },
    ],
    0,
    0,
    0.3,
    1,
  );
  const steel = defs.linear(
    [
      { offset: 0, color: '#eef1f4' },
      { offset: 1, color: '#c4cbd2' },
    ],
    0,
    0,
    0,
    1,
  );
  const parts: string[] = [];
  parts.push(rect(52, 62, 1100, 790, '#000000', ' rx="34" opacity="0.15"'));
  parts.push(rect(40, 46, 1100, 790, casting, ' rx="34"'));
  parts.push(rect(40, 46, 1100, 790, 'none', ` rx="34" stroke="${shade(o.body, 0.6)}" stroke-width="4"`));
  // Push-button enclosure.
  parts.push(rect(98, 108, 440, 500, '#000000', ' rx="18" opacity="0.2"'));
  parts.push(rect(90, 96, 440, 500, steel, ' rx="18" stroke="#8b949e" stroke-width="3"'));
  for (const [x, y] of [
    [110, 116],
    [494, 116],
    [110, 560],
    [494, 560],
  ] as const) {
    parts.push(circleEl(x + 8, y + 8, 8, '#8b949e'));
  }
  // Ammeter.
  parts.push(rect(140, 140, 170, 170, '#2b3036', ' rx="12"'));
  parts.push(circleEl(225, 225, 72, '#fbfbf7'));
  parts.push(ticks(225, 240, 48, 62, 200, 340, 11, '#2b3036', 3));
  parts.push(
    `<path d="M${fmt(225 - 58)} 250 A 62 62 0 0 1 ${fmt(225 + 58)} 250" fill="none" stroke="${palette.red}" stroke-width="4" opacity="0.7"/>`,
  );
  parts.push(
    `<line x1="225" y1="245" x2="268" y2="192" stroke="${palette.red}" stroke-width="4" stroke-linecap="round"/>`,
  );
  parts.push(circleEl(225, 245, 9, '#2b3036'));
  // Pilot lamps.
  for (const [i, colour] of [palette.green, '#fbbf24', '#f8fafc'].entries()) {
    const cx = 370 + i * 60;
    parts.push(bezelButton(defs, cx, 190, 18, colour));
    parts.push(plate(cx - 26, 232, 52, 18));
  }
  // Start, stop and jog buttons.
  for (const [i, colour] of [palette.green, palette.red, '#1f2329'].entries()) {
    const cx = 150 + i * 95;
    parts.push(bezelButton(defs, cx, 390, 30, colour));
    parts.push(plate(cx - 40, 440, 80, 22));
  }
  parts.push(selector(defs, 170, 520, 26, -45));
  parts.push(selector(defs, 280, 520, 26, 45));
  parts.push(emergencyStop(defs, 448, 505, 36));
  // Speed and feed chart.
  parts.push(rect(608, 108, 470, 330, '#000000', ' rx="10" opacity="0.18"'));
  parts.push(rect(600, 96, 470, 330, palette.cream, ` rx="10" stroke="${shade(palette.cream, 0.7)}" stroke-width="3"`));
  parts.push(rect(600, 96, 470, 56, palette.brand, ' rx="10"'));
  parts.push(rect(600, 132, 470, 20, palette.brand));
  parts.push(rect(620, 114, 120, 20, palette.orange, ' rx="4"'));
  const cellW = 430 / o.chartCols;
  const cellH = 240 / o.chartRows;
  for (let row = 0; row < o.chartRows; row += 1) {
    for (let col = 0; col < o.chartCols; col += 1) {
      const x = 620 + col * cellW;
      const y = 170 + row * cellH;
      parts.push(
        rect(x, y, cellW - 8, cellH - 8, row % 2 === 0 ? '#fffdf5' : '#f3ecd9', ' stroke="#b9ae93" stroke-width="1"'),
      );
      const marks = 2 + ((row * 3 + col * 5) % 3);
      for (let m = 0; m < marks; m += 1)
        parts.push(rect(x + 8 + m * 11, y + cellH / 2 - 10, 7, Math.min(12, cellH - 20), '#4b5563', ' rx="1"'));
    }
  }
  for (const [cx, cy] of [
    [616, 112],
    [1054, 112],
    [616, 410],
    [1054, 410],
  ] as const) {
    parts.push(circleEl(cx, cy, 6, '#8b949e'));
  }
  // Gear-change levers with their detent rings.
  if (o.levers >= 3) {
    parts.push(lever(defs, 690, 650, -115, 130, '#15181c'));
    parts.push(lever(defs, 870, 660, -65, 130, '#15181c'));
    parts.push(lever(defs, 1040, 600, -95, 110, o.accent));
  } else {
    parts.push(lever(defs, 720, 640, -70, 130, '#15181c'));
    parts.push(lever(defs, 960, 630, -110, 130, o.accent));
  }
  // Brand plate.
  parts.push(rect(600, 760, 300, 44, palette.brand, ' rx="6"'));
  parts.push(rect(600, 760, 70, 44, palette.orange, ' rx="6"'));
  parts.push(rect(690, 776, 180, 12, '#dbe4ff', ' rx="3" opacity="0.8"'));
  return parts.join('');
}

export interface CncPanelOptions {
  readonly controller: 'fanuc' | 'siemens';
  readonly accent: string;
  readonly trim: string;
  /** Screen width class: 8.4", 10.4" or 15" displays. */
  readonly screen?: 'compact' | 'standard' | 'wide';
}

/** Turned outlines for the tool-path plot, as fractions of the plot box. */
const PLOT_PROFILES: readonly (readonly (readonly [number, number])[])[] = [
  [
    [0.05, 0.78],
    [0.05, 0.2],
    [0.3, 0.2],
    [0.3, 0.38],
    [0.55, 0.38],
    [0.62, 0.5],
    [0.82, 0.5],
    [0.82, 0.64],
    [0.95, 0.64],
    [0.95, 0.78],
  ],
  [
    [0.05, 0.78],
    [0.05, 0.45],
    [0.18, 0.32],
    [0.45, 0.32],
    [0.45, 0.18],
    [0.7, 0.18],
    [0.7, 0.55],
    [0.95, 0.55],
    [0.95, 0.78],
  ],
  [
    [0.05, 0.78],
    [0.05, 0.25],
    [0.2, 0.25],
    [0.35, 0.45],
    [0.6, 0.45],
    [0.6, 0.3],
    [0.8, 0.3],
    [0.95, 0.6],
    [0.95, 0.78],
  ],
];

function screen(defs: SvgDefs, x: number, y: number, w: number, h: number, siemens: boolean, plot: number): string {
  const bg = defs.linear(
    siemens
      ? [
          { offset: 0, color: '#e9eef2' },
          { offset: 1, color: '#cdd6de' },
        ]
      : [
          { offset: 0, color: '#0c2c57' },
          { offset: 1, color: '#06162e' },
        ],
    0,
    0,
    0,
    1,
  );
  const fg = siemens ? '#0f4c5c' : '#e2e8f0';
  const dim = siemens ? '#8aa1ad' : '#2c4f7c';
  const parts: string[] = [rect(x, y, w, h, bg)];
  parts.push(rect(x, y, w, 34, siemens ? '#0f6f7f' : '#1e4b8f'));
  parts.push(rect(x + 12, y + 10, 90, 14, siemens ? '#d8f3f6' : '#93c5fd', ' rx="2"'));
  parts.push(rect(x + w - 110, y + 10, 96, 14, palette.green, ' rx="2"'));
  // Axis position read-outs: a short label block and a row of "digits".
  for (let row = 0; row < 3; row += 1) {
    const ry = y + 56 + row * 62;
    parts.push(rect(x + 14, ry, 34, 44, siemens ? '#0f6f7f' : '#3b82f6', ' rx="3"'));
    for (let d = 0; d < 7; d += 1) {
      parts.push(rect(x + 62 + d * 26, ry + 4, 18, 36, fg, ' rx="2"'));
      parts.push(rect(x + 66 + d * 26, ry + 20, 10, 4, siemens ? '#e9eef2' : '#0a2448'));
    }
  }
  // Tool-path plot of the turned profile.
  const px = x + w * 0.52;
  const pw = w * 0.45;
  const py = y + 52;
  const ph = h - 120;
  parts.push(rect(px, py, pw, ph, siemens ? '#ffffff' : '#071a36', ` stroke="${dim}" stroke-width="2"`));
  parts.push(
    `<line x1="${fmt(px + 10)}" y1="${fmt(py + ph * 0.78)}" x2="${fmt(px + pw - 10)}" y2="${fmt(py + ph * 0.78)}" stroke="${dim}" stroke-width="2" stroke-dasharray="10 6"/>`,
  );
  const profile = PLOT_PROFILES[plot % PLOT_PROFILES.length] ?? [];
  const d = profile.map(([u, v], i) => `${i === 0 ? 'M' : 'L'}${fmt(px + u * pw)} ${fmt(py + v * ph)}`).join('');
  parts.push(
    `<path d="${d}" fill="none" stroke="${siemens ? '#0f6f7f' : '#facc15'}" stroke-width="4" stroke-linejoin="round"/>`,
  );
  const toolPath = profile
    .map(([u, v], i) => `${i === 0 ? 'M' : 'L'}${fmt(px + u * pw + 6)} ${fmt(py + v * ph - 8)}`)
    .join('');
  parts.push(`<path d="${toolPath}" fill="none" stroke="${palette.green}" stroke-width="2" stroke-dasharray="6 5"/>`);
  // Soft-key captions along the bottom.
  for (let k = 0; k < 7; k += 1) {
    parts.push(
      rect(x + 10 + k * ((w - 20) / 7), y + h - 38, (w - 20) / 7 - 8, 28, siemens ? '#9fb3bf' : '#1e3a66', ' rx="3"'),
    );
  }
  const glare = defs.linear(
    [
      { offset: 0, color: '#ffffff', opacity: 0.16 },
      { offset: 1, color: '#ffffff', opacity: 0 },
    ],
    0,
    0,
    1,
    1,
  );
  parts.push(
    `<path d="M${fmt(x)} ${fmt(y)}L${fmt(x + w * 0.55)} ${fmt(y)}L${fmt(x)} ${fmt(y + h * 0.75)}Z" fill="${glare}"/>`,
  );
  return parts.join('');
}

function key(x: number, y: number, w: number, h: number, top: string, led?: string): string {
  return (
    rect(x, y + 4, w, h, shade(top, 0.55), ' rx="6"') +
    rect(x, y, w, h, top, ` rx="6" stroke="${shade(top, 0.7)}" stroke-width="1.5"`) +
    rect(
      x + w * 0.25,
      y + h * 0.4,
      w * 0.5,
      h * 0.18,
      shade(top, top === '#f1f3f5' || top === '#e6e9ed' ? 0.6 : 1.8),
      ' rx="2"',
    ) +
    (led === undefined ? '' : rect(x + 6, y + 6, 10, 6, led, ' rx="2"'))
  );
}

function mpg(defs: SvgDefs, cx: number, cy: number, r: number): string {
  const face = defs.radial([
    { offset: 0, color: '#5b6470' },
    { offset: 1, color: '#1f2329' },
  ]);
  const ring = defs.linear(metalStops('#c9d0d6'), 0, 0, 1, 1);
  return (
    circleEl(cx + 4, cy + 8, r * 1.22, '#000000', ' opacity="0.22"') +
    circleEl(cx, cy, r * 1.22, ring) +
    ticks(cx, cy, r * 1.02, r * 1.18, 0, 351, 41, '#2b3036', 2) +
    circleEl(cx, cy, r, face) +
    circleEl(cx + r * 0.55, cy - r * 0.35, r * 0.2, '#0d0f12') +
    circleEl(cx + r * 0.55 - 4, cy - r * 0.35 - 4, r * 0.07, '#6b7280')
  );
}

/** A CNC control: screen, MDI keys and machine operator panel. */
export function cncPanel(defs: SvgDefs, o: CncPanelOptions): string {
  const siemens = o.controller === 'siemens';
  const base = siemens ? '#30373f' : '#d3d6da';
  const face = defs.linear(
    [
      { offset: 0, color: shade(base, 1.1) },
      { offset: 1, color: shade(base, 0.86) },
    ],
    0,
    0,
    0.4,
    1,
  );
  const keyTop = siemens ? '#4a535d' : '#f1f3f5';
  const parts: string[] = [];
  parts.push(rect(62, 52, 1090, 800, '#000000', ' rx="26" opacity="0.18"'));
  parts.push(rect(50, 38, 1090, 800, face, ` rx="26" stroke="${shade(base, 0.6)}" stroke-width="4"`));
  parts.push(rect(50, 38, 1090, 16, siemens ? '#0f6f7f' : o.trim, ' rx="8"'));
  // Screen with its bezel and soft keys; the MDI keys fill whatever width is left.
  const size = o.screen ?? 'standard';
  const screenW = size === 'compact' ? 480 : size === 'wide' ? 700 : 580;
  const plot = size === 'compact' ? 1 : size === 'wide' ? 2 : 0;
  parts.push(rect(88, 84, screenW + 40, 430, '#15191e', ' rx="14"'));
  parts.push(screen(defs, 108, 102, screenW, 380, siemens, siemens ? plot + 1 : plot));
  const softKeys = Math.floor((screenW + 20) / 72);
  for (let k = 0; k < softKeys; k += 1) parts.push(key(112 + k * 72, 528, 60, 34, siemens ? '#5b6670' : '#c9ced4'));
  const kw = siemens ? 56 : 64;
  const keysX = 88 + screenW + 40 + 32;
  const cols = Math.max(3, Math.floor((1112 - keysX) / (kw + 10)));
  const rows = size === 'wide' ? 6 : 7;
  for (let row = 0; row < rows; row += 1) {
    for (let col = 0; col < cols; col += 1) {
      const special = (row === 0 && col >= cols - 2) || (row === rows - 1 && col === cols - 1);
      parts.push(
        key(
          keysX + col * (kw + 10),
          90 + row * (size === 'wide' ? 72 : 62),
          kw,
          48,
          special ? o.accent : row >= rows - 2 && col < 2 ? '#e6e9ed' : keyTop,
        ),
      );
    }
  }
  // Operator panel: mode keys with LEDs.
  parts.push(rect(88, 600, 1012, 210, shade(base, siemens ? 0.85 : 0.93), ' rx="16"'));
  for (let row = 0; row < 2; row += 1) {
    for (let col = 0; col < 7; col += 1) {
      const lit = (row === 0 && col === 2) || (row === 1 && col === 4);
      // Last column: cycle start above feed hold.
      const top = col === 6 ? (row === 0 ? palette.green : palette.red) : keyTop;
      parts.push(key(110 + col * 70, 620 + row * 86, 56, 56, top, lit ? palette.green : '#4b5563'));
    }
  }
  parts.push(rotaryKnob(defs, 655, 705, 46, 250, siemens ? '#e5e7eb' : '#2b3036'));
  parts.push(rotaryKnob(defs, 785, 705, 38, 300, siemens ? '#e5e7eb' : '#2b3036'));
  if (siemens) {
    parts.push(bezelButton(defs, 930, 660, 24, palette.green));
    parts.push(bezelButton(defs, 930, 750, 24, palette.red));
  } else {
    parts.push(mpg(defs, 910, 705, 50));
  }
  parts.push(emergencyStop(defs, 1045, 705, 36));
  return parts.join('');
}
