/**
 * Service pictures: small illustrative scenes mixing the solid models with flat badges.
 */
import { chuck, coolantHose, workpiece } from './assemblies';
import { SvgDefs, fmt, palette, shade, studioBackdrop, svgDocument } from './common';
import { cncPanel } from './control-panels';
import {
  type Solid,
  type Vec2,
  type Vec3,
  axisFrame,
  block,
  box,
  circle,
  cylinder,
  emissive,
  metal,
  paint,
  prism,
  revolve,
  rod,
  rotate,
  rubber,
  satin,
  sphere,
  translate,
  tube,
} from './geometry';
import { type CapstanDesign, type CncDesign, capstanSolids, cncExterior } from './machines';
import { gearSolids, productShot } from './parts';
import { type Layer, render3d } from './render-3d';

/** A round badge with a tick, e.g. "installed and approved". */
function tickBadge(defs: SvgDefs, cx: number, cy: number, r: number, colour: string): string {
  const fill = defs.linear([
    { offset: 0, color: shade(colour, 1.2) },
    { offset: 1, color: shade(colour, 0.85) },
  ]);
  return (
    `<circle cx="${fmt(cx + 6)}" cy="${fmt(cy + 10)}" r="${fmt(r)}" fill="#0f172a" opacity="0.18"/>` +
    `<circle cx="${fmt(cx)}" cy="${fmt(cy)}" r="${fmt(r)}" fill="${fill}"/>` +
    `<circle cx="${fmt(cx)}" cy="${fmt(cy)}" r="${fmt(r * 0.86)}" fill="none" stroke="#ffffff" stroke-width="${fmt(r * 0.05)}" opacity="0.6"/>` +
    `<path d="M${fmt(cx - r * 0.42)} ${fmt(cy + r * 0.02)}L${fmt(cx - r * 0.1)} ${fmt(cy + r * 0.34)}L${fmt(cx + r * 0.46)} ${fmt(cy - r * 0.32)}" fill="none" stroke="#ffffff" stroke-width="${fmt(r * 0.17)}" stroke-linecap="round" stroke-linejoin="round"/>`
  );
}

/** A wall calendar card with one day marked. */
function calendar(defs: SvgDefs, x: number, y: number, w: number, marked: number): string {
  const h = w * 0.9;
  const parts: string[] = [
    `<rect x="${fmt(x + 6)}" y="${fmt(y + 10)}" width="${fmt(w)}" height="${fmt(h)}" rx="16" fill="#0f172a" opacity="0.16"/>`,
    `<rect x="${fmt(x)}" y="${fmt(y)}" width="${fmt(w)}" height="${fmt(h)}" rx="16" fill="#ffffff"/>`,
    `<path d="M${fmt(x)} ${fmt(y + 16)}a16 16 0 0 1 16 -16h${fmt(w - 32)}a16 16 0 0 1 16 16v${fmt(h * 0.2 - 16)}h${fmt(-w)}Z" fill="${defs.linear(
      [
        { offset: 0, color: palette.brandLight },
        { offset: 1, color: palette.brand },
      ],
    )}"/>`,
  ];
  for (const rx of [0.28, 0.72]) {
    parts.push(`<rect x="${fmt(x + w * rx - 6)}" y="${fmt(y - 16)}" width="12" height="34" rx="6" fill="#475569"/>`);
  }
  const cell = (w - 40) / 7;
  for (let i = 0; i < 28; i += 1) {
    const cx = x + 20 + (i % 7) * cell;
    const cy = y + h * 0.27 + Math.floor(i / 7) * cell * 0.95;
    const isMarked = i === marked;
    parts.push(
      `<rect x="${fmt(cx + 3)}" y="${fmt(cy + 3)}" width="${fmt(cell - 6)}" height="${fmt(cell * 0.95 - 6)}" rx="5" fill="${isMarked ? palette.orange : '#e2e8f0'}"/>`,
    );
  }
  return parts.join('');
}

