/**
 * Assemblies shared by the machine and spare-part pictures: chucks, hand-wheels, the capstan
 * pilot wheel, coolant hoses and turned workpieces. Spindle axes run along x.
 */
import { shade } from './common';
import {
  type Material,
  type Solid,
  type Vec3,
  axisFrame,
  block,
  cylinder,
  metal,
  paint,
  revolve,
  rod,
  rotate,
  rubber,
  satin,
  sphere,
  torus,
  tube,
} from './geometry';

/** A spoked hand-wheel facing +z (towards the operator). */
export function handwheel(
  center: Vec3,
  radius: number,
  spokes: number,
  rim: Material,
  knob: Material,
  phase = 90,
): Solid[] {
  const [x, y, z] = center;
  const parts: Solid[] = [cylinder('z', [x, y, z - 40], 70, radius * 0.22, metal('#8f9aa5'), 24)];
  for (let i = 0; i < spokes; i += 1) {
    const a = ((phase + (360 / spokes) * i) * Math.PI) / 180;
    parts.push(
      rod([x, y, z + 20], [x + Math.cos(a) * radius, y + Math.sin(a) * radius, z + 10], radius * 0.045, rim, 10),
    );
  }
  parts.push(torus(axisFrame('z', [x, y, z + 10]), radius, radius * 0.07, rim, 40, 8));
  const handleAngle = ((phase + 180 / spokes) * Math.PI) / 180;
  const hx = x + Math.cos(handleAngle) * radius;
  const hy = y + Math.sin(handleAngle) * radius;
  parts.push(rod([hx, hy, z + 10], [hx, hy, z + radius * 0.6], radius * 0.06, knob, 12));
  return parts;
}

/** A capstan "star" pilot wheel: long spokes ending in ball knobs, no rim. */
export function pilotWheel(center: Vec3, reach: number, spokes: number, knob: Material, phase: number): Solid[] {
  const [x, y, z] = center;
  const parts: Solid[] = [cylinder('z', [x, y, z - 60], 110, 55, metal('#98a3ae'), 28)];
  const tips: Solid[] = [];
  for (let i = 0; i < spokes; i += 1) {
    const a = ((phase + (360 / spokes) * i) * Math.PI) / 180;
    const tip: Vec3 = [x + Math.cos(a) * reach, y + Math.sin(a) * reach, z + 40];
    parts.push(rod([x, y, z + 30], tip, 13, satin('#c5ccd3'), 12));
    tips.push(sphere(tip, 34, knob));
  }
  parts.push(cylinder('z', [x, y, z + 50], 16, 38, metal('#b9c2cb'), 24));
  return [...parts, ...tips];
}

/** Three stepped jaws on a chuck face at x = faceX, spindle centre (y, z). */
export function chuckJaws(
  faceX: number,
  y: number,
  z: number,
  radius: number,
  material: Material,
  rotation = 0,
): Solid[] {
  const jaws: Solid[] = [];
  const width = radius * 0.22;
  for (const angle of [0, 120, 240]) {
    // Stepped jaws: tallest at the rim, stepping down towards the centre.
    const outer = block([faceX + radius * 0.21, y + radius * 0.73, z], [radius * 0.42, radius * 0.44, width], material);
    const step = block([faceX + radius * 0.12, y + radius * 0.42, z], [radius * 0.24, radius * 0.2, width], material);
    jaws.push(...rotate([outer, step], 'x', angle + rotation, [faceX, y, z]));
  }
  return jaws;
}

/** A chuck body on the spindle axis: body, face ring, key sockets, jaws. */
export function chuck(faceX: number, y: number, z: number, radius: number, depth: number, body: Material): Solid[] {
  const solids: Solid[] = [
    revolve(
      [
        [0, 0],
        [0, radius * 0.92],
        [8, radius],
        [depth - 8, radius],
        [depth, radius * 0.94],
        [depth, 0],
      ],
      axisFrame('x', [faceX - depth, y, z]),
      body,
      48,
    ),
    tube('x', [faceX, y, z], 4, radius * 0.3, radius * 0.16, metal('#59626b'), 32),
  ];
  for (const angle of [60, 180, 300]) {
    const a = (angle * Math.PI) / 180;
    solids.push(
      cylinder(
        'x',
        [faceX, y + Math.cos(a) * radius * 0.78, z + Math.sin(a) * radius * 0.78],
        3,
        radius * 0.07,
        rubber('#30363d'),
        12,
      ),
    );
  }
  solids.push(...chuckJaws(faceX, y, z, radius, metal('#8a949e'), 90));
  return solids;
}

/** A bead chain coolant hose along a quadratic curve. */
export function coolantHose(
  from: Vec3,
  control: Vec3,
  to: Vec3,
  beads: number,
  radius: number,
  colour: string,
): Solid[] {
  const parts: Solid[] = [];
  for (let i = 0; i <= beads; i += 1) {
    const t = i / beads;
    const m = 1 - t;
    const p: Vec3 = [
      m * m * from[0] + 2 * m * t * control[0] + t * t * to[0],
      m * m * from[1] + 2 * m * t * control[1] + t * t * to[1],
      m * m * from[2] + 2 * m * t * control[2] + t * t * to[2],
    ];
    parts.push(sphere(p, radius * (i === beads ? 0.8 : 1), paint(i % 2 === 0 ? colour : shade(colour, 0.8))));
  }
  return parts;
}

/** A workpiece turned in steps, growing out of the chuck along +x. */
export function workpiece(startX: number, y: number, z: number, radius: number, reach: number): Solid {
  return revolve(
    [
      [0, 0],
      [0, radius],
      [reach * 0.55, radius],
      [reach * 0.58, radius * 0.78],
      [reach * 0.85, radius * 0.78],
      [reach * 0.88, radius * 0.58],
      [reach, radius * 0.55],
      [reach, 0],
    ],
    axisFrame('x', [startX, y, z]),
    { color: '#d3d9df', finish: 'metal', edges: true },
    40,
  );
}
