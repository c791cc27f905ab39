/**
 * A very small solid modeller for the seed artwork: boxes, extruded profiles and turned
 * (revolved) profiles made of flat faces, plus spheres. World axes: x to the right, y up,
 * z towards the viewer. Everything is drawn by render-3d.ts.
 */

export type Vec2 = readonly [number, number];
export type Vec3 = readonly [number, number, number];

export const add = (a: Vec3, b: Vec3): Vec3 => [a[0] + b[0], a[1] + b[1], a[2] + b[2]];
export const sub = (a: Vec3, b: Vec3): Vec3 => [a[0] - b[0], a[1] - b[1], a[2] - b[2]];
export const scale = (a: Vec3, k: number): Vec3 => [a[0] * k, a[1] * k, a[2] * k];
export const dot = (a: Vec3, b: Vec3): number => a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
export const cross = (a: Vec3, b: Vec3): Vec3 => [
  a[1] * b[2] - a[2] * b[1],
  a[2] * b[0] - a[0] * b[2],
  a[0] * b[1] - a[1] * b[0],
];
export const length = (a: Vec3): number => Math.hypot(a[0], a[1], a[2]);
export function normalize(a: Vec3): Vec3 {
  const len = length(a);
  return len === 0 ? [0, 0, 1] : scale(a, 1 / len);
}

export const deg = (degrees: number): number => (degrees * Math.PI) / 180;

export type Finish = 'paint' | 'satin' | 'metal' | 'rubber' | 'glass' | 'emissive';

export interface Material {
  readonly color: string;
  readonly finish: Finish;
  readonly opacity?: number;
  /** Draw a darker outline around faces that have hard edges. */
  readonly edges?: boolean;
}

export const paint = (color: string): Material => ({ color, finish: 'paint', edges: true });
export const satin = (color: string): Material => ({ color, finish: 'satin', edges: true });
export const metal = (color = '#b4bec8'): Material => ({ color, finish: 'metal', edges: true });
export const rubber = (color = '#23272e'): Material => ({ color, finish: 'rubber', edges: true });
export const emissive = (color: string): Material => ({ color, finish: 'emissive', edges: false });
export const glass = (color: string, opacity: number): Material => ({ color, finish: 'glass', opacity, edges: false });

export interface Face {
  readonly points: readonly Vec3[];
  readonly holes: readonly (readonly Vec3[])[];
  readonly normal: Vec3;
  readonly material: Material;
  /** Whether the face boundary is a real edge (box faces, caps) rather than a facet seam. */
  readonly edge: boolean;
  /** Prism caps are never hidden by the prism's own sides, so they are drawn last. */
  readonly cap: boolean;
}

export interface MeshSolid {
  readonly kind: 'mesh';
  readonly faces: readonly Face[];
  readonly capsLast: boolean;
}

export interface SphereSolid {
  readonly kind: 'sphere';
  readonly center: Vec3;
  readonly radius: number;
  readonly material: Material;
}

export type Solid = MeshSolid | SphereSolid;

/** An orthonormal frame: profiles are drawn in (u, v) and extruded or turned about w. */
export interface Frame {
  readonly origin: Vec3;
  readonly u: Vec3;
  readonly v: Vec3;
  readonly w: Vec3;
}

export type Axis = 'x' | 'y' | 'z';

export function axisFrame(axis: Axis, origin: Vec3): Frame {
  switch (axis) {
    case 'x':
      return { origin, u: [0, 1, 0], v: [0, 0, 1], w: [1, 0, 0] };
    case 'y':
      return { origin, u: [0, 0, 1], v: [1, 0, 0], w: [0, 1, 0] };
    case 'z':
      return { origin, u: [1, 0, 0], v: [0, 1, 0], w: [0, 0, 1] };
  }
}

/** A frame whose w axis points from `from` towards `to`. */
export function frameBetween(from: Vec3, to: Vec3): { frame: Frame; length: number } {
  const w = normalize(sub(to, from));
  const helper: Vec3 = Math.abs(w[1]) < 0.9 ? [0, 1, 0] : [1, 0, 0];
  const u = normalize(cross(helper, w));
  const v = cross(w, u);
  return { frame: { origin: from, u, v, w }, length: length(sub(to, from)) };
}

