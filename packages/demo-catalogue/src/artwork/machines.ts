/**
 * Machine pictures: manual capstan / turret lathes and enclosed CNC turning centres, each in
 * the four gallery views (front, side, control panel close-up, inside the working area).
 * Models are in millimetres with the spindle axis along x.
 */
import { SvgDefs, mix, palette, shade, studioBackdrop, svgDocument } from './common';
import { chuck, coolantHose, handwheel, pilotWheel, workpiece } from './assemblies';
import { capstanPanel, cncPanel } from './control-panels';
import {
  type Solid,
  type Vec3,
  axisFrame,
  block,
  box,
  circle,
  cylinder,
  emissive,
  glass,
  metal,
  paint,
  prism,
  revolve,
  rod,
  rotate,
  roundedRect,
  rubber,
  satin,
  sphere,
} from './geometry';
import { type Camera, type Layer, render3d } from './render-3d';

export type MachineView = 'front' | 'side' | 'panel' | 'internal';

/** Gallery order used by the product details screen. */
export const MACHINE_VIEWS: readonly MachineView[] = ['front', 'side', 'panel', 'internal'];

const CAMERAS: Record<Exclude<MachineView, 'panel'>, Camera> = {
  front: { yaw: 14, pitch: 11 },
  side: { yaw: 56, pitch: 17 },
  internal: { yaw: 30, pitch: 20 },
};

/* ------------------------------------------------------------------ capstan lathes */

export interface CapstanDesign {
  /** Main casting paint. */
  readonly body: string;
  /** Guards, knobs and hoses. */
  readonly accent: string;
  /** Chip tray and plinth. */
  readonly trim: string;
  /** Bar capacity in mm; sets the chuck and stock size. */
  readonly bar: number;
  readonly bedLength: number;
  /** `saddle` is a turret lathe: a larger turret mounted straight on the saddle. */
  readonly turret: 'capstan' | 'saddle';
  readonly crossSlide: boolean;
}

interface LatheModel {
  readonly machine: Solid[];
  readonly focus: Solid[];
}

export interface CapstanLatheOptions extends CapstanDesign {
  readonly view: MachineView;
}

