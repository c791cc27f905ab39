/**
 * Spare-part pictures. Each generator builds a small solid model (millimetres, resting on the
 * floor at y = 0) and renders it on the studio backdrop.
 */
import { chuckJaws, coolantHose, pilotWheel } from './assemblies';
import { SvgDefs, palette, shade, studioBackdrop, svgDocument } from './common';
import {
  type Face,
  type Frame,
  type Material,
  type Solid,
  type Vec2,
  type Vec3,
  add,
  at,
  axisFrame,
  block,
  box,
  capsOf,
  circle,
  cylinder,
  dot,
  frameBetween,
  gearProfile,
  metal,
  normalize,
  paint,
  prism,
  revolve,
  revolveSector,
  rod,
  rotate,
  rubber,
  satin,
  scale,
  sphere,
  sub,
  translate,
  tube,
} from './geometry';
import { type Camera, type Viewport, render3d, viewDirection } from './render-3d';

export interface Shot {
  readonly yaw?: number;
  readonly pitch?: number;
  readonly tint?: string;
  readonly order?: 'list' | 'depth';
  readonly viewport?: Viewport;
}

const DEFAULT_VIEWPORT: Viewport = { x: 210, y: 150, width: 780, height: 540 };

/** Renders solids on the studio backdrop; shared with the service scenes. */
export function productShot(solids: readonly Solid[], shot: Shot = {}, overlay?: (defs: SvgDefs) => string): string {
  const defs = new SvgDefs();
  const backdrop = studioBackdrop(defs, { tint: shot.tint ?? '#dbe4f0' });
  const camera: Camera = { yaw: shot.yaw ?? 32, pitch: shot.pitch ?? 22 };
  const rendered = render3d(defs, {
    camera,
    layers: [{ solids, order: shot.order ?? 'list' }],
    viewport: shot.viewport ?? DEFAULT_VIEWPORT,
  });
  return svgDocument(defs, backdrop + rendered.markup + (overlay === undefined ? '' : overlay(defs)));
}

const steel = (tone = '#b7c0c9'): Material => metal(tone);
const blackOxide = (): Material => satin('#3a3f46');
const bronze = (): Material => metal('#b9925a');
const gold = (): Material => metal('#d4b04c');

/** Splits solids into those behind and in front of a point for the given camera. */
function splitByDepth(solids: readonly Solid[], centre: Vec3, camera: Camera): [Solid[], Solid[]] {
  const eye = viewDirection(camera);
  const behind: Solid[] = [];
  const front: Solid[] = [];
  for (const s of solids) {
    const p = s.kind === 'sphere' ? s.center : (s.faces[0]?.points[0] ?? centre);
    (dot(sub(p, centre), eye) < 0 ? behind : front).push(s);
  }
  return [behind, front];
}

/* ------------------------------------------------------------------ collets and chucks */

export interface ColletOptions {
  readonly bore: number;
  readonly shape?: 'round' | 'hex' | 'square';
  readonly length?: number;
  readonly tone?: string;
}

/** A dark strip following a turned outline at angle `a`, ending in a radial line on the face. */
function slot(outline: readonly Vec2[], bore: number, frame: Frame, a: number, half: number): Solid {
  const dark = rubber('#16191d');
  const lift = 0.4;
  const point = (w: number, r: number, angle: number): Vec3 =>
    at(frame, Math.cos(angle) * (r + lift), Math.sin(angle) * (r + lift), w);
  const radial = add(scale(frame.u, Math.cos(a)), scale(frame.v, Math.sin(a)));
  const faces: Face[] = [];
  outline.forEach((p, i) => {
    const q = outline[i + 1];
    if (q === undefined) return;
    const dw = q[0] - p[0];
    const dr = q[1] - p[1];
    const len = Math.hypot(dw, dr);
    const h0 = half * (16 / p[1]) * 2;
    const h1 = half * (16 / q[1]) * 2;
    faces.push({
      points: [
        point(p[0], p[1], a - h0),
        point(q[0], q[1], a - h1),
        point(q[0], q[1], a + h1),
        point(p[0], p[1], a + h0),
      ],
      holes: [],
      normal: normalize(add(scale(radial, dw / len), scale(frame.w, -dr / len))),
      material: dark,
      edge: false,
      cap: false,
    });
  });
  const last = outline[outline.length - 1];
  if (last !== undefined) {
    const w = last[0] + lift;
    const tangent = add(scale(frame.u, -Math.sin(a)), scale(frame.v, Math.cos(a)));
    const width = 2.2;
    const inner = at(frame, Math.cos(a) * bore, Math.sin(a) * bore, w);
    const outer = at(frame, Math.cos(a) * last[1], Math.sin(a) * last[1], w);
    faces.push({
      points: [
        add(inner, scale(tangent, -width)),
        add(outer, scale(tangent, -width)),
        add(outer, scale(tangent, width)),
        add(inner, scale(tangent, width)),
      ],
      holes: [],
      normal: frame.w,
      material: dark,
      edge: false,
      cap: false,
    });
  }
  return { kind: 'mesh', faces, capsLast: false };
}

/** A slotted spring collet on the given axis, rear end at `origin`. */
function colletSolids(o: ColletOptions, axis: 'x' | 'y', origin: Vec3, spin = 0): Solid[] {
  const rb = o.bore / 2;
  const body = rb + 12;
  const head = body * 1.28;
  const thread = body * 0.9;
  const L = o.length ?? 120;
  const material = metal(o.tone ?? '#c2c9d0');
  const frame = axisFrame(axis, origin);
  const profile: Vec2[] = [[0, rb]];
  for (let w = 0; w <= L * 0.28; w += 4) {
    profile.push([w, thread - ((w / 4) % 2 === 0 ? 0 : 1.6)]);
  }
  profile.push([L * 0.3, thread], [L * 0.3, body], [L * 0.7, body], [L * 0.88, head], [L, head * 0.93], [L, rb]);
  const solids: Solid[] = [revolve(profile, frame, material, 40)];
  // Slots are dark ribbons laid on the surface: cheaper than modelling three fingers and
  // free of painter's-order problems inside the narrow gaps.
  const slotProfile: Vec2[] = [
    [L * 0.45, body],
    [L * 0.7, body],
    [L * 0.88, head],
    [L, head * 0.93],
  ];
  for (let i = 0; i < 3; i += 1) {
    solids.push(slot(slotProfile, rb, frame, spin + (i * Math.PI * 2) / 3, 0.07));
  }
  if (o.shape === 'hex' || o.shape === 'square') {
    const sides = o.shape === 'hex' ? 6 : 4;
    const r = rb / Math.cos(Math.PI / sides);
    solids.push(
      prism(
        circle(r, sides, Math.PI / sides),
        axisFrame(axis, [origin[0] + (axis === 'x' ? L : 0), origin[1] + (axis === 'y' ? L : 0), origin[2]]),
        0.6,
        rubber('#1a1d21'),
      ),
    );
  } else {
    solids.push(
      cylinder(
        axis,
        [origin[0] + (axis === 'x' ? L : 0), origin[1] + (axis === 'y' ? L : 0), origin[2]],
        0.6,
        rb,
        rubber('#1a1d21'),
        36,
      ),
    );
  }
  return solids;
}

