/**
 * Orthographic renderer for geometry.ts solids: flat shading with a key light, back-face
 * culling and painter's ordering. Solids in a layer are drawn in list order (the modeller
 * places them back to front) unless the layer asks for depth ordering.
 */
import { type SvgDefs, fmt, floorShadow, hexToRgb, rgbToHex, shade } from './common';
import { type Face, type Material, type Solid, type Vec2, type Vec3, deg, dot, normalize } from './geometry';

export interface Camera {
  /** Degrees; positive turns the camera towards the right-hand (+x) side. */
  readonly yaw: number;
  /** Degrees; positive looks down on the top faces. */
  readonly pitch: number;
}

export interface Layer {
  readonly solids: readonly Solid[];
  /** World-space polygon; the layer is only visible inside its projection. */
  readonly clip?: readonly Vec3[];
  readonly order?: 'list' | 'depth';
}

export interface Viewport {
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
}

export interface RenderOptions {
  readonly camera: Camera;
  readonly layers: readonly Layer[];
  /** The frame the fitted picture must fill (screen pixels). */
  readonly viewport: Viewport;
  /** Solids whose extent is fitted into the viewport; all unclipped solids when absent. */
  readonly focus?: readonly Solid[];
  /** Extra magnification after fitting, e.g. for close-ups that crop on purpose. */
  readonly zoom?: number;
  readonly shadow?: boolean;
}

export interface Rendered {
  readonly markup: string;
  readonly project: (p: Vec3) => Vec2;
  /** Screen pixels per world unit. */
  readonly pixelsPerUnit: number;
}

const LIGHT = normalize([0.3, 0.85, 0.5]);

interface Lighting {
  readonly ambient: number;
  readonly diffuse: number;
  readonly specular: number;
  readonly shininess: number;
  readonly sky: number;
}

const LIGHTING: Record<Material['finish'], Lighting> = {
  paint: { ambient: 0.56, diffuse: 0.48, specular: 0.1, shininess: 14, sky: 0.04 },
  satin: { ambient: 0.5, diffuse: 0.45, specular: 0.3, shininess: 10, sky: 0.08 },
  metal: { ambient: 0.44, diffuse: 0.46, specular: 0.55, shininess: 22, sky: 0.14 },
  rubber: { ambient: 0.62, diffuse: 0.42, specular: 0.12, shininess: 8, sky: 0.02 },
  glass: { ambient: 1, diffuse: 0, specular: 0, shininess: 1, sky: 0 },
  emissive: { ambient: 1, diffuse: 0, specular: 0, shininess: 1, sky: 0 },
};

function shadeFace(material: Material, normal: Vec3, half: Vec3): string {
  const l = LIGHTING[material.finish];
  const base = hexToRgb(material.color);
  const diffuse = Math.max(0, dot(normal, LIGHT));
  const k = l.ambient + l.diffuse * diffuse + l.sky * normal[1];
  const spec = l.specular * Math.pow(Math.max(0, dot(normal, half)), l.shininess) * 255;
  return rgbToHex({ r: base.r * k + spec, g: base.g * k + spec, b: base.b * k + spec });
}

function toView(camera: Camera): (p: Vec3) => Vec3 {
  const cy = Math.cos(deg(camera.yaw));
  const sy = Math.sin(deg(camera.yaw));
  const cp = Math.cos(deg(camera.pitch));
  const sp = Math.sin(deg(camera.pitch));
  return (p) => {
    const x1 = p[0] * cy - p[2] * sy;
    const z1 = p[0] * sy + p[2] * cy;
    return [x1, p[1] * cp - z1 * sp, p[1] * sp + z1 * cp];
  };
}

export function viewDirection(camera: Camera): Vec3 {
  const cp = Math.cos(deg(camera.pitch));
  return [Math.sin(deg(camera.yaw)) * cp, Math.sin(deg(camera.pitch)), Math.cos(deg(camera.yaw)) * cp];
}

interface Bounds {
  minX: number;
  minY: number;
  maxX: number;
  maxY: number;
}