function capstanModel(o: CapstanDesign): LatheModel {
  const L = o.bedLength;
  const body = paint(o.body);
  const bodyLight = paint(shade(o.body, 1.1));
  const bodyDark = paint(shade(o.body, 0.82));
  const trim = paint(o.trim);
  const accent = paint(o.accent);
  const way = metal('#c3cad1');
  const axisY = 1180;
  const chuckR = 120 + o.bar * 1.2;
  const saddleType = o.turret === 'saddle';

  const s: Solid[] = [];
  // Base: plinth, two pedestals, recessed web and doors.
  s.push(box([60, 0, -330], [L - 40, 70, 300], paint(shade(o.body, 0.5))));
  // Motor / belt guard on the left end, drawn early: the cameras look from the right.
  s.push(prism(roundedRect(1080, 330, 150), axisFrame('x', [-40, 880, -20]), 90, accent));
  s.push(prism(roundedRect(900, 200, 90), axisFrame('x', [-52, 880, -20]), 12, paint(shade(o.accent, 0.85))));
  s.push(box([730, 150, -250], [L - 640, 720, 170], bodyDark));
  s.push(box([80, 70, -320], [730, 720, 290], body));
  s.push(box([L - 640, 70, -300], [L - 60, 720, 280], body));
  s.push(box([130, 130, 290], [680, 660, 302], bodyLight));
  s.push(box([L - 590, 130, 280], [L - 110, 660, 292], bodyLight));
  for (let i = 0; i < 6; i += 1) {
    s.push(box([190, 440 + i * 30, 302], [380, 452 + i * 30, 306], paint('#1f252b')));
  }
  s.push(box([620, 360, 302], [640, 460, 322], metal()));
  s.push(box([L - 170, 360, 292], [L - 150, 460, 312], metal()));
  // Electrical cabinet at the back of the headstock pedestal.
  s.push(box([110, 760, -470], [560, 1330, -310], bodyDark));
  s.push(box([140, 800, -480], [530, 1290, -470], body));
  // Chip tray: floor and back walls first, front walls after the bed.
  s.push(box([40, 720, -380], [L - 20, 742, 380], trim));
  s.push(box([40, 742, -380], [L - 20, 820, -360], trim));
  s.push(box([40, 742, -360], [62, 820, 360], trim));
  // Bed and hardened ways.
  s.push(box([560, 742, -240], [L - 90, 990, 200], body));
  s.push(box([560, 990, -225], [L - 90, 1012, -140], way));
  s.push(box([560, 990, 85], [L - 90, 1012, 170], way));
  s.push(box([40, 742, 360], [L - 20, 815, 380], trim));
  s.push(box([L - 42, 742, -360], [L - 20, 815, 360], trim));

  // Headstock with its front fittings.
  const headZ = saddleType ? 300 : 270;
  s.push(box([40, 742, -330], [640, 1410, headZ], body));
  s.push(box([70, 1410, -300], [610, 1440, headZ - 30], bodyLight));
  s.push(box([90, 1190, headZ], [330, 1350, headZ + 6], paint(palette.cream)));
  for (let i = 0; i < 4; i += 1) {
    s.push(box([108, 1210 + i * 34, headZ + 6], [312, 1216 + i * 34, headZ + 9], paint('#6b7480')));
  }
  s.push(box([370, 1320, headZ], [600, 1372, headZ + 6], paint(palette.brand)));
  s.push(box([370, 1320, headZ + 6], [420, 1372, headZ + 9], paint(palette.orange)));
  // Gear-change levers.
  for (const [lx, ly, tilt] of [
    [420, 1180, 60],
    [540, 1180, -50],
    [470, 960, 40],
  ] as const) {
    s.push(cylinder('z', [lx, ly, headZ], 30, 36, metal('#7d8893'), 24));
    const tip: Vec3 = [lx + tilt, ly + 120, headZ + 110];
    s.push(rod([lx, ly, headZ + 28], tip, 9, satin('#c8cfd6'), 10));
    s.push(sphere(tip, 24, rubber('#1d2126')));
  }
  // Push-button station.
  s.push(box([90, 860, headZ], [330, 1120, headZ + 30], paint('#d9dde1')));
  s.push(cylinder('z', [145, 1060, headZ + 30], 14, 22, paint(palette.green), 20));
  s.push(cylinder('z', [210, 1060, headZ + 30], 14, 22, paint('#111418'), 20));
  s.push(cylinder('z', [270, 960, headZ + 30], 10, 46, paint(palette.yellow), 24));
  s.push(cylinder('z', [270, 960, headZ + 40], 24, 34, paint(palette.red), 24));
  s.push(cylinder('z', [145, 940, headZ + 30], 12, 20, paint(palette.red), 20));

  // Spindle nose, chuck and bar stock.
  const faceX = 780;
  s.push(cylinder('x', [640, axisY, 0], 40, chuckR * 0.7, metal('#8e98a2'), 40));
  const chuckParts = chuck(faceX, axisY, 0, chuckR, 100, metal('#a3adb7'));
  const stock = workpiece(faceX + 60, axisY, 0, 16 + o.bar * 0.55, 240);
  s.push(...chuckParts, stock);
  s.push(...coolantHose([560, 1440, 160], [740, 1620, 150], [faceX + 170, axisY + 95, 70], 16, 15, o.accent));

  // Feed rod along the bed front.
  s.push(rod([640, 900, 214], [L - 100, 900, 214], 14, satin('#c3cad1'), 14));
  s.push(rod([640, 850, 214], [L - 100, 850, 214], 10, satin('#b4bcc4'), 12));

  const focus: Solid[] = [...chuckParts, stock];

  // Cross slide with a four-way tool post.
  if (o.crossSlide) {
    const cx = faceX + 230;
    s.push(box([cx, 1012, -260], [cx + 300, 1062, 240], body));
    s.push(box([cx + 40, 1062, -200], [cx + 260, 1110, 230], bodyLight));
    const post = block([cx + 150, 1150, 120], [120, 80, 120], metal('#6f7a85'));
    const tool = box([cx + 135, 1143, 20], [cx + 165, 1163, 180], satin('#d6c38a'));
    const rear = block([cx + 150, 1140, -140], [100, 60, 90], metal('#6f7a85'));
    const parting = box([cx + 143, 1148, -95], [cx + 157, 1172, -185], satin('#d6c38a'));
    s.push(rear, parting, post, tool);
    for (const dx of [-30, 30]) s.push(cylinder('y', [cx + 150 + dx, 1190, 120], 26, 14, metal('#aab3bc'), 12));
    s.push(rod([cx + 150, 1220, 120], [cx + 260, 1250, 260], 8, satin('#c8cfd6'), 10));
    s.push(sphere([cx + 260, 1250, 260], 18, rubber()));
    s.push(box([cx, 820, 200], [cx + 300, 1012, 252], body));
    s.push(...handwheel([cx + 90, 915, 252], 85, 3, metal('#aeb7c0'), rubber(), 90));
    s.push(...handwheel([cx + 210, 1086, 240], 48, 3, metal('#aeb7c0'), rubber(), 30));
    focus.push(post, tool);
  }

  // Capstan slide or saddle turret.
  const turretR = saddleType ? 215 : 160;
  const sx = L - (saddleType ? 1180 : 1050);
  const tx = sx + turretR + 20;
  if (saddleType) {
    s.push(box([sx - 40, 1012, -280], [sx + 720, 1080, 280], body));
    s.push(box([sx - 40, 800, 200], [sx + 720, 1012, 262], body));
    s.push(box([sx + 20, 1080, -220], [sx + 640, 1112, 220], bodyLight));
  } else {
    s.push(box([sx, 1012, -250], [sx + 560, 1062, 250], body));
    s.push(box([sx + 40, 1062, -175], [sx + 620, 1118, 175], bodyLight));
    s.push(cylinder('x', [sx + 620, 1090, 0], 140, 26, metal('#c0c8cf'), 20));
    s.push(prism(circle(70, 6, Math.PI / 6), axisFrame('x', [sx + 640, 1000, 120]), 80, metal('#8c96a0')));
  }
  const turretTop = axisY + (saddleType ? 70 : 58);
  const turretBase = axisY - (saddleType ? 70 : 58);
  const apothem = turretR * Math.cos(Math.PI / 6);
  const stations = [270, 210, 330, 150, 30, 90];
  const toolSolids = (angle: number, index: number): Solid[] => {
    const a = (angle * Math.PI) / 180;
    const dir: Vec3 = [Math.sin(a), 0, Math.cos(a)];
    const from = (d: number): Vec3 => [tx + dir[0] * d, axisY, dir[2] * d];
    const holder = rod(from(apothem - 5), from(apothem + 70), saddleType ? 50 : 40, metal('#7a8590'), 20);
    const flange = rod(from(apothem - 5), from(apothem + 14), saddleType ? 66 : 54, metal('#6a7580'), 20);
    const reach = [200, 150, 120, 90, 80, 110][index] ?? 100;
    const radius = [15, 20, 12, 18, 14, 22][index] ?? 15;
    const tool = rod(from(apothem + 70), from(apothem + 70 + reach), radius, satin('#d7dce1'), 14);
    return [flange, holder, tool];
  };
  const behind = stations.flatMap((angle, i) => (Math.cos((angle * Math.PI) / 180) < -0.1 ? toolSolids(angle, i) : []));
  const front = stations.flatMap((angle, i) => (Math.cos((angle * Math.PI) / 180) >= -0.1 ? toolSolids(angle, i) : []));
  const hex = prism(
    circle(turretR, 6, 0),
    axisFrame('y', [tx, turretBase, 0]),
    turretTop - turretBase,
    metal('#9aa4ae'),
  );
  const cap = cylinder('y', [tx, turretTop, 0], 40, turretR * 0.45, metal('#b3bcc5'), 32);
  const lever = rod([tx, turretTop + 30, 0], [tx + 140, turretTop + 90, 120], 10, satin('#c8cfd6'), 10);
  const leverKnob = sphere([tx + 140, turretTop + 90, 120], 24, rubber());
  s.push(...behind, hex, cap, ...front, lever, leverKnob);
  focus.push(hex, ...front);

  // The pilot wheel sits right of the turret so its spokes clear the tools.
  s.push(
    ...pilotWheel(
      [saddleType ? sx + 640 : sx + 520, saddleType ? 940 : 960, saddleType ? 262 : 250],
      saddleType ? 220 : 215,
      saddleType ? 3 : 4,
      paint(o.accent),
      saddleType ? 90 : 45,
    ),
  );

  return { machine: s, focus };
}