export function collet(o: ColletOptions & { readonly yaw?: number }): string {
  const r = (o.bore / 2 + 12) * 1.28;
  return productShot(colletSolids(o, 'x', [0, r, 0]), { yaw: o.yaw ?? 38, pitch: 18 });
}

/** Several collets standing on end, bores rising left to right. */
export function colletSet(bores: readonly number[], tone?: string): string {
  const solids: Solid[] = [];
  let x = 0;
  bores.forEach((bore, i) => {
    const radius = (bore / 2 + 12) * 1.28;
    const z = i % 2 === 0 ? 0 : -70;
    solids.push(
      ...colletSolids(
        { bore, length: 90 + bore * 1.2, ...(tone === undefined ? {} : { tone }) },
        'y',
        [x + radius, 0, z],
        i * 0.7,
      ),
    );
    x += radius * 2 + 20;
  });
  return productShot(solids, { yaw: 18, pitch: 24, order: 'depth' });
}

export function colletChuck(o: { readonly bore: number; readonly body: string }): string {
  const frame = axisFrame('x', [0, 110, 0]);
  const bodyMat = paint(o.body);
  const solids: Solid[] = [
    revolve(
      [
        [0, 0],
        [0, 108],
        [30, 108],
        [30, 84],
        [120, 76],
        [120, 0],
      ],
      frame,
      bodyMat,
      48,
    ),
  ];
  for (let i = 0; i < 6; i += 1) {
    const a = (i * Math.PI) / 3 + 0.3;
    solids.push(
      prism(circle(8, 6), axisFrame('x', [30, 110 + Math.cos(a) * 94, Math.sin(a) * 94]), 8, steel('#9aa3ac')),
    );
  }
  const knurl: Vec2[] = Array.from({ length: 72 }, (_, i): Vec2 => {
    const a = (i * Math.PI * 2) / 72;
    const r = i % 2 === 0 ? 72 : 68;
    return [Math.cos(a) * r, Math.sin(a) * r];
  });
  solids.push(prism(knurl, axisFrame('x', [120, 110, 0]), 60, steel('#aab3bc'), { holes: [circle(40, 36)] }));
  solids.push(
    revolve(
      [
        [180, 40],
        [180, 64],
        [200, 58],
        [200, 40],
      ],
      axisFrame('x', [0, 110, 0]),
      steel('#c6cdd4'),
      48,
    ),
  );
  solids.push(...colletSolids({ bore: o.bore, length: 150 }, 'x', [55, 110, 0]));
  return productShot(solids, { yaw: 50, pitch: 18 });
}

function chuckFaceUp(radius: number, depth: number, body: Material, jaw: Material, bolts: boolean): Solid[] {
  const solids: Solid[] = [
    revolve(
      [
        [0, 0],
        [0, radius * 0.95],
        [6, radius],
        [depth - 6, radius],
        [depth, radius * 0.95],
        [depth, radius * 0.22],
        [depth - 20, radius * 0.18],
        [depth - 20, 0],
      ],
      axisFrame('x', [0, 0, 0]),
      body,
      56,
    ),
  ];
  for (let i = 0; i < 3; i += 1) {
    const a = (i * Math.PI * 2) / 3 + Math.PI / 3;
    const r = radius * (bolts ? 0.82 : 0.78);
    solids.push(cylinder('x', [depth, Math.cos(a) * r, Math.sin(a) * r], 2, radius * 0.065, rubber('#2a2f35'), 12));
  }
  if (bolts) {
    for (let i = 0; i < 6; i += 1) {
      const a = (i * Math.PI) / 3;
      solids.push(
        cylinder(
          'x',
          [depth, Math.cos(a) * radius * 0.3, Math.sin(a) * radius * 0.3],
          5,
          radius * 0.035,
          blackOxide(),
          12,
        ),
      );
    }
  }
  solids.push(...chuckJaws(depth, 0, 0, radius, jaw, 90));
  return rotate(solids, 'z', 90);
}

export function threeJawChuck(o: { readonly diameter: number; readonly body: string }): string {
  const radius = o.diameter / 2;
  const solids = chuckFaceUp(radius, radius * 0.55, metal(o.body), steel('#8e98a2'), false);
  // Chuck key lying in front.
  const ky = 12;
  const kz = radius * 1.35;
  const key: Solid[] = [
    rod([-radius * 0.5, ky, kz], [radius * 0.5, ky, kz], 10, satin('#c9d0d6'), 14),
    rod([0, ky, kz], [0, ky, kz - radius * 0.6], 12, satin('#c9d0d6'), 14),
    block([0, ky, kz - radius * 0.6 - 14], [20, 20, 28], satin('#aab3bc')),
    sphere([-radius * 0.5, ky, kz], 14, rubber()),
    sphere([radius * 0.5, ky, kz], 14, rubber()),
  ];
  return productShot([...solids, ...key], { yaw: 28, pitch: 34 });
}

export function powerChuck(o: { readonly diameter: number }): string {
  const radius = o.diameter / 2;
  const solids = chuckFaceUp(radius, radius * 0.45, satin('#4b5159'), steel('#b3bcc5'), true);
  return productShot(solids, { yaw: -24, pitch: 36 });
}

export function rotaryCylinder(o: { readonly body: string }): string {
  const frame = axisFrame('x', [0, 120, 0]);
  const solids: Solid[] = [
    revolve(
      [
        [0, 0],
        [0, 116],
        [24, 116],
        [24, 100],
        [34, 104],
        [200, 104],
        [210, 96],
        [210, 0],
      ],
      frame,
      paint(o.body),
      56,
    ),
    revolve(
      [
        [-60, 0],
        [-60, 44],
        [0, 44],
        [0, 0],
      ],
      frame,
      steel('#c7ced5'),
      40,
    ),
    revolve(
      [
        [210, 0],
        [210, 70],
        [290, 70],
        [300, 62],
        [300, 0],
      ],
      frame,
      steel('#b0b9c2'),
      40,
    ),
  ];
  for (let i = 0; i < 8; i += 1) {
    const a = (i * Math.PI) / 4;
    solids.push(prism(circle(7, 6), axisFrame('x', [-6, 120 + Math.cos(a) * 100, Math.sin(a) * 100]), 6, blackOxide()));
  }
  for (const [x, colour] of [
    [235, palette.orange],
    [270, '#2563eb'],
  ] as const) {
    solids.push(cylinder('y', [x, 185, 0], 30, 14, steel('#d0d6dc'), 16));
    solids.push(prism(circle(16, 6), axisFrame('y', [x, 196, 0]), 10, steel('#9ea8b2')));
    solids.push(cylinder('y', [x, 215, 0], 14, 11, paint(colour), 16));
  }
  solids.push(box([240, 40, -50], [280, 58, 50], blackOxide()));
  return productShot(solids, { yaw: 40, pitch: 20 });
}