export function at(frame: Frame, a: number, b: number, c: number): Vec3 {
  return add(frame.origin, add(scale(frame.u, a), add(scale(frame.v, b), scale(frame.w, c))));
}

function signedArea(points: readonly Vec2[]): number {
  let area = 0;
  points.forEach((p, i) => {
    const q = points[(i + 1) % points.length] ?? p;
    area += p[0] * q[1] - q[0] * p[1];
  });
  return area / 2;
}

function counterClockwise(points: readonly Vec2[]): Vec2[] {
  return signedArea(points) < 0 ? [...points].reverse() : [...points];
}

function clockwise(points: readonly Vec2[]): Vec2[] {
  return signedArea(points) > 0 ? [...points].reverse() : [...points];
}

export function circle(radius: number, sides = 40, phase = 0, cx = 0, cy = 0): Vec2[] {
  return Array.from({ length: sides }, (_, i): Vec2 => {
    const a = phase + (i / sides) * Math.PI * 2;
    return [cx + Math.cos(a) * radius, cy + Math.sin(a) * radius];
  });
}

export function roundedRect(width: number, height: number, radius: number, steps = 6): Vec2[] {
  const r = Math.min(radius, width / 2, height / 2);
  const corners: [number, number, number][] = [
    [width / 2 - r, height / 2 - r, 0],
    [-width / 2 + r, height / 2 - r, 90],
    [-width / 2 + r, -height / 2 + r, 180],
    [width / 2 - r, -height / 2 + r, 270],
  ];
  const points: Vec2[] = [];
  for (const [cx, cy, start] of corners) {
    for (let i = 0; i <= steps; i += 1) {
      const a = deg(start + (90 * i) / steps);
      points.push([cx + Math.cos(a) * r, cy + Math.sin(a) * r]);
    }
  }
  return points;
}

export interface PrismOptions {
  readonly holes?: readonly (readonly Vec2[])[];
  /** Curved sides (cylinders) get no outline between facets. */
  readonly smooth?: boolean;
  readonly capMaterial?: Material;
}

/** Extrudes a (u, v) profile along the frame's w axis from 0 to `depth`. */
export function prism(
  profile: readonly Vec2[],
  frame: Frame,
  depth: number,
  material: Material,
  options: PrismOptions = {},
): MeshSolid {
  const outer = counterClockwise(profile);
  const holes = (options.holes ?? []).map(clockwise);
  const faces: Face[] = [];
  const smooth = options.smooth ?? false;
  for (const loop of [outer, ...holes]) {
    loop.forEach((a, i) => {
      const b = loop[(i + 1) % loop.length] ?? a;
      const du = b[0] - a[0];
      const dv = b[1] - a[1];
      const normal = normalize(add(scale(frame.u, dv), scale(frame.v, -du)));
      faces.push({
        points: [
          at(frame, a[0], a[1], 0),
          at(frame, b[0], b[1], 0),
          at(frame, b[0], b[1], depth),
          at(frame, a[0], a[1], depth),
        ],
        holes: [],
        normal,
        material,
        edge: !smooth,
        cap: false,
      });
    });
  }
  const capMaterial = options.capMaterial ?? material;
  const lift = (loop: readonly Vec2[], w: number): Vec3[] => loop.map((p) => at(frame, p[0], p[1], w));
  faces.push({
    points: lift(outer, depth),
    holes: holes.map((h) => lift(h, depth)),
    normal: frame.w,
    material: capMaterial,
    edge: true,
    cap: true,
  });
  faces.push({
    points: lift(outer, 0).reverse(),
    holes: holes.map((h) => lift(h, 0)),
    normal: scale(frame.w, -1),
    material: capMaterial,
    edge: true,
    cap: true,
  });
  return { kind: 'mesh', faces, capsLast: true };
}