/** Two curved arrows chasing each other: "upgrade" / "retrofit". */
function cycleBadge(defs: SvgDefs, cx: number, cy: number, r: number): string {
  const fill = defs.linear([
    { offset: 0, color: shade(palette.orange, 1.15) },
    { offset: 1, color: palette.orangeDark },
  ]);
  const arc = (start: number): string => {
    const a0 = (start * Math.PI) / 180;
    const a1 = ((start + 140) * Math.PI) / 180;
    const rr = r * 0.55;
    const x0 = cx + Math.cos(a0) * rr;
    const y0 = cy + Math.sin(a0) * rr;
    const x1 = cx + Math.cos(a1) * rr;
    const y1 = cy + Math.sin(a1) * rr;
    const tip = (a1 * 180) / Math.PI + 90;
    return (
      `<path d="M${fmt(x0)} ${fmt(y0)}A${fmt(rr)} ${fmt(rr)} 0 0 1 ${fmt(x1)} ${fmt(y1)}" fill="none" stroke="#ffffff" stroke-width="${fmt(r * 0.14)}" stroke-linecap="round"/>` +
      `<g transform="translate(${fmt(x1)} ${fmt(y1)}) rotate(${fmt(tip)})"><path d="M0 ${fmt(-r * 0.2)}L${fmt(r * 0.2)} ${fmt(r * 0.06)}L${fmt(-r * 0.2)} ${fmt(r * 0.06)}Z" fill="#ffffff"/></g>`
    );
  };
  return (
    `<circle cx="${fmt(cx + 6)}" cy="${fmt(cy + 10)}" r="${fmt(r)}" fill="#0f172a" opacity="0.18"/>` +
    `<circle cx="${fmt(cx)}" cy="${fmt(cy)}" r="${fmt(r)}" fill="${fill}"/>` +
    arc(200) +
    arc(20)
  );
}

function scene(
  layers: readonly Layer[],
  fit: readonly Solid[],
  yaw: number,
  pitch: number,
  overlay: (defs: SvgDefs) => string,
  tint = '#dbe4f0',
): string {
  const defs = new SvgDefs();
  const backdrop = studioBackdrop(defs, { tint });
  const rendered = render3d(defs, {
    camera: { yaw, pitch },
    layers,
    focus: fit,
    viewport: { x: 90, y: 170, width: 860, height: 560 },
  });
  return svgDocument(defs, backdrop + rendered.markup + overlay(defs));
}

export function installationCnc(design: CncDesign): string {
  const machine = cncExterior(design);
  return scene(machine.layers, machine.fit, 18, 12, (defs) => tickBadge(defs, 1020, 190, 95, palette.green));
}

export function installationCapstan(design: CapstanDesign): string {
  const solids = capstanSolids(design);
  return scene([{ solids }], solids, 20, 14, (defs) => tickBadge(defs, 1030, 180, 90, palette.green), '#d7e6dc');
}

/** Combination spanner outline: ring end at the origin side, open end at +x. */
function spannerOutline(length: number, ring: number, jaw: number): Vec2[] {
  const h = ring * 0.32;
  const a = -ring * 0.2;
  const b = length;
  const ringR = ring;
  const openR = ring * 1.08;
  const points: Vec2[] = [];
  const arc = (cx: number, r: number, from: number, to: number, steps: number): void => {
    for (let i = 0; i <= steps; i += 1) {
      const t = from + ((to - from) * i) / steps;
      points.push([cx + Math.cos(t) * r, Math.sin(t) * r]);
    }
  };
  const ringHalf = Math.asin(h / ringR);
  const openHalf = Math.asin(h / openR);
  const jawHalf = Math.asin(jaw / openR);
  // Handle top edge, open end round the top to the jaw, jaw, round the bottom, handle, ring.
  arc(b, openR, Math.PI - openHalf, jawHalf, 18);
  points.push([b - jaw * 0.3, jaw], [b - jaw * 0.3, -jaw]);
  arc(b, openR, -jawHalf, -Math.PI + openHalf, 18);
  arc(a, ringR, -ringHalf, -Math.PI * 2 + ringHalf, 36);
  return points;
}

function spanner(length: number, ring: number, thickness: number): Solid {
  const hole: Vec2[] = Array.from({ length: 24 }, (_, i): Vec2 => {
    const t = (i * Math.PI * 2) / 24;
    const r = i % 2 === 0 ? ring * 0.62 : ring * 0.52;
    return [-ring * 0.2 + Math.cos(t) * r, Math.sin(t) * r];
  });
  return prism(spannerOutline(length, ring, ring * 0.45), axisFrame('z', [0, 0, 0]), thickness, metal('#c3cad1'), {
    holes: [hole],
  });
}

export function maintenanceContract(): string {
  const gear = gearSolids({ teeth: 28, radius: 150, width: 40, hub: true, tone: '#9aa4ae' }, 'y', [0, 0, 0], 0.1);
  // Spanner lying across the gear, tilted slightly so it rests on the hub.
  const wrench = translate(rotate(rotate([spanner(360, 48, 14)], 'x', -90), 'y', 35), [-170, 70, 170]);
  return productShot(
    [...gear, ...wrench],
    { yaw: 14, pitch: 36, viewport: { x: 100, y: 180, width: 720, height: 540 } },
    (defs) => calendar(defs, 850, 150, 250, 17),
  );
}