/* ------------------------------------------------------------------ tooling */

export type ToolHolderKind = 'boring' | 'knee' | 'drill' | 'vdi';

export function toolHolder(kind: ToolHolderKind): string {
  const solids: Solid[] = [];
  const y = 60;
  if (kind === 'vdi') {
    const shank: Vec2[] = [
      [-120, 0],
      [-120, 13],
    ];
    for (let w = -110; w <= -20; w += 10) shank.push([w - 5, 15], [w, 13]);
    shank.push([0, 15], [0, 0]);
    solids.push(revolve(shank, axisFrame('x', [0, y + 25, 0]), blackOxide(), 28));
    solids.push(box([0, y - 40, -45], [70, y + 70, 45], blackOxide()));
    solids.push(tube('x', [70, y + 25, 0], 6, 26, 16, steel('#9ea8b2'), 32));
    solids.push(rod([76, y + 25, 0], [220, y + 25, 0], 14, satin('#d3d9de'), 20));
    solids.push(block([215, y + 36, 0], [16, 8, 16], gold()));
    for (const z of [-25, 25]) solids.push(cylinder('y', [35, y + 70, z], 4, 8, steel('#aab3bc'), 12));
    return productShot(solids, { yaw: 40, pitch: 20 });
  }
  solids.push(rod([-170, y, 0], [0, y, 0], 24, satin('#c2c9d0'), 28));
  solids.push(box([0, y - 50, -50], [80, y + 45, 50], paint('#4b5563')));
  solids.push(box([-6, y - 60, -60], [4, y + 55, 60], paint('#374151')));
  for (const z of [-25, 25]) solids.push(prism(circle(9, 6), axisFrame('y', [40, y + 45, z]), 10, steel('#aab3bc')));
  if (kind === 'boring') {
    solids.push(rod([80, y, 0], [240, y, 0], 12, satin('#d7dce1'), 20));
    solids.push(block([236, y + 10, 0], [14, 8, 14], gold()));
  } else if (kind === 'knee') {
    solids.push(box([20, y - 130, 10], [60, y - 50, 48], paint('#4b5563')));
    solids.push(box([30, y - 112, 48], [50, y - 94, 130], satin('#d9c27a')));
  } else {
    solids.push(
      revolve(
        [
          [80, 0],
          [80, 30],
          [130, 30],
          [150, 20],
          [150, 0],
        ],
        axisFrame('x', [0, y, 0]),
        steel('#c2c9d0'),
        32,
      ),
    );
    solids.push(
      revolve(
        [
          [150, 0],
          [150, 8],
          [280, 8],
          [292, 0],
        ],
        axisFrame('x', [0, y, 0]),
        satin('#8d8a80'),
        16,
      ),
    );
  }
  return productShot(solids, { yaw: 44, pitch: 20 });
}

export function fourWayToolPost(o: { readonly body: string }): string {
  const solids: Solid[] = [];
  solids.push(box([-110, 0, -110], [110, 18, 110], paint(shade(o.body, 0.8))));
  solids.push(box([-95, 18, -95], [95, 150, 95], paint(o.body)));
  solids.push(box([-95, 56, 92], [95, 106, 96], rubber('#22262b')));
  solids.push(box([92, 56, -95], [96, 106, 95], rubber('#22262b')));
  solids.push(box([-20, 62, 60], [16, 96, 190], satin('#d6c38a')));
  solids.push(box([60, 62, -14], [200, 90, 16], satin('#d6c38a')));
  for (const [x, z] of [
    [-50, 55],
    [30, 55],
    [55, -50],
    [55, 30],
  ] as const) {
    solids.push(cylinder('y', [x, 150, z], 16, 14, steel('#c8cfd6'), 16));
    solids.push(prism(circle(15, 6), axisFrame('y', [x, 166, z]), 14, steel('#9ea8b2')));
  }
  solids.push(cylinder('y', [0, 150, 0], 40, 30, steel('#b6bfc7'), 24));
  solids.push(rod([0, 180, 0], [-170, 215, -60], 10, satin('#c8cfd6'), 12));
  solids.push(sphere([-170, 215, -60], 24, rubber()));
  return productShot(solids, { yaw: 32, pitch: 26 });
}

/* ------------------------------------------------------------------ bearings */

export interface BearingOptions {
  readonly outer: number;
  readonly bore: number;
  readonly width: number;
  readonly balls?: number;
  readonly stacked?: boolean;
  readonly shield?: boolean;
}

function ballBearing(o: BearingOptions, base: Vec3, camera: Camera): Solid[] {
  const Ro = o.outer / 2;
  const Ri = o.bore / 2;
  const W = o.width;
  const pitch = (Ro + Ri) / 2;
  const ringT = (Ro - Ri) * 0.26;
  const frame = axisFrame('y', base);
  const outerRing = revolve(
    [
      [0, Ro - ringT],
      [0, Ro - 1.5],
      [1.5, Ro],
      [W - 1.5, Ro],
      [W, Ro - 1.5],
      [W, Ro - ringT],
    ],
    frame,
    steel('#c3cad1'),
    64,
  );
  const innerRing = revolve(
    [
      [0, Ri + 1.5],
      [0, Ri + ringT],
      [W, Ri + ringT],
      [W, Ri + 1.5],
      [W - 1.5, Ri],
      [1.5, Ri],
    ],
    frame,
    steel('#c9d0d6'),
    56,
  );
  if (o.shield) {
    const seal = tube(
      'y',
      [base[0], base[1] + W - 1.5, base[2]],
      1,
      Ro - ringT + 0.5,
      Ri + ringT - 0.5,
      rubber('#1f2937'),
      64,
    );
    return [outerRing, innerRing, seal];
  }
  const count = o.balls ?? 12;
  const ballR = (Ro - Ri - 2 * ringT) * 0.55;
  const balls: Solid[] = Array.from({ length: count }, (_, i) => {
    const a = (i * Math.PI * 2) / count;
    return sphere(
      [base[0] + Math.cos(a) * pitch, base[1] + W / 2, base[2] + Math.sin(a) * pitch],
      ballR,
      metal('#dfe4e8'),
    );
  });
  const cage = tube(
    'y',
    [base[0], base[1] + W * 0.5, base[2]],
    1.2,
    pitch + ballR * 0.5,
    pitch - ballR * 0.5,
    metal('#c4a15a'),
    64,
  );
  const [farBalls, nearBalls] = splitByDepth(balls, [base[0], base[1] + W / 2, base[2]], camera);
  return [outerRing, ...farBalls, cage, innerRing, ...nearBalls, capsOf(outerRing), capsOf(innerRing)];
}