export function capstanLathe(options: CapstanLatheOptions): string {
  const defs = new SvgDefs();
  const backdrop = studioBackdrop(defs, { tint: shade(options.body, 1.6) });
  if (options.view === 'panel') {
    const heavy = options.bar >= 50 || options.turret === 'saddle';
    const panel = capstanPanel(defs, {
      body: options.body,
      accent: options.accent,
      levers: heavy ? 3 : 2,
      chartRows: heavy ? 6 : 4,
      chartCols: options.bar >= 38 ? 6 : 5,
    });
    return svgDocument(defs, backdrop + panel);
  }
  const model = capstanModel(options);
  const layers: Layer[] = [{ solids: model.machine }];
  if (options.view === 'internal') {
    const rendered = render3d(defs, {
      camera: CAMERAS.internal,
      layers,
      viewport: { x: 70, y: 120, width: 1060, height: 640 },
      focus: model.focus,
      shadow: false,
    });
    return svgDocument(defs, backdrop + rendered.markup);
  }
  const rendered = render3d(defs, {
    camera: CAMERAS[options.view],
    layers,
    viewport:
      options.view === 'front'
        ? { x: 60, y: 120, width: 1080, height: 600 }
        : { x: 130, y: 90, width: 940, height: 650 },
  });
  return svgDocument(defs, backdrop + rendered.markup);
}