function pendant(base: Vec3, trim: string): Solid[] {
  const [x, y, z] = base;
  const s: Solid[] = [];
  s.push(rod([x, y, z], [x + 260, y + 120, z + 40], 22, satin('#9aa3ab'), 16));
  s.push(box([x + 260, y - 40, z + 20], [x + 620, y + 560, z + 130], paint('#d4d7db')));
  s.push(box([x + 285, y + 280, z + 130], [x + 595, y + 530, z + 136], paint('#1f252b')));
  s.push(box([x + 300, y + 295, z + 136], [x + 580, y + 515, z + 139], emissive('#0d3b73')));
  for (let i = 0; i < 3; i += 1) {
    s.push(
      box([x + 320, y + 470 - i * 40, z + 139], [x + 420 + i * 30, y + 484 - i * 40, z + 141], emissive('#7dd3fc')),
    );
  }
  for (let row = 0; row < 3; row += 1) {
    for (let col = 0; col < 6; col += 1) {
      const kx = x + 290 + col * 52;
      const ky = y + 90 + row * 54;
      s.push(box([kx, ky, z + 130], [kx + 40, ky + 40, z + 140], paint(row === 2 && col > 3 ? trim : '#eef0f2')));
    }
  }
  s.push(cylinder('z', [x + 560, y + 10, z + 130], 10, 38, paint(palette.red), 24));
  return s;
}

export function retrofit(design: CapstanDesign): string {
  const lathe = capstanSolids(design);
  // Servo motor on the saddle end and a CNC pendant on a swing arm from the headstock.
  const L = design.bedLength;
  const servo = [
    box([L - 40, 880, -120], [L + 140, 1060, 60], paint('#1f2937')),
    cylinder('x', [L + 140, 970, -30], 60, 60, paint(palette.orange), 24),
  ];
  const solids = [...lathe, ...servo, ...pendant([560, 1460, 0], palette.orange)];
  return scene([{ solids }], solids, 20, 12, (defs) => cycleBadge(defs, 1040, 170, 88));
}

export function retrofitPanel(): string {
  const defs = new SvgDefs();
  const backdrop = studioBackdrop(defs, { tint: '#e2e8f0' });
  const panel = cncPanel(defs, { controller: 'fanuc', accent: palette.orange, trim: palette.brand, screen: 'wide' });
  return svgDocument(
    defs,
    `${backdrop}<g transform="translate(150 150) scale(0.72)">${panel}</g>${cycleBadge(defs, 1060, 130, 80)}`,
  );
}