export function bearing(o: BearingOptions): string {
  const camera: Camera = { yaw: 20, pitch: 42 };
  const solids = ballBearing(o, [0, 0, 0], camera);
  if (o.stacked) solids.push(...ballBearing(o, [0, o.width + 0.5, 0], camera));
  return productShot(solids, { ...camera, viewport: { x: 260, y: 150, width: 680, height: 540 } });
}

export function taperRollerBearing(o: {
  readonly outer: number;
  readonly bore: number;
  readonly width: number;
}): string {
  const Ro = o.outer / 2;
  const Ri = o.bore / 2;
  const W = o.width;
  const solids: Solid[] = [];
  // Cup standing behind, cone assembly lying in front.
  const cupFrame = axisFrame('y', [-Ro * 1.1, 0, -Ro * 0.6]);
  solids.push(
    revolve(
      [
        [0, Ro - 6],
        [0, Ro],
        [W, Ro],
        [W, Ro - 12],
      ],
      cupFrame,
      steel('#c0c8cf'),
      64,
    ),
  );
  const coneFrame = axisFrame('y', [Ro * 0.4, 0, Ro * 0.3]);
  const cone = revolve(
    [
      [0, Ri],
      [0, Ri + 14],
      [3, Ri + 14],
      [W - 3, Ri + 8],
      [W, Ri + 8],
      [W, Ri],
    ],
    coneFrame,
    steel('#c9d0d6'),
    56,
  );
  const rollers: Solid[] = [];
  const count = 16;
  for (let i = 0; i < count; i += 1) {
    const a = (i * Math.PI * 2) / count;
    const r0 = Ri + 20;
    const r1 = Ri + 13;
    const from: Vec3 = [Ro * 0.4 + Math.cos(a) * r0, 2, Ro * 0.3 + Math.sin(a) * r0];
    const to: Vec3 = [Ro * 0.4 + Math.cos(a) * r1, W - 2, Ro * 0.3 + Math.sin(a) * r1];
    const { frame } = frameBetween(from, to);
    const len = Math.hypot(to[0] - from[0], to[1] - from[1], to[2] - from[2]);
    rollers.push(
      revolve(
        [
          [0, 0],
          [0, 6.5],
          [len, 5.2],
          [len, 0],
        ],
        frame,
        metal('#dde2e6'),
        14,
      ),
    );
  }
  const camera: Camera = { yaw: 24, pitch: 36 };
  const [far, near] = splitByDepth(rollers, [Ro * 0.4, W / 2, Ro * 0.3], camera);
  const cage = revolveSector(
    [
      [W * 0.15, Ri + 24],
      [W * 0.15, Ri + 27],
      [W * 0.85, Ri + 20],
      [W * 0.85, Ri + 17],
    ],
    coneFrame,
    metal('#a7845a'),
    0,
    Math.PI * 2 - 0.001,
    56,
  );
  solids.push(...far, cone, ...near, cage);
  return productShot(solids, { ...camera });
}

/* ------------------------------------------------------------------ drive parts */

function cross2(o: Vec2, a: Vec2, b: Vec2): number {
  return (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0]);
}

/** Monotone-chain convex hull; used to wrap belts round pulleys. */
function hull(points: readonly Vec2[]): Vec2[] {
  const sorted = [...points].sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  const lower: Vec2[] = [];
  for (const p of sorted) {
    while (lower.length >= 2 && cross2(lower[lower.length - 2] ?? p, lower[lower.length - 1] ?? p, p) <= 0) lower.pop();
    lower.push(p);
  }
  const upper: Vec2[] = [];
  for (const p of [...sorted].reverse()) {
    while (upper.length >= 2 && cross2(upper[upper.length - 2] ?? p, upper[upper.length - 1] ?? p, p) <= 0) upper.pop();
    upper.push(p);
  }
  return [...lower.slice(0, -1), ...upper.slice(0, -1)];
}

function beltLoop(c1: Vec2, r1: number, c2: Vec2, r2: number): Vec2[] {
  return hull([...circle(r1, 48, 0, c1[0], c1[1]), ...circle(r2, 48, 0, c2[0], c2[1])]);
}

function groovedPulley(centre: Vec3, radius: number, grooves: number, pitch: number, material: Material): Solid {
  const profile: Vec2[] = [
    [0, 0],
    [0, radius],
  ];
  for (let g = 0; g < grooves; g += 1) {
    const w = 6 + g * pitch;
    profile.push(
      [w, radius],
      [w + pitch * 0.25, radius - pitch * 0.6],
      [w + pitch * 0.45, radius - pitch * 0.6],
      [w + pitch * 0.7, radius],
    );
  }
  const end = 12 + (grooves - 1) * pitch + pitch * 0.7;
  profile.push([end, radius], [end, radius * 0.35], [end + 20, radius * 0.35], [end + 20, 0]);
  return revolve(profile, axisFrame('z', centre), material, 56);
}

export function vBeltDrive(o: { readonly belts: number; readonly colour?: string }): string {
  const pitch = 22;
  const big: Vec3 = [0, 200, 0];
  const small: Vec3 = [520, 110, 0];
  const solids: Solid[] = [
    groovedPulley([big[0], big[1], -10], 190, o.belts, pitch, metal('#9aa4ae')),
    groovedPulley([small[0], small[1], -10], 90, o.belts, pitch, metal('#a7b0b9')),
  ];
  const rubberColour = o.colour ?? '#25292f';
  for (let g = 0; g < o.belts; g += 1) {
    const z = -10 + 6 + g * pitch + pitch * 0.1;
    const outer = beltLoop([big[0], big[1]], 196, [small[0], small[1]], 96);
    const inner = beltLoop([big[0], big[1]], 180, [small[0], small[1]], 80);
    solids.push(prism(outer, axisFrame('z', [0, 0, z]), pitch * 0.55, rubber(rubberColour), { holes: [inner] }));
  }
  // A spare belt lying on the floor in front.
  // A spare belt lying on the floor in front; profiles on a y axis are (z, x).
  solids.push(
    prism(beltLoop([330, 40], 110, [330, 470], 110), axisFrame('y', [0, 0, 0]), 14, rubber(shade(rubberColour, 1.25)), {
      holes: [beltLoop([330, 40], 95, [330, 470], 95)],
    }),
  );
  return productShot(solids, { yaw: 22, pitch: 24 });
}