/* ------------------------------------------------------------------ CNC turning centres */

export interface CncDesign {
  readonly bed: 'flat' | 'slant';
  /** Enclosure sheet-metal colour. */
  readonly body: string;
  /** Bands, roof trim and pendant colour. */
  readonly band: string;
  readonly accent: string;
  readonly width: number;
  readonly controller: 'fanuc' | 'siemens';
  readonly stations: number;
  readonly tailstock: boolean;
  readonly toolPost: 'disc' | 'four-way';
}

interface CncModel {
  readonly outside: Solid[];
  readonly interior: Solid[];
  readonly window: Vec3[];
  readonly glassPane: Solid;
  readonly reflections: Solid[];
  readonly afterGlass: Solid[];
  readonly focus: Solid[];
}

export interface CncLatheOptions extends CncDesign {
  readonly view: MachineView;
}

function cncInterior(o: CncDesign): { solids: Solid[]; focus: Solid[] } {
  const W = o.width;
  // Castings pick up a little of the machine's band colour so the interiors differ.
  const castings = paint(mix('#8a939c', o.band, 0.18));
  const castingsDark = paint(mix('#6b747d', o.band, 0.12));
  const s: Solid[] = [];
  const slant = o.bed === 'slant';
  const axisY = slant ? 1250 : 1300;
  const axisZ = slant ? -100 : -150;
  const bedTop = 1082;
  s.push(box([40, 820, -880], [W - 40, 1850, -860], paint('#4a525b')));
  s.push(box([40, 820, -860], [60, 1850, 580], paint('#555e67')));
  s.push(box([40, 820, -860], [W - 40, 880, 580], paint('#5d666f')));
  s.push(box([120, 1760, -600], [620, 1800, -520], emissive('#fff7d6')));

  if (slant) {
    // Bed profile in (y, z): the ways face up and forward at 45°, 300 mm below the spindle axis.
    s.push(
      prism(
        [
          [880, -860],
          [880, -154],
          [1540, -814],
          [1540, -860],
        ],
        axisFrame('x', [110, 0, 0]),
        W - 400,
        castingsDark,
      ),
    );
  } else {
    s.push(box([110, 880, -560], [W - 290, bedTop - 22, 260], castingsDark));
    s.push(box([110, bedTop - 22, -520], [W - 290, bedTop, -430], metal('#c3cad1')));
    s.push(box([110, bedTop - 22, 120], [W - 290, bedTop, 210], metal('#c3cad1')));
  }
  // Headstock and spindle.
  s.push(box([70, 880, -640], [640, 1640, 150], castings));
  s.push(box([70, 1640, -610], [640, 1660, 120], paint('#9aa3ab')));
  s.push(cylinder('x', [640, axisY, axisZ], 50, 170, metal('#7e8892'), 44));
  const chuckR = 165 + (W - 2200) * 0.06;
  const faceX = 830;
  const chuckParts = chuck(faceX, axisY, axisZ, chuckR, 140, metal('#a7b0b9'));
  const stock = workpiece(faceX + 60, axisY, axisZ, chuckR * 0.35, 300);
  s.push(...chuckParts, stock);
  const focus: Solid[] = [...chuckParts, stock];

  if (o.tailstock) {
    const tX = W - 760;
    const base = slant ? 1100 : bedTop;
    s.push(box([tX, base, axisZ - 170], [tX + 380, axisY + 140, axisZ + 170], castings));
    s.push(cylinder('x', [tX - 140, axisY, axisZ], 140, 75, metal('#b8c0c8'), 32));
    s.push(
      revolve(
        [
          [0, 0],
          [0, 55],
          [-40, 55],
          [-130, 6],
          [-130, 0],
        ],
        axisFrame('x', [tX - 140, axisY, axisZ]),
        metal('#cfd5db'),
        32,
      ),
    );
  }

  if (o.toolPost === 'four-way') {
    // Carriage, cross slide and an electric four-way tool post in front of the work.
    const px = faceX + 320;
    const postZ = axisZ + 280;
    s.push(box([px - 200, bedTop, -560], [px + 200, 1150, 260], castings));
    s.push(box([px - 150, 1150, -200], [px + 150, 1245, 300], paint('#9ba4ad')));
    const post = block([px, 1300, postZ], [170, 100, 170], metal('#7d8893'));
    const motor = cylinder('y', [px, 1350, postZ], 60, 62, paint(shade(o.band, 0.9)), 32);
    const tools = [
      box([px - 15, 1288, axisZ + 90], [px + 15, 1314, postZ - 95], satin('#d9c27a')),
      box([px + 95, 1288, postZ - 15], [px + 210, 1314, postZ + 15], satin('#d9c27a')),
    ];
    s.push(post, ...tools, motor);
    focus.push(post, ...tools);
  } else {
    // Disc turret: one station points straight at the spindle axis.
    const turretX = faceX + 470;
    const reach = 390;
    const toward: [number, number] = slant ? [Math.SQRT1_2, -Math.SQRT1_2] : [0.26, -0.966];
    const centre: Vec3 = [turretX, axisY + toward[0] * reach, axisZ + toward[1] * reach];
    const alpha0 = Math.atan2(-toward[1], -toward[0]);
    const n = o.stations;
    const discR = 240;
    const pivot = centre;
    if (slant) {
      const local = [
        box(
          [turretX - 80, centre[1] - 300, centre[2] - 320],
          [turretX + 640, centre[1] - 230, centre[2] + 380],
          castingsDark,
        ),
        box(
          [turretX + 150, centre[1] - 230, centre[2] - 200],
          [turretX + 520, centre[1] + 170, centre[2] + 200],
          castings,
        ),
      ];
      s.push(...rotate(local, 'x', 45, pivot));
    } else {
      s.push(box([turretX - 100, bedTop, -600], [turretX + 600, 1150, 200], castingsDark));
      s.push(box([turretX + 150, 1150, centre[2] - 200], [turretX + 520, centre[1] + 180, centre[2] + 200], castings));
    }
    const disc = prism(
      circle(discR, n, alpha0 - Math.PI / n),
      axisFrame('x', [turretX, centre[1], centre[2]]),
      150,
      metal('#98a2ac'),
    );
    const hub = cylinder('x', [turretX - 30, centre[1], centre[2]], 30, 110, metal('#b7c0c8'), 32);
    const apothem = discR * Math.cos(Math.PI / n);
    const tools: Solid[] = [];
    for (let i = 0; i < n; i += 1) {
      const angle = ((alpha0 + (Math.PI * 2 * i) / n) * 180) / Math.PI;
      const holder = block([turretX + 75, centre[1] + apothem + 40, centre[2]], [140, 80, 110], metal('#6d7883'));
      const tool =
        i % 2 === 1
          ? cylinder('x', [turretX - 170, centre[1] + apothem + 45, centre[2]], 245, 18, satin('#d4d9de'), 14)
          : box(
              [turretX + 30, centre[1] + apothem + 80, centre[2] - 13],
              [turretX + 66, centre[1] + apothem + 125, centre[2] + 13],
              satin('#d9c27a'),
            );
      tools.push(...rotate([holder, tool], 'x', angle, pivot));
    }
    s.push(disc, hub, ...tools);
    focus.push(disc);
  }
  s.push(
    ...coolantHose(
      [faceX + 420, 1760, -420],
      [faceX + 260, 1700, -250],
      [faceX + 190, axisY + 120, axisZ + 40],
      22,
      17,
      '#2563eb',
    ),
  );
  return { solids: s, focus };
}