/** A trainer at a board with a part drawing, two trainees in front: all flat shapes. */
export function training(variant: 'classroom' | 'shopfloor'): string {
  const defs = new SvgDefs();
  const backdrop = studioBackdrop(defs, { tint: variant === 'classroom' ? '#dde6f3' : '#e5e2d8' });
  const parts: string[] = [backdrop];
  const boardX = 300;
  const boardY = 110;
  const boardW = 620;
  const boardH = 400;
  parts.push(
    `<rect x="${boardX + 8}" y="${boardY + 12}" width="${boardW}" height="${boardH}" rx="12" fill="#0f172a" opacity="0.15"/>`,
  );
  parts.push(
    `<rect x="${boardX}" y="${boardY}" width="${boardW}" height="${boardH}" rx="12" fill="${variant === 'classroom' ? '#ffffff' : '#1f3b36'}" stroke="#94a3b8" stroke-width="10"/>`,
  );
  const ink = variant === 'classroom' ? palette.brand : '#e2e8f0';
  const accentInk = variant === 'classroom' ? palette.orange : '#fbbf24';
  // A turned part drawn as a profile with its centre line and a tool path.
  const profile: [number, number][] = [
    [0.08, 0.78],
    [0.08, 0.3],
    [0.34, 0.3],
    [0.34, 0.44],
    [0.58, 0.44],
    [0.64, 0.54],
    [0.84, 0.54],
    [0.84, 0.78],
  ];
  const toScreen = ([u, v]: [number, number]): string => `${fmt(boardX + u * boardW)} ${fmt(boardY + v * boardH)}`;
  parts.push(
    `<path d="M${profile.map(toScreen).join('L')}" fill="none" stroke="${ink}" stroke-width="7" stroke-linejoin="round"/>`,
  );
  parts.push(
    `<path d="M${toScreen([0.04, 0.78])}L${toScreen([0.9, 0.78])}" stroke="${ink}" stroke-width="3" stroke-dasharray="24 8 4 8"/>`,
  );
  parts.push(
    `<path d="M${profile.map(([u, v]) => toScreen([u + 0.015, v - 0.05])).join('L')}" fill="none" stroke="${accentInk}" stroke-width="4" stroke-dasharray="12 8"/>`,
  );
  for (const [u, v] of [
    [0.08, 0.22],
    [0.34, 0.22],
  ] as const) {
    parts.push(`<path d="M${toScreen([u, v])}L${toScreen([u + 0.26, v])}" stroke="${ink}" stroke-width="2.5"/>`);
  }
  // Trainer.
  const tx = 190;
  const ty = 520;
  parts.push(
    `<path d="M${tx - 74} 900L${tx - 60} ${ty + 40}Q${tx} ${ty} ${tx + 60} ${ty + 40}L${tx + 74} 900Z" fill="${palette.brand}"/>`,
  );
  parts.push(`<rect x="${tx - 20}" y="${ty + 20}" width="40" height="50" fill="#e5e7eb"/>`);
  parts.push(
    `<path d="M${tx + 50} ${ty + 60}L${tx + 170} ${ty - 70}" stroke="${palette.brand}" stroke-width="34" stroke-linecap="round"/>`,
  );
  parts.push(`<circle cx="${tx + 172}" cy="${ty - 74}" r="20" fill="#c68b59"/>`);
  parts.push(
    `<path d="M${tx + 180} ${ty - 80}L${tx + 250} ${ty - 150}" stroke="#475569" stroke-width="7" stroke-linecap="round"/>`,
  );
  parts.push(`<circle cx="${tx}" cy="${ty - 40}" r="52" fill="#c68b59"/>`);
  parts.push(`<path d="M${tx - 62} ${ty - 50}A62 62 0 0 1 ${tx + 62} ${ty - 50}Z" fill="${palette.orange}"/>`);
  parts.push(`<rect x="${tx - 74}" y="${ty - 56}" width="148" height="14" rx="7" fill="${palette.orangeDark}"/>`);
  // Trainees seen from behind.
  const trainee = (cx: number, shirt: string, helmet: string): string =>
    `<path d="M${cx - 110} 900L${cx - 96} 780Q${cx} 720 ${cx + 96} 780L${cx + 110} 900Z" fill="${shirt}"/>` +
    `<circle cx="${cx}" cy="700" r="62" fill="#3b2f2a"/>` +
    `<path d="M${cx - 70} 700A70 70 0 0 1 ${cx + 70} 700Z" fill="${helmet}"/>` +
    `<rect x="${cx - 82}" y="694" width="164" height="14" rx="7" fill="${shade(helmet, 0.8)}"/>`;
  parts.push(trainee(560, '#475569', palette.yellow));
  parts.push(trainee(860, '#334155', '#f8fafc'));
  if (variant === 'shopfloor') {
    parts.push(
      `<g transform="translate(960 200) scale(0.2)">${cncPanel(defs, { controller: 'siemens', accent: palette.orange, trim: palette.brand })}</g>`,
    );
  }
  return svgDocument(defs, parts.join(''));
}

export function customParts(): string {
  const solids: Solid[] = [];
  // Flange with a bolt circle.
  const bolts = Array.from({ length: 6 }, (_, i) =>
    circle(14, 20, 0, Math.cos((i * Math.PI) / 3) * 115, Math.sin((i * Math.PI) / 3) * 115),
  );
  solids.push(
    prism(circle(150, 64), axisFrame('y', [-220, 0, -40]), 36, satin('#c7ced5'), { holes: [circle(60, 40), ...bolts] }),
  );
  solids.push(tube('y', [-220, 36, -40], 60, 85, 60, satin('#c7ced5'), 48));
  // Stepped shaft.
  solids.push(
    revolve(
      [
        [0, 0],
        [0, 40],
        [120, 40],
        [120, 55],
        [260, 55],
        [280, 35],
        [420, 35],
        [420, 0],
      ],
      axisFrame('x', [80, 55, 200]),
      metal('#cfd5db'),
      44,
    ),
  );
  // Hex bar part and a bush.
  solids.push(prism(circle(50, 6), axisFrame('y', [260, 0, -120]), 90, metal('#b9c1c9'), { holes: [circle(24, 28)] }));
  solids.push(tube('y', [60, 0, -260], 110, 55, 35, metal('#c09a5b'), 44));
  return productShot(solids, { yaw: 18, pitch: 30, order: 'depth' }, (defs) =>
    tickBadge(defs, 1050, 150, 70, palette.brand),
  );
}