export interface GearOptions {
  readonly teeth: number;
  readonly radius: number;
  readonly width: number;
  readonly bore?: number;
  readonly tone?: string;
  readonly hub?: boolean;
}

export function gearSolids(o: GearOptions, axis: 'x' | 'y' | 'z', origin: Vec3, phase = 0): Solid[] {
  const bore = o.bore ?? o.radius * 0.25;
  const material = metal(o.tone ?? '#a9b3bd');
  const keyway: Vec2[] = [...circle(bore, 28, 0.3)];
  const solids: Solid[] = [
    prism(gearProfile(o.teeth, o.radius, phase), axisFrame(axis, origin), o.width, material, { holes: [keyway] }),
  ];
  if (o.hub ?? false) {
    const offset = o.width;
    const hubOrigin: Vec3 = [
      origin[0] + (axis === 'x' ? offset : 0),
      origin[1] + (axis === 'y' ? offset : 0),
      origin[2] + (axis === 'z' ? offset : 0),
    ];
    solids.push(tube(axis, hubOrigin, o.width * 0.6, bore * 1.9, bore, material, 36));
  }
  return solids;
}

export function gearPair(o: {
  readonly teeth: readonly [number, number];
  readonly module: number;
  readonly tone?: string;
}): string {
  const [t1, t2] = o.teeth;
  const r1 = (o.module * t1) / 2;
  const r2 = (o.module * t2) / 2;
  const tone = o.tone === undefined ? {} : { tone: o.tone };
  const solids = [
    ...gearSolids({ teeth: t1, radius: r1, width: 30, hub: true, ...tone }, 'z', [0, r1 + 20, 0], 0),
    ...gearSolids(
      { teeth: t2, radius: r2, width: 30, hub: true, ...tone },
      'z',
      [r1 + r2, r2 + 20, 0],
      Math.PI + Math.PI / t2 + 0,
    ),
  ];
  return productShot(solids, { yaw: 24, pitch: 16, order: 'depth' });
}

/** Several change gears lying flat. */
export function gearSpread(specs: readonly (readonly [number, number])[], tone?: string): string {
  const solids: Solid[] = [];
  let x = 0;
  specs.forEach(([teeth, radius], i) => {
    const z = i % 2 === 0 ? 0 : radius * 0.9;
    solids.push(
      ...gearSolids(
        { teeth, radius, width: 22, hub: true, ...(tone === undefined ? {} : { tone }) },
        'y',
        [x + radius, 0, z],
        i * 0.2,
      ),
    );
    x += radius * (i % 2 === 0 ? 1.3 : 1.9);
  });
  return productShot(solids, { yaw: 10, pitch: 40, order: 'depth' });
}

/** A cluster of gears on a splined shaft, like a headstock gear block. */
export function gearCluster(teeth: readonly number[], tone?: string, yaw = 40): string {
  const solids: Solid[] = [];
  const axisY = 150;
  const shaftLen = 120 + teeth.length * 70;
  const splines: Vec2[] = Array.from({ length: 24 }, (_, i): Vec2 => {
    const a = (i * Math.PI * 2) / 24;
    const r = i % 4 < 2 ? 30 : 26;
    return [Math.cos(a) * r, Math.sin(a) * r];
  });
  solids.push(prism(splines, axisFrame('x', [-60, axisY, 0]), shaftLen, steel('#c8cfd6')));
  teeth.forEach((t, i) => {
    const radius = t * 2.5;
    solids.push(
      ...gearSolids({ teeth: t, radius, width: 44, bore: 30, ...(tone === undefined ? {} : { tone }) }, 'x', [
        i * 70,
        axisY,
        0,
      ]),
    );
  });
  solids.push(tube('x', [teeth.length * 70, axisY, 0], 20, 50, 30, steel('#b0b9c2'), 32));
  return productShot(solids, { yaw, pitch: 18 });
}

export function wormSet(): string {
  const wheelR = 150;
  const solids: Solid[] = [
    ...gearSolids({ teeth: 40, radius: wheelR, width: 40, hub: true, tone: '#c09a5b' }, 'z', [0, wheelR + 80, -20]),
  ];
  const worm: Vec2[] = [
    [-220, 0],
    [-220, 22],
  ];
  for (let w = -200; w <= 200; w += 16) worm.push([w, 22], [w + 8, 38]);
  worm.push([208, 22], [260, 22], [260, 0]);
  const wormFrame = axisFrame('x', [0, 44, 0]);
  solids.unshift(revolve(worm, wormFrame, metal('#c6cdd4'), 28));
  return productShot(solids, { yaw: 26, pitch: 18 });
}

function threadedRod(
  length: number,
  radius: number,
  pitch: number,
  frame = axisFrame('x', [0, radius, 0]),
  material = metal('#c5ccd3'),
): Solid {
  const profile: Vec2[] = [
    [0, 0],
    [0, radius * 0.7],
    [40, radius * 0.7],
    [40, radius * 0.9],
  ];
  for (let w = 50; w < length - 50; w += pitch)
    profile.push(
      [w, radius * 0.86],
      [w + pitch * 0.3, radius],
      [w + pitch * 0.6, radius],
      [w + pitch * 0.9, radius * 0.86],
    );
  profile.push([length - 40, radius * 0.9], [length - 40, radius * 0.7], [length, radius * 0.7], [length, 0]);
  return revolve(profile, frame, material, 24);
}

export function leadScrew(o: { readonly length: number; readonly nut: 'bronze' | 'ball' }): string {
  const R = 26;
  const y = 70;
  const solids: Solid[] = [threadedRod(o.length, R, 16, axisFrame('x', [0, y, 0]))];
  const nx = o.length * 0.55;
  if (o.nut === 'bronze') {
    solids.push(tube('x', [nx, y, 0], 90, 48, R, bronze(), 40));
    solids.push(box([nx + 10, y - 70, -40], [nx + 80, y - 40, 40], bronze()));
  } else {
    solids.push(
      revolve(
        [
          [0, R],
          [0, 70],
          [16, 70],
          [16, 44],
          [110, 44],
          [110, R],
        ],
        axisFrame('x', [nx, y, 0]),
        blackOxide(),
        40,
      ),
    );
    for (let i = 0; i < 6; i += 1) {
      const a = (i * Math.PI) / 3 + 0.5;
      solids.push(cylinder('x', [nx - 4, y + Math.cos(a) * 57, Math.sin(a) * 57], 4, 6, rubber('#15181b'), 10));
    }
    for (const bx of [-70, o.length + 10]) {
      solids.push(box([bx, 0, -60], [bx + 60, y + 56, 60], blackOxide()));
      solids.push(tube('x', [bx + 60, y, 0], 4, 36, R * 0.7, steel('#aab3bc'), 28));
    }
  }
  return productShot(solids, { yaw: 46, pitch: 22, viewport: { x: 120, y: 160, width: 960, height: 520 } });
}