export function box(min: Vec3, max: Vec3, material: Material): MeshSolid {
  const [x0, y0, z0] = min;
  const [x1, y1, z1] = max;
  const quad = (points: Vec3[], normal: Vec3): Face => ({
    points,
    holes: [],
    normal,
    material,
    edge: true,
    cap: false,
  });
  return {
    kind: 'mesh',
    capsLast: false,
    faces: [
      quad(
        [
          [x0, y0, z1],
          [x1, y0, z1],
          [x1, y1, z1],
          [x0, y1, z1],
        ],
        [0, 0, 1],
      ),
      quad(
        [
          [x1, y0, z0],
          [x0, y0, z0],
          [x0, y1, z0],
          [x1, y1, z0],
        ],
        [0, 0, -1],
      ),
      quad(
        [
          [x0, y1, z1],
          [x1, y1, z1],
          [x1, y1, z0],
          [x0, y1, z0],
        ],
        [0, 1, 0],
      ),
      quad(
        [
          [x0, y0, z0],
          [x1, y0, z0],
          [x1, y0, z1],
          [x0, y0, z1],
        ],
        [0, -1, 0],
      ),
      quad(
        [
          [x1, y0, z1],
          [x1, y0, z0],
          [x1, y1, z0],
          [x1, y1, z1],
        ],
        [1, 0, 0],
      ),
      quad(
        [
          [x0, y0, z0],
          [x0, y0, z1],
          [x0, y1, z1],
          [x0, y1, z0],
        ],
        [-1, 0, 0],
      ),
    ],
  };
}

/** Box given by centre and full size. */
export function block(center: Vec3, size: Vec3, material: Material): MeshSolid {
  const half = scale(size, 0.5);
  return box(sub(center, half), add(center, half), material);
}

export function cylinder(
  axis: Axis,
  base: Vec3,
  depth: number,
  radius: number,
  material: Material,
  sides = 36,
): MeshSolid {
  return prism(circle(radius, sides), axisFrame(axis, base), depth, material, { smooth: true });
}

export function tube(
  axis: Axis,
  base: Vec3,
  depth: number,
  outer: number,
  inner: number,
  material: Material,
  sides = 40,
): MeshSolid {
  return prism(circle(outer, sides), axisFrame(axis, base), depth, material, {
    smooth: true,
    holes: [circle(inner, sides)],
  });
}

/** A round bar between two points. */
export function rod(from: Vec3, to: Vec3, radius: number, material: Material, sides = 16): MeshSolid {
  const { frame, length: len } = frameBetween(from, to);
  return prism(circle(radius, sides), frame, len, material, { smooth: true });
}

export function sphere(center: Vec3, radius: number, material: Material): SphereSolid {
  return { kind: 'sphere', center, radius, material };
}

/**
 * Turns a profile of (axial position, radius) points about the frame's w axis, like a part
 * made on the lathe. Segments at constant axial position become single flat rings.
 */