function cncModel(o: CncDesign): CncModel {
  const W = o.width;
  const body = paint(o.body);
  const bodyShade = paint(shade(o.body, 0.93));
  const band = paint(o.band);
  const accent = paint(o.accent);
  const doorX0 = 170;
  const doorX1 = doorX0 + W * 0.56;
  const pendantX0 = W - 480;
  const out: Solid[] = [];

  // Cabinet.
  out.push(box([0, 0, -880], [W, 110, 600], paint('#2f353c')));
  out.push(box([0, 110, -880], [W, 830, 600], body));
  out.push(box([0, 830, -880], [W, 1850, 600], body));
  out.push(box([0, 1850, -880], [W, 1890, 600], band));
  out.push(box([0, 620, 600], [W, 790, 606], band));
  out.push(box([0, 790, 600], [W, 812, 606], accent));
  out.push(box([0, 1720, 600], [doorX0 - 20, 1850, 606], band));
  out.push(box([doorX1 + 20, 1720, 600], [W, 1850, 606], band));
  // Right-hand side panel with louvres.
  out.push(box([W, 200, -760], [W + 4, 740, 400], bodyShade));
  for (let i = 0; i < 7; i += 1) {
    out.push(box([W + 4, 1150 + i * 40, -300], [W + 8, 1166 + i * 40, 300], paint('#4b5563')));
  }
  out.push(box([W + 4, 420, 300], [W + 18, 520, 330], metal()));
  // Chip conveyor and bin beside the right-hand side panel.
  out.push(box([W + 320, 40, -790], [W + 760, 60, -230], paint(shade(o.band, 0.8))));
  out.push(box([W + 320, 60, -790], [W + 760, 560, -770], paint(o.band)));
  out.push(box([W + 320, 60, -790], [W + 340, 560, -230], paint(o.band)));
  out.push(box([W + 740, 60, -790], [W + 760, 560, -230], paint(o.band)));
  for (const [cx, cz] of [
    [W + 380, -260],
    [W + 700, -260],
  ] as const) {
    out.push(cylinder('z', [cx, 40, cz], 30, 40, rubber(), 16));
  }
  out.push(
    prism(
      [
        [W, 140],
        [W + 160, 140],
        [W + 600, 780],
        [W + 600, 990],
        [W + 450, 990],
        [W, 510],
      ],
      axisFrame('z', [0, 0, -720]),
      400,
      paint('#6b7480'),
    ),
  );
  out.push(box([W + 320, 60, -250], [W + 760, 560, -230], paint(o.band)));
  // Maintenance hatches on the lower cabinet.
  out.push(box([120, 200, 600], [W * 0.45, 560, 604], bodyShade));
  out.push(box([W * 0.5, 200, 600], [W - 120, 560, 604], bodyShade));
  out.push(box([W * 0.45 - 80, 350, 604], [W * 0.45 - 40, 420, 616], metal()));
  // Sliding door on its rail.
  out.push(box([doorX0 - 60, 1795, 600], [pendantX0 - 20, 1825, 660], metal('#aab3bc')));
  out.push(box([doorX0, 860, 610], [doorX1, 1790, 660], paint(shade(o.body, 1.04))));
  out.push(box([doorX0, 860, 660], [doorX1, 980, 664], band));
  const wx0 = doorX0 + 95;
  const wx1 = doorX1 - 95;
  const wy0 = 1070;
  const wy1 = 1680;
  const wz = 662;
  const gasket = rubber('#1c2026');
  out.push(box([wx0 - 16, wy0 - 16, 660], [wx1 + 16, wy0, 668], gasket));
  out.push(box([wx0 - 16, wy1, 660], [wx1 + 16, wy1 + 16, 668], gasket));
  out.push(box([wx0 - 16, wy0, 660], [wx0, wy1, 668], gasket));
  out.push(box([wx1, wy0, 660], [wx1 + 16, wy1, 668], gasket));
  const window: Vec3[] = [
    [wx0, wy0, wz],
    [wx1, wy0, wz],
    [wx1, wy1, wz],
    [wx0, wy1, wz],
  ];

  const afterGlass: Solid[] = [];
  // Door handle.
  afterGlass.push(rod([doorX1 - 45, 1200, 664], [doorX1 - 45, 1200, 720], 12, metal(), 12));
  afterGlass.push(rod([doorX1 - 45, 1560, 664], [doorX1 - 45, 1560, 720], 12, metal(), 12));
  afterGlass.push(rod([doorX1 - 45, 1160, 720], [doorX1 - 45, 1600, 720], 22, paint(o.accent), 16));

  // Control pendant.
  const pendant = paint(o.controller === 'fanuc' ? '#d4d7db' : '#3a4149');
  afterGlass.push(box([pendantX0, 960, 600], [W - 80, 1800, 740], pendant));
  afterGlass.push(box([pendantX0 + 30, 1420, 740], [W - 110, 1740, 746], paint('#1f252b')));
  afterGlass.push(box([pendantX0 + 45, 1435, 746], [W - 125, 1725, 749], emissive('#0d3b73')));
  for (let i = 0; i < 4; i += 1) {
    afterGlass.push(
      box(
        [pendantX0 + 70, 1640 - i * 40, 749],
        [pendantX0 + 70 + 120 + i * 30, 1656 - i * 40, 751],
        emissive('#7dd3fc'),
      ),
    );
  }
  afterGlass.push(box([W - 250, 1480, 749], [W - 150, 1660, 751], emissive('#22c55e')));
  for (let row = 0; row < 4; row += 1) {
    for (let col = 0; col < 6; col += 1) {
      const kx = pendantX0 + 40 + col * 55;
      const ky = 1200 + row * 50;
      afterGlass.push(box([kx, ky, 740], [kx + 42, ky + 38, 752], paint(row === 0 && col > 3 ? o.accent : '#eef0f2')));
    }
  }
  afterGlass.push(cylinder('z', [W - 170, 1060, 740], 12, 55, paint(palette.yellow), 28));
  afterGlass.push(cylinder('z', [W - 170, 1060, 752], 34, 42, paint(palette.red), 28));
  afterGlass.push(cylinder('z', [pendantX0 + 70, 1060, 740], 16, 26, paint(palette.green), 20));
  afterGlass.push(cylinder('z', [pendantX0 + 140, 1060, 740], 16, 26, paint(palette.red), 20));
  afterGlass.push(cylinder('z', [pendantX0 + 230, 1060, 740], 28, 36, rubber('#1b1f24'), 24));
  // Signal tower.
  const towerX = W - 220;
  afterGlass.push(rod([towerX, 1890, -300], [towerX, 1960, -300], 14, metal(), 12));
  for (const [i, colour] of ['#22c55e', '#f59e0b', '#ef4444'].entries()) {
    afterGlass.push(cylinder('y', [towerX, 1960 + i * 72, -300], 66, 42, emissive(colour), 24));
    afterGlass.push(cylinder('y', [towerX, 2026 + i * 72, -300], 6, 44, paint('#e5e7eb'), 24));
  }
  afterGlass.push(cylinder('y', [towerX, 2176, -300], 14, 44, paint('#374151'), 24));

  const interior = cncInterior(o);
  const glassPane = box([wx0, wy0, wz - 1], [wx1, wy1, wz], glass('#9ec5ea', 0.3));
  const reflections = [
    prism(
      [
        [wx0 + 60, wy1],
        [wx0 + 260, wy1],
        [wx0 + 60, wy0 + 100],
        [wx0 - 140, wy0 + 100],
      ],
      axisFrame('z', [0, 0, wz]),
      1,
      { color: '#ffffff', finish: 'emissive', opacity: 0.14, edges: false },
    ),
    prism(
      [
        [wx0 + 330, wy1],
        [wx0 + 390, wy1],
        [wx0 + 190, wy0 + 100],
        [wx0 + 130, wy0 + 100],
      ],
      axisFrame('z', [0, 0, wz]),
      1,
      { color: '#ffffff', finish: 'emissive', opacity: 0.12, edges: false },
    ),
  ];
  return { outside: out, interior: interior.solids, window, glassPane, reflections, afterGlass, focus: interior.focus };
}