export function feedShaft(o: { readonly length: number }): string {
  const y = 40;
  // Round bar with a keyway flat along its length.
  const profile: Vec2[] = circle(30, 48).map((p): Vec2 => (p[1] > 0 && Math.abs(p[0]) < 8 ? [p[0], 22] : p));
  const solids: Solid[] = [
    prism(profile, axisFrame('x', [0, y + 30, 0]), o.length, satin('#c5ccd3'), { smooth: true }),
  ];
  solids.push(tube('x', [-30, y + 30, 0], 30, 46, 30, bronze(), 36));
  solids.push(tube('x', [o.length * 0.62, y + 30, 0], 50, 52, 30, steel('#9ea8b2'), 36));
  solids.push(
    ...gearSolids({ teeth: 28, radius: 80, width: 30, bore: 30, tone: '#a7b1bb' }, 'x', [o.length * 0.3, y + 30, 0]),
  );
  return productShot(solids, { yaw: 46, pitch: 22, viewport: { x: 120, y: 160, width: 960, height: 520 } });
}

function lugPlate(radius: number, lugs: number): Vec2[] {
  const points: Vec2[] = [];
  const steps = lugs * 8;
  for (let i = 0; i < steps; i += 1) {
    const a = (i * Math.PI * 2) / steps;
    const onLug = i % 8 < 2;
    const r = onLug ? radius * 1.12 : radius;
    points.push([Math.cos(a) * r, Math.sin(a) * r]);
  }
  return points;
}

export function clutchPack(o: { readonly plates: number }): string {
  const solids: Solid[] = [];
  const R = 90;
  for (let i = 0; i < o.plates; i += 1) {
    const friction = i % 2 === 0;
    const y = i * 7;
    solids.push(
      friction
        ? prism(lugPlate(R, 6), axisFrame('y', [0, y, 0]), 5, metal('#b7793f'), { holes: [circle(R * 0.62, 48)] })
        : prism(circle(R * 0.97, 56), axisFrame('y', [0, y, 0]), 5, metal('#b9c2ca'), {
            holes: [gearProfile(30, R * 0.55, 0, 5)],
          }),
    );
  }
  solids.push(
    prism(lugPlate(R, 6), axisFrame('y', [R * 2.3, 0, R * 0.4]), 5, metal('#b7793f'), {
      holes: [circle(R * 0.62, 48)],
    }),
  );
  solids.push(
    prism(circle(R * 0.97, 56), axisFrame('y', [-R * 0.3, 0, R * 2.1]), 5, metal('#b9c2ca'), {
      holes: [gearProfile(30, R * 0.55, 0, 5)],
    }),
  );
  return productShot(solids, { yaw: 15, pitch: 38, order: 'depth' });
}

export function motorPulley(o: { readonly grooves: number }): string {
  const solids: Solid[] = [groovedPulley([0, 130, 0], 120, o.grooves, 24, metal('#8f9aa5'))];
  solids.push(box([-8, 130 + 36, -10], [8, 130 + 46, 16 + o.grooves * 24 + 30], rubber('#1b1e22')));
  return productShot(solids, { yaw: 64, pitch: 24 });
}

/* ------------------------------------------------------------------ coolant, cutting tools */

export function coolantPump(o: { readonly motor: string }): string {
  const solids: Solid[] = [];
  solids.push(cylinder('y', [0, 0, 0], 40, 58, rubber('#2b3036'), 28));
  for (let i = 0; i < 8; i += 1) {
    const a = (i * Math.PI) / 4;
    solids.push(
      box(
        [Math.cos(a) * 58 - 4, 8, Math.sin(a) * 58 - 4],
        [Math.cos(a) * 58 + 4, 32, Math.sin(a) * 58 + 4],
        rubber('#111316'),
      ),
    );
  }
  solids.push(cylinder('y', [0, 40, 0], 200, 46, paint(shade(o.motor, 0.8)), 28));
  solids.push(box([-130, 240, -130], [130, 262, 130], steel('#aab3bc')));
  for (const [x, z] of [
    [-105, -105],
    [105, -105],
    [-105, 105],
    [105, 105],
  ] as const) {
    solids.push(cylinder('y', [x, 262, z], 6, 9, steel('#d1d7dc'), 12));
  }
  const fins: Vec2[] = Array.from({ length: 48 }, (_, i): Vec2 => {
    const a = (i * Math.PI * 2) / 48;
    const r = i % 2 === 0 ? 92 : 84;
    return [Math.cos(a) * r, Math.sin(a) * r];
  });
  solids.push(prism(fins, axisFrame('y', [0, 262, 0]), 230, paint(o.motor)));
  solids.push(
    revolve(
      [
        [0, 0],
        [0, 90],
        [30, 84],
        [44, 50],
        [44, 0],
      ],
      axisFrame('y', [0, 492, 0]),
      paint(shade(o.motor, 1.15)),
      40,
    ),
  );
  solids.push(box([60, 360, -50], [140, 450, 50], paint(o.motor)));
  solids.push(cylinder('x', [140, 380, 0], 30, 14, rubber(), 16));
  solids.push(rod([-40, 262, 60], [-40, 330, 190], 16, steel('#c3cad1'), 16));
  solids.push(rod([-40, 330, 190], [-40, 330, 270], 16, steel('#c3cad1'), 16));
  solids.push(sphere([-40, 330, 190], 17, steel('#c3cad1')));
  solids.push(prism(circle(22, 6), axisFrame('z', [-40, 330, 270]), 20, bronze()));
  return productShot(solids, { yaw: 30, pitch: 18 });
}

export type InsertShape = 'C' | 'D' | 'T' | 'W';