export function revolve(profile: readonly Vec2[], frame: Frame, material: Material, sides = 40): MeshSolid {
  // Orientation rule: walking the closed (w, r) outline clockwise keeps material on the right.
  const oriented = signedArea(profile) > 0 ? [...profile].reverse() : [...profile];
  // Long runs (a through bore) are split so their facets sort sensibly against short ones.
  const ws = oriented.map((p) => p[0]);
  const step = Math.max((Math.max(...ws) - Math.min(...ws)) / 8, 1e-6);
  const loop: Vec2[] = [];
  oriented.forEach((p, i) => {
    const q = oriented[(i + 1) % oriented.length] ?? p;
    const pieces = Math.max(1, Math.ceil(Math.abs(q[0] - p[0]) / step));
    for (let k = 0; k < pieces; k += 1) {
      const t = k / pieces;
      loop.push([p[0] + (q[0] - p[0]) * t, p[1] + (q[1] - p[1]) * t]);
    }
  });
  const faces: Face[] = [];
  const ring = (w: number, r: number, a: number): Vec3 => at(frame, Math.cos(a) * r, Math.sin(a) * r, w);
  loop.forEach((p, i) => {
    const q = loop[(i + 1) % loop.length] ?? p;
    const [w0, r0] = p;
    const [w1, r1] = q;
    if (r0 <= 1e-9 && r1 <= 1e-9) return;
    const dw = w1 - w0;
    const dr = r1 - r0;
    if (Math.abs(dw) < 1e-9) {
      const outerR = Math.max(r0, r1);
      const innerR = Math.min(r0, r1);
      const facing = dr > 0 ? -1 : 1;
      const points = Array.from({ length: sides }, (_, k) => ring(w0, outerR, (k / sides) * Math.PI * 2));
      faces.push({
        points: facing > 0 ? points : [...points].reverse(),
        holes:
          innerR > 1e-9 ? [Array.from({ length: sides }, (_, k) => ring(w0, innerR, (k / sides) * Math.PI * 2))] : [],
        normal: scale(frame.w, facing),
        material,
        edge: true,
        cap: true,
      });
      return;
    }
    const len = Math.hypot(dw, dr);
    const nr = dw / len;
    const nw = -dr / len;
    for (let k = 0; k < sides; k += 1) {
      const a0 = (k / sides) * Math.PI * 2;
      const a1 = ((k + 1) / sides) * Math.PI * 2;
      const mid = (a0 + a1) / 2;
      const normal = normalize(
        add(scale(add(scale(frame.u, Math.cos(mid)), scale(frame.v, Math.sin(mid))), nr), scale(frame.w, nw)),
      );
      faces.push({
        points: [ring(w0, r0, a0), ring(w1, r1, a0), ring(w1, r1, a1), ring(w0, r0, a1)],
        holes: [],
        normal,
        material,
        edge: false,
        cap: false,
      });
    }
  });
  return { kind: 'mesh', faces, capsLast: false };
}

/** A ring of round section (hand-wheel rims, O-rings, belts on a pulley). */
export function torus(
  frame: Frame,
  radius: number,
  section: number,
  material: Material,
  sides = 40,
  segments = 10,
): MeshSolid {
  const profile = Array.from({ length: segments }, (_, i): Vec2 => {
    const a = (i / segments) * Math.PI * 2;
    return [Math.cos(a) * section, radius + Math.sin(a) * section];
  });
  return revolve(profile, frame, material, sides);
}

/** 3×3 rotation applied to points (about a pivot) and to normals. */
function rotateVec(p: Vec3, axis: Axis, angle: number): Vec3 {
  const c = Math.cos(angle);
  const s = Math.sin(angle);
  switch (axis) {
    case 'x':
      return [p[0], p[1] * c - p[2] * s, p[1] * s + p[2] * c];
    case 'y':
      return [p[0] * c + p[2] * s, p[1], -p[0] * s + p[2] * c];
    case 'z':
      return [p[0] * c - p[1] * s, p[0] * s + p[1] * c, p[2]];
  }
}

export function mapSolid(solid: Solid, point: (p: Vec3) => Vec3, direction: (n: Vec3) => Vec3): Solid {
  if (solid.kind === 'sphere') return { ...solid, center: point(solid.center) };
  return {
    ...solid,
    faces: solid.faces.map((f) => ({
      ...f,
      points: f.points.map(point),
      holes: f.holes.map((h) => h.map(point)),
      normal: normalize(direction(f.normal)),
    })),
  };
}

/** Rotates solids by `degrees` about an axis through `pivot` (right-hand rule). */
export function rotate(solids: readonly Solid[], axis: Axis, degrees: number, pivot: Vec3 = [0, 0, 0]): Solid[] {
  const angle = deg(degrees);
  return solids.map((s) =>
    mapSolid(
      s,
      (p) => add(rotateVec(sub(p, pivot), axis, angle), pivot),
      (n) => rotateVec(n, axis, angle),
    ),
  );
}

export function translate(solids: readonly Solid[], offset: Vec3): Solid[] {
  return solids.map((s) =>
    mapSolid(
      s,
      (p) => add(p, offset),
      (n) => n,
    ),
  );
}