function emptyBounds(): Bounds {
  return { minX: Infinity, minY: Infinity, maxX: -Infinity, maxY: -Infinity };
}

function grow(bounds: Bounds, x: number, y: number): void {
  bounds.minX = Math.min(bounds.minX, x);
  bounds.maxX = Math.max(bounds.maxX, x);
  bounds.minY = Math.min(bounds.minY, y);
  bounds.maxY = Math.max(bounds.maxY, y);
}

function solidPoints(solid: Solid): Vec3[] {
  return solid.kind === 'sphere' ? [solid.center] : solid.faces.flatMap((f) => [...f.points]);
}

export function render3d(defs: SvgDefs, options: RenderOptions): Rendered {
  const view = toView(options.camera);
  const eye = viewDirection(options.camera);
  const half = normalize([LIGHT[0] + eye[0], LIGHT[1] + eye[1], LIGHT[2] + eye[2]]);

  const fitSolids = options.focus ?? options.layers.filter((l) => l.clip === undefined).flatMap((l) => l.solids);
  const bounds = emptyBounds();
  for (const solid of fitSolids) {
    if (solid.kind === 'sphere') {
      const c = view(solid.center);
      grow(bounds, c[0] - solid.radius, -c[1] - solid.radius);
      grow(bounds, c[0] + solid.radius, -c[1] + solid.radius);
    } else {
      for (const p of solidPoints(solid)) {
        const v = view(p);
        grow(bounds, v[0], -v[1]);
      }
    }
  }
  const vp = options.viewport;
  const spanX = Math.max(bounds.maxX - bounds.minX, 1e-6);
  const spanY = Math.max(bounds.maxY - bounds.minY, 1e-6);
  const k = Math.min(vp.width / spanX, vp.height / spanY) * (options.zoom ?? 1);
  const offX = vp.x + vp.width / 2 - ((bounds.minX + bounds.maxX) / 2) * k;
  const offY = vp.y + vp.height / 2 - ((bounds.minY + bounds.maxY) / 2) * k;
  const project = (p: Vec3): Vec2 => {
    const v = view(p);
    return [v[0] * k + offX, -v[1] * k + offY];
  };
  const path = (points: readonly Vec3[]): string =>
    points
      .map((p, i) => {
        const s = project(p);
        return `${i === 0 ? 'M' : 'L'}${fmt(s[0])} ${fmt(s[1])}`;
      })
      .join('') + 'Z';

  const parts: string[] = [];
  if (options.shadow ?? true) parts.push(groundShadow(defs, options.layers, project));

  for (const layer of options.layers) {
    const solids = [...layer.solids];
    if (layer.order === 'depth') {
      const depthOf = (s: Solid): number => {
        const pts = solidPoints(s);
        let min = Infinity;
        let max = -Infinity;
        for (const p of pts) {
          const z = view(p)[2];
          min = Math.min(min, z);
          max = Math.max(max, z);
        }
        return (min + max) / 2;
      };
      solids.sort((a, b) => depthOf(a) - depthOf(b));
    }
    const body: string[] = [];
    for (const solid of solids) {
      if (solid.kind === 'sphere') {
        body.push(sphereMarkup(defs, solid.center, solid.radius, solid.material, project, k));
        continue;
      }
      const visible = solid.faces
        .filter((f) => dot(f.normal, eye) > 1e-4)
        .map((f) => ({ face: f, depth: centroidDepth(f, view) }))
        .sort((a, b) => {
          if (solid.capsLast && a.face.cap !== b.face.cap) return a.face.cap ? 1 : -1;
          return a.depth - b.depth;
        });
      for (const { face } of visible) body.push(faceMarkup(face, path, half, defs));
    }
    if (layer.clip) {
      parts.push(`<g clip-path="${defs.clip(path(layer.clip))}">${body.join('')}</g>`);
    } else {
      parts.push(body.join(''));
    }
  }
  return { markup: parts.join(''), project, pixelsPerUnit: k };
}

function centroidDepth(face: Face, view: (p: Vec3) => Vec3): number {
  let sum = 0;
  for (const p of face.points) sum += view(p)[2];
  return sum / Math.max(face.points.length, 1);
}