function insertOutline(shape: InsertShape, size: number): Vec2[] {
  const corner = (points: readonly Vec2[]): Vec2[] => {
    const out: Vec2[] = [];
    points.forEach((p, i) => {
      const prev = points[(i + points.length - 1) % points.length] ?? p;
      const next = points[(i + 1) % points.length] ?? p;
      const t = 0.08;
      out.push(
        [p[0] + (prev[0] - p[0]) * t, p[1] + (prev[1] - p[1]) * t],
        [p[0] + (next[0] - p[0]) * t, p[1] + (next[1] - p[1]) * t],
      );
    });
    return out;
  };
  switch (shape) {
    case 'C': {
      const a = size;
      const b = size * Math.tan((40 * Math.PI) / 180);
      return corner([
        [a, 0],
        [0, b],
        [-a, 0],
        [0, -b],
      ]);
    }
    case 'D': {
      const a = size * 1.1;
      const b = a * Math.tan((27.5 * Math.PI) / 180);
      return corner([
        [a, 0],
        [0, b],
        [-a, 0],
        [0, -b],
      ]);
    }
    case 'T':
      return corner(circle(size * 0.9, 3, Math.PI / 2));
    case 'W': {
      const pts: Vec2[] = [];
      for (let i = 0; i < 6; i += 1) {
        const a = (i * Math.PI) / 3;
        pts.push([
          Math.cos(a) * (i % 2 === 0 ? size * 0.85 : size * 0.62),
          Math.sin(a) * (i % 2 === 0 ? size * 0.85 : size * 0.62),
        ]);
      }
      return corner(pts);
    }
  }
}

function insert(shape: InsertShape, size: number, centre: Vec3, spin: number, coat: Material): Solid[] {
  const outline = insertOutline(shape, size);
  const thickness = size * 0.38;
  const body = prism(outline, axisFrame('y', [0, 0, 0]), thickness, coat, { holes: [circle(size * 0.22, 24)] });
  const land = prism(
    outline.map(([x, z]): Vec2 => [x * 0.78, z * 0.78]),
    axisFrame('y', [0, thickness, 0]),
    0.6,
    { ...coat, color: shade(coat.color, 0.72) },
    { holes: [circle(size * 0.3, 24)] },
  );
  return translate(rotate([body, land], 'y', spin), centre);
}

export function carbideInserts(o: { readonly shape: InsertShape; readonly coat: 'gold' | 'black' | 'grey' }): string {
  const coat = o.coat === 'gold' ? gold() : o.coat === 'black' ? satin('#33383e') : metal('#8f98a1');
  const solids: Solid[] = [];
  const size = 40;
  const spots: [number, number, number][] = [
    [-150, -60, 10],
    [-30, -90, 40],
    [95, -60, 75],
    [-100, 60, 120],
    [30, 40, 160],
    [150, 70, 20],
  ];
  for (const [x, z, spin] of spots) solids.push(...insert(o.shape, size, [x, 0, z], spin, coat));
  // A packet case behind.
  solids.push(box([-130, 0, -250], [130, 26, -160], paint('#e5e7eb')));
  solids.push(box([-130, 26, -250], [-40, 29, -160], paint(palette.brand)));
  solids.push(box([-40, 26, -250], [-10, 29, -160], paint(palette.orange)));
  return productShot(solids, { yaw: 10, pitch: 44, order: 'depth' });
}

export function boringBar(o: { readonly length: number; readonly diameter: number }): string {
  const R = o.diameter / 2;
  const y = R;
  const L = o.length;
  const solids: Solid[] = [rod([0, y, 0], [L, y, 0], R, blackOxide(), 32)];
  solids.push(box([0, y + R * 0.75, -R * 0.62], [L * 0.7, y + R * 0.98, R * 0.62], satin('#5a6068')));
  solids.push(cylinder('x', [-0.5, y, R * 0.3], 1, R * 0.12, rubber('#0f1113'), 12));
  solids.push(
    revolve(
      [
        [0, 0],
        [0, R],
        [R * 0.8, R * 0.85],
        [R * 2.6, R * 0.85],
        [R * 2.6, 0],
      ],
      axisFrame('x', [L, y, 0]),
      steel('#b7c0c8'),
      28,
    ),
  );
  solids.push(...insert('C', R * 0.55, [L + R * 2.3, y + R * 0.5, R * 0.55], 40, gold()));
  return productShot(solids, { yaw: 44, pitch: 24, viewport: { x: 140, y: 180, width: 920, height: 500 } });
}

/* ------------------------------------------------------------------ tailstock, bar feed, switches */

export function tailstockQuill(): string {
  const y = 60;
  const solids: Solid[] = [
    revolve(
      [
        [0, 14],
        [0, 55],
        [320, 55],
        [324, 51],
        [324, 26],
        [260, 20],
        [260, 14],
      ],
      axisFrame('x', [0, y, 0]),
      satin('#c6cdd3'),
      44,
    ),
  ];
  solids.push(box([20, y + 50, -8], [250, y + 56, 8], rubber('#2a2f35')));
  solids.push(
    revolve(
      [
        [0, 0],
        [0, 25],
        [70, 25],
        [70, 45],
        [150, 45],
        [160, 36],
        [160, 20],
        [230, 0],
      ],
      axisFrame('x', [300, y, 0]),
      metal('#d2d8dd'),
      36,
    ),
  );
  return productShot(solids, { yaw: 38, pitch: 20, viewport: { x: 140, y: 200, width: 920, height: 460 } });
}

export function liveCentre(): string {
  const solids: Solid[] = [
    revolve(
      [
        [0, 0],
        [0, 22],
        [150, 31],
        [150, 48],
        [230, 48],
        [240, 40],
        [240, 24],
        [320, 0],
      ],
      axisFrame('x', [0, 48, 0]),
      metal('#cbd2d8'),
      40,
    ),
  ];
  solids.push(tube('x', [170, 48, 0], 40, 49, 40, paint(palette.brand), 40));
  return productShot(solids, { yaw: 30, pitch: 22, viewport: { x: 160, y: 200, width: 880, height: 440 } });
}

export function barFeederTube(o: { readonly length: number; readonly stand: string }): string {
  const y = 420;
  const solids: Solid[] = [];
  for (const x of [80, o.length * 0.5, o.length - 140]) {
    solids.push(box([x - 60, 0, -110], [x + 60, 16, 110], paint(shade(o.stand, 0.8))));
    solids.push(box([x - 25, 16, -25], [x + 25, y - 60, 25], paint(o.stand)));
    solids.push(box([x - 45, y - 60, -70], [x + 45, y - 40, 70], paint(o.stand)));
  }
  solids.push(tube('x', [0, y, 0], o.length, 46, 38, metal('#c4cbd2'), 40));
  solids.push(
    revolve(
      [
        [0, 38],
        [0, 46],
        [-60, 90],
        [-66, 86],
        [-6, 40],
      ],
      axisFrame('x', [0, y, 0]),
      metal('#aeb7c0'),
      40,
    ),
  );
  for (const x of [o.length * 0.25, o.length * 0.75])
    solids.push(tube('x', [x, y, 0], 24, 52, 45, rubber('#2a2e33'), 36));
  return productShot(solids, { yaw: -42, pitch: 20, viewport: { x: 120, y: 150, width: 960, height: 560 } });
}

export type SwitchHead = 'roller-lever' | 'plunger' | 'roller-plunger';