/** Only the caps of a solid, to redraw them over parts that sit in a groove (bearing balls). */
export function capsOf(solid: Solid): Solid {
  return solid.kind === 'sphere' ? solid : { ...solid, faces: solid.faces.filter((f) => f.cap) };
}

/** Involute-looking spur gear outline with `teeth` teeth on pitch radius `radius`. */
export function gearProfile(teeth: number, radius: number, phase = 0, toothDepth?: number): Vec2[] {
  const depth = toothDepth ?? Math.min(radius * 0.16, ((Math.PI * 2 * radius) / teeth) * 0.7);
  const outer = radius + depth * 0.45;
  const root = radius - depth * 0.55;
  const points: Vec2[] = [];
  const pitchAngle = (Math.PI * 2) / teeth;
  for (let i = 0; i < teeth; i += 1) {
    const a = phase + i * pitchAngle;
    const shape: [number, number][] = [
      [-0.5, root],
      [-0.3, root],
      [-0.2, radius],
      [-0.13, outer],
      [0.13, outer],
      [0.2, radius],
      [0.3, root],
    ];
    for (const [fraction, r] of shape) {
      const angle = a + fraction * pitchAngle;
      points.push([Math.cos(angle) * r, Math.sin(angle) * r]);
    }
  }
  return points;
}

/**
 * Like revolve, but only between angles `start` and `end` (radians), with flat walls at both
 * ends: the fingers of a slotted collet, split rings.
 */
export function revolveSector(
  profile: readonly Vec2[],
  frame: Frame,
  material: Material,
  start: number,
  end: number,
  sides = 14,
): MeshSolid {
  const loop = signedArea(profile) > 0 ? [...profile].reverse() : [...profile];
  const faces: Face[] = [];
  const ring = (w: number, r: number, a: number): Vec3 => at(frame, Math.cos(a) * r, Math.sin(a) * r, w);
  const angleAt = (k: number): number => start + ((end - start) * k) / sides;
  const radial = (a: number): Vec3 => add(scale(frame.u, Math.cos(a)), scale(frame.v, Math.sin(a)));
  const tangent = (a: number): Vec3 => add(scale(frame.u, -Math.sin(a)), scale(frame.v, Math.cos(a)));
  loop.forEach((p, i) => {
    const q = loop[(i + 1) % loop.length] ?? p;
    const [w0, r0] = p;
    const [w1, r1] = q;
    const dw = w1 - w0;
    const dr = r1 - r0;
    if (Math.abs(dw) < 1e-9) {
      const outerR = Math.max(r0, r1);
      const innerR = Math.min(r0, r1);
      const outerArc = Array.from({ length: sides + 1 }, (_, k) => ring(w0, outerR, angleAt(k)));
      const innerArc = Array.from({ length: sides + 1 }, (_, k) => ring(w0, innerR, angleAt(sides - k)));
      faces.push({
        points: [...outerArc, ...innerArc],
        holes: [],
        normal: scale(frame.w, dr > 0 ? -1 : 1),
        material,
        edge: true,
        cap: true,
      });
      return;
    }
    const len = Math.hypot(dw, dr);
    for (let k = 0; k < sides; k += 1) {
      const a0 = angleAt(k);
      const a1 = angleAt(k + 1);
      faces.push({
        points: [ring(w0, r0, a0), ring(w1, r1, a0), ring(w1, r1, a1), ring(w0, r0, a1)],
        holes: [],
        normal: normalize(add(scale(radial((a0 + a1) / 2), dw / len), scale(frame.w, -dr / len))),
        material,
        edge: false,
        cap: false,
      });
    }
  });
  for (const [a, sign] of [
    [start, -1],
    [end, 1],
  ] as const) {
    faces.push({
      points: loop.map(([w, r]) => ring(w, r, a)),
      holes: [],
      normal: scale(tangent(a), sign),
      material,
      edge: true,
      cap: false,
    });
  }
  return { kind: 'mesh', faces, capsLast: false };
}