function faceMarkup(face: Face, path: (points: readonly Vec3[]) => string, half: Vec3, sheen: SvgDefs): string {
  const m = face.material;
  const fill = shadeFace(m, face.normal, half);
  const d = path(face.points) + face.holes.map((h) => path(h)).join('');
  const rule = face.holes.length > 0 ? ' fill-rule="evenodd"' : '';
  if (m.finish === 'glass') {
    return `<path d="${d}"${rule} fill="${fill}" fill-opacity="${fmt(m.opacity ?? 0.3)}"/>`;
  }
  // A stroke in the fill colour closes the hairline seams between facets.
  const stroke = face.edge && m.edges !== false ? shade(fill, 0.68) : fill;
  const paintRef =
    face.edge && (m.finish === 'metal' || m.finish === 'satin')
      ? sheen.linear(
          [
            { offset: 0, color: shade(fill, 1.16) },
            { offset: 0.55, color: fill },
            { offset: 1, color: shade(fill, 0.84) },
          ],
          0,
          0,
          1,
          1,
        )
      : fill;
  const width = face.edge && m.edges !== false ? 1.1 : 0.8;
  const opacity = m.opacity === undefined ? '' : ` opacity="${fmt(m.opacity)}"`;
  return `<path d="${d}"${rule} fill="${paintRef}" stroke="${stroke}" stroke-width="${fmt(width)}" stroke-linejoin="round"${opacity}/>`;
}

function sphereMarkup(
  defs: SvgDefs,
  center: Vec3,
  radius: number,
  material: Material,
  project: (p: Vec3) => Vec2,
  k: number,
): string {
  const c = project(center);
  const base = material.color;
  const shiny = material.finish === 'metal' || material.finish === 'satin';
  const fill = defs.radial(
    [
      { offset: 0, color: shade(base, shiny ? 2.2 : 1.7) },
      { offset: 0.25, color: shade(base, shiny ? 1.35 : 1.15) },
      { offset: 0.75, color: shade(base, 0.8) },
      { offset: 1, color: shade(base, 0.55) },
    ],
    0.5,
    0.5,
    0.55,
    0.38,
    0.3,
  );
  return `<circle cx="${fmt(c[0])}" cy="${fmt(c[1])}" r="${fmt(radius * k)}" fill="${fill}"/>`;
}

function groundShadow(defs: SvgDefs, layers: readonly Layer[], project: (p: Vec3) => Vec2): string {
  let minX = Infinity;
  let maxX = -Infinity;
  let minY = Infinity;
  let minZ = Infinity;
  let maxZ = -Infinity;
  for (const layer of layers) {
    if (layer.clip) continue;
    for (const solid of layer.solids) {
      for (const p of solidPoints(solid)) {
        const r = solid.kind === 'sphere' ? solid.radius : 0;
        minX = Math.min(minX, p[0] - r);
        maxX = Math.max(maxX, p[0] + r);
        minY = Math.min(minY, p[1] - r);
        minZ = Math.min(minZ, p[2] - r);
        maxZ = Math.max(maxZ, p[2] + r);
      }
    }
  }
  if (!Number.isFinite(minX)) return '';
  const corners: Vec3[] = [
    [minX, minY, minZ],
    [maxX, minY, minZ],
    [maxX, minY, maxZ],
    [minX, minY, maxZ],
  ];
  const screen = corners.map(project);
  const xs = screen.map((p) => p[0]);
  const ys = screen.map((p) => p[1]);
  const cx = (Math.min(...xs) + Math.max(...xs)) / 2;
  const cy = (Math.min(...ys) + Math.max(...ys)) / 2;
  const rx = ((Math.max(...xs) - Math.min(...xs)) / 2) * 1.12 + 20;
  const ry = Math.max(((Math.max(...ys) - Math.min(...ys)) / 2) * 1.25, 16);
  return floorShadow(defs, cx, cy, rx, ry, 0.34) + floorShadow(defs, cx, cy, rx * 0.8, ry * 0.55, 0.22);
}