export function turningInAction(): string {
  const axisY = 260;
  const solids: Solid[] = [];
  solids.push(box([-200, 0, -260], [120, 90, 260], paint('#475569')));
  solids.push(box([-200, 90, -200], [60, axisY + 200, 200], paint('#64748b')));
  solids.push(...chuck(200, axisY, 0, 150, 140, metal('#a7b0b9')));
  solids.push(workpiece(260, axisY, 0, 55, 300));
  // Tool holder and tool approaching from the front.
  solids.push(box([380, axisY - 60, 120], [470, axisY - 8, 260], paint('#374151')));
  solids.push(box([405, axisY - 20, 60], [435, axisY + 4, 180], satin('#d9c27a')));
  // Chips curling off the cut, coolant jet.
  solids.push(...coolantHose([440, axisY + 20, 70], [520, axisY + 120, 140], [470, axisY + 40, 220], 12, 6, '#93c5fd'));
  solids.push(...coolantHose([420, axisY + 160, -40], [380, axisY + 140, 20], [410, axisY + 60, 60], 10, 7, '#2563eb'));
  solids.push(sphere([455, axisY + 5, 80], 8, metal('#d97706')));
  solids.push(rod([440, axisY + 10, 60], [520, axisY - 40, 110], 4, metal('#b45309'), 8));
  return productShot(solids, { yaw: 26, pitch: 20, viewport: { x: 120, y: 130, width: 960, height: 600 } });
}

export function breakdownSupport(): string {
  const solids: Solid[] = [];
  // Toolbox.
  const red = paint(palette.orange);
  solids.push(box([-260, 0, -120], [160, 170, 120], red));
  solids.push(box([-265, 160, -125], [165, 178, 125], paint(palette.orangeDark)));
  solids.push(box([-255, 178, -115], [155, 230, 115], red));
  solids.push(box([-60, 230, -10], [-40, 290, 10], metal()), box([40, 230, -10], [60, 290, 10], metal()));
  solids.push(rod([-50, 290, 0], [50, 290, 0], 12, rubber(), 14));
  solids.push(box([-30, 190, 120], [30, 215, 130], metal('#d1d7dc')));
  // A spare bearing and the spanner in front.
  solids.push(tube('y', [260, 0, 80], 30, 90, 45, metal('#c9d0d6'), 48));
  solids.push(tube('y', [260, 30, 80], 1, 78, 57, rubber('#1f2937'), 48));
  solids.push(...translate(rotate(rotate([spanner(300, 40, 12)], 'x', -90), 'y', 20), [-200, 12, 260]));
  solids.push(block([300, 60, -140], [120, 120, 120], paint(palette.brand)));
  return productShot(solids, { yaw: 22, pitch: 26, order: 'depth' }, (defs) => clockBadge(defs, 1040, 170, 80));
}

/** A clock face: response time. */
function clockBadge(defs: SvgDefs, cx: number, cy: number, r: number): string {
  const rim = defs.linear([
    { offset: 0, color: palette.brandLight },
    { offset: 1, color: palette.brandDark },
  ]);
  const marks = Array.from({ length: 12 }, (_, i) => {
    const a = (i * Math.PI) / 6;
    return `<line x1="${fmt(cx + Math.cos(a) * r * 0.62)}" y1="${fmt(cy + Math.sin(a) * r * 0.62)}" x2="${fmt(cx + Math.cos(a) * r * 0.72)}" y2="${fmt(cy + Math.sin(a) * r * 0.72)}" stroke="#334155" stroke-width="4" stroke-linecap="round"/>`;
  }).join('');
  return (
    `<circle cx="${fmt(cx + 6)}" cy="${fmt(cy + 10)}" r="${fmt(r)}" fill="#0f172a" opacity="0.18"/>` +
    `<circle cx="${fmt(cx)}" cy="${fmt(cy)}" r="${fmt(r)}" fill="${rim}"/>` +
    `<circle cx="${fmt(cx)}" cy="${fmt(cy)}" r="${fmt(r * 0.8)}" fill="#ffffff"/>` +
    marks +
    `<line x1="${fmt(cx)}" y1="${fmt(cy)}" x2="${fmt(cx)}" y2="${fmt(cy - r * 0.5)}" stroke="#0f172a" stroke-width="7" stroke-linecap="round"/>` +
    `<line x1="${fmt(cx)}" y1="${fmt(cy)}" x2="${fmt(cx + r * 0.38)}" y2="${fmt(cy + r * 0.12)}" stroke="${palette.orange}" stroke-width="6" stroke-linecap="round"/>` +
    `<circle cx="${fmt(cx)}" cy="${fmt(cy)}" r="8" fill="#0f172a"/>`
  );
}