function exteriorLayers(model: CncModel): Layer[] {
  return [
    { solids: model.outside },
    { solids: model.interior, clip: model.window },
    { solids: [model.glassPane] },
    { solids: model.reflections, clip: model.window },
    { solids: model.afterGlass },
  ];
}

/** The closed machine as render layers, for scenes that place it among other things. */
export function cncExterior(design: CncDesign): { layers: Layer[]; fit: Solid[] } {
  const model = cncModel(design);
  return { layers: exteriorLayers(model), fit: [...model.outside, ...model.afterGlass] };
}

/** The whole capstan lathe as solids drawn back to front. */
export function capstanSolids(design: CapstanDesign): Solid[] {
  return capstanModel(design).machine;
}

export function cncLathe(options: CncLatheOptions): string {
  const defs = new SvgDefs();
  const backdrop = studioBackdrop(defs, { tint: '#cfd9e6' });
  if (options.view === 'panel') {
    const screen = options.width < 2400 ? 'compact' : options.width > 3000 ? 'wide' : 'standard';
    return svgDocument(
      defs,
      backdrop + cncPanel(defs, { controller: options.controller, accent: options.accent, trim: options.band, screen }),
    );
  }
  const model = cncModel(options);
  if (options.view === 'internal') {
    const rendered = render3d(defs, {
      camera: CAMERAS.internal,
      layers: [{ solids: model.interior }],
      viewport: { x: 80, y: 110, width: 1040, height: 660 },
      focus: model.focus,
      // The compact tool post is small, so back off to show the chuck and bed around it.
      zoom: options.toolPost === 'four-way' ? 0.62 : 1,
      shadow: false,
    });
    return svgDocument(defs, backdrop + rendered.markup);
  }
  const rendered = render3d(defs, {
    camera: CAMERAS[options.view],
    layers: exteriorLayers(model),
    viewport:
      options.view === 'front'
        ? { x: 90, y: 90, width: 1020, height: 640 }
        : { x: 110, y: 80, width: 980, height: 660 },
    focus: [...model.outside, ...model.afterGlass],
  });
  return svgDocument(defs, backdrop + rendered.markup);
}