function limitSwitchSolids(head: SwitchHead, x: number, colour: string, spin: number): Solid[] {
  const s: Solid[] = [];
  s.push(box([x - 32, 0, -22], [x + 32, 100, 22], paint('#a4adb6')));
  s.push(box([x - 30, 8, 22], [x + 30, 92, 25], paint('#b8c0c8')));
  for (const [dx, dy] of [
    [-22, 16],
    [22, 16],
    [-22, 84],
    [22, 84],
  ] as const) {
    s.push(cylinder('z', [x + dx, dy, 25], 2, 4, steel('#d1d7dc'), 10));
  }
  s.push(cylinder('x', [x + 32, 22, 0], 26, 12, rubber('#1c1f23'), 16));
  s.push(rod([x + 58, 22, 0], [x + 80, 6, 30], 6, rubber('#2a2e33'), 10));
  s.push(rod([x + 80, 6, 30], [x + 90, 6, 140], 6, rubber('#2a2e33'), 10));
  if (head === 'roller-lever') {
    s.push(block([x, 118, 0], [46, 36, 40], paint(colour)));
    s.push(cylinder('z', [x, 118, 20], 14, 10, steel(), 16));
    const armMaterial = steel('#c9d0d6');
    s.push(
      ...rotate(
        [box([x - 5, 116, 30], [x + 70, 124, 36], armMaterial), box([x + 58, 116, 30], [x + 66, 124, 60], armMaterial)],
        'z',
        spin,
        [x, 120, 0],
      ),
    );
    s.push(...rotate([cylinder('z', [x + 62, 120, 36], 14, 16, rubber('#e5e7eb'), 20)], 'z', spin, [x, 120, 0]));
  } else {
    s.push(cylinder('y', [x, 100, 0], 24, 20, paint(colour), 24));
    s.push(prism(circle(16, 6), axisFrame('y', [x, 124, 0]), 10, steel('#c3cad1')));
    s.push(cylinder('y', [x, 134, 0], 26, 8, steel('#d8dde2'), 16));
    if (head === 'roller-plunger') s.push(cylinder('x', [x - 6, 166, 0], 12, 12, rubber('#e5e7eb'), 18));
  }
  return s;
}

export function limitSwitch(o: { readonly heads: readonly SwitchHead[]; readonly colour: string }): string {
  const solids = o.heads.flatMap((head, i) => limitSwitchSolids(head, i * 150, o.colour, 20));
  return productShot(solids, { yaw: 26, pitch: 16, viewport: { x: 240, y: 150, width: 720, height: 560 } });
}

export function starWheel(o: { readonly spokes: number; readonly knob: string }): string {
  const solids = rotate(pilotWheel([0, 0, 0], 240, o.spokes, paint(o.knob), 90), 'x', -90);
  return productShot(translate(solids, [0, 40, 0]), { yaw: 20, pitch: 38, order: 'list' });
}

export function coolantNozzle(o: { readonly colours: readonly [string, string] }): string {
  const solids: Solid[] = [];
  solids.push(box([-60, 0, -60], [60, 20, 60], paint('#4b5563')));
  solids.push(prism(circle(22, 6), axisFrame('y', [0, 20, 0]), 20, steel('#aab3bc')));
  solids.push(...coolantHose([0, 50, 0], [40, 420, 0], [300, 330, 60], 22, 20, o.colours[0]));
  solids.push(
    revolve(
      [
        [0, 0],
        [0, 14],
        [40, 8],
        [40, 0],
      ],
      frameBetween([300, 330, 60], [360, 290, 80]).frame,
      paint(o.colours[1]),
      20,
    ),
  );
  return productShot(solids, { yaw: 28, pitch: 16 });
}

export function levellingPads(o: { readonly count: number }): string {
  const solids: Solid[] = [];
  for (let i = 0; i < o.count; i += 1) {
    const x = (i % 2) * 220 - 110 + (i >= 2 ? 40 : 0);
    const z = Math.floor(i / 2) * -200;
    solids.push(
      revolve(
        [
          [0, 0],
          [0, 70],
          [14, 70],
          [14, 62],
          [30, 52],
          [40, 24],
          [40, 0],
        ],
        axisFrame('y', [x, 0, z]),
        paint('#2f343a'),
        40,
      ),
    );
    solids.push(threadedRod(150, 12, 6, axisFrame('y', [x, 34, z]), metal('#c9d0d6')));
    solids.push(prism(circle(22, 6), axisFrame('y', [x, 90, z]), 16, steel('#aab3bc')));
  }
  return productShot(solids, { yaw: 20, pitch: 26, order: 'depth' });
}

export function softJaws(o: { readonly material: string }): string {
  const solids: Solid[] = [];
  const profile: Vec2[] = [
    [0, 10],
    [0, 60],
    [40, 60],
    [40, 35],
    [110, 35],
    [110, 10],
  ];
  for (let x = 110; x > 0; x -= 10) profile.push([x - 5, 0], [x - 10, 10]);
  profile.pop();
  for (let i = 0; i < 3; i += 1) {
    solids.push(prism(profile, axisFrame('z', [i * 40 - 60, 0, i * -90]), 40, satin(o.material)));
    solids.push(cylinder('y', [i * 40 - 60 + 20, 60, i * -90 + 20], 1, 8, rubber('#2a2f35'), 14));
    solids.push(cylinder('y', [i * 40 - 60 + 75, 35, i * -90 + 20], 1, 8, rubber('#2a2f35'), 14));
  }
  return productShot(solids, { yaw: 30, pitch: 24, order: 'depth' });
}

export function spindleShaft(): string {
  const y = 80;
  const frame = axisFrame('x', [0, y, 0]);
  const solids: Solid[] = [
    revolve(
      [
        [0, 30],
        [0, 40],
        [120, 40],
        [120, 48],
        [360, 48],
        [360, 56],
        [470, 56],
        [470, 80],
        [500, 80],
        [520, 62],
        [520, 34],
        [470, 30],
      ],
      frame,
      satin('#c3cad1'),
      48,
    ),
  ];
  for (const [x, r] of [
    [130, 48],
    [400, 56],
  ] as const) {
    solids.push(tube('x', [x, y, 0], 30, r + 26, r, steel('#d5dadf'), 48));
    solids.push(tube('x', [x + 30, y, 0], 2, r + 20, r + 6, metal('#c4a15a'), 48));
  }
  for (let i = 0; i < 6; i += 1) {
    const a = (i * Math.PI) / 3;
    solids.push(cylinder('x', [520, y + Math.cos(a) * 50, Math.sin(a) * 50], 2, 6, rubber('#2a2f35'), 10));
  }
  return productShot(solids, { yaw: 42, pitch: 20, viewport: { x: 140, y: 200, width: 920, height: 460 } });
}
