/**
 * Demo catalogue of a Coimbatore capstan-lathe and CNC maker: machines, spare parts and
 * services with pictures drawn in code (see artwork/). Prices are whole rupees.
 */
import {
  type CapstanDesign,
  type CncDesign,
  type MachineView,
  MACHINE_VIEWS,
  capstanLathe,
  cncLathe,
} from './artwork/machines';
import {
  barFeederTube,
  bearing,
  boringBar,
  carbideInserts,
  clutchPack,
  collet,
  colletChuck,
  colletSet,
  coolantNozzle,
  coolantPump,
  feedShaft,
  fourWayToolPost,
  gearCluster,
  gearPair,
  gearSpread,
  leadScrew,
  levellingPads,
  limitSwitch,
  liveCentre,
  motorPulley,
  powerChuck,
  rotaryCylinder,
  softJaws,
  spindleShaft,
  starWheel,
  tailstockQuill,
  taperRollerBearing,
  threeJawChuck,
  toolHolder,
  vBeltDrive,
  wormSet,
} from './artwork/parts';
import {
  breakdownSupport,
  customParts,
  installationCapstan,
  installationCnc,
  maintenanceContract,
  retrofit,
  retrofitPanel,
  training,
  turningInAction,
} from './artwork/services';
import type { DemoCatalogue, SeedPicture, SeedSpecification, SeedUnit } from './types';

/**
 * The demo machines are the company's own make: no brand of their own, so the pages name them
 * with the company's name as staff set it, also after a rename (decision 053).
 */
export const OWN_MAKE = null;

/** Front, side, control panel and internal views, in the gallery's order. */
function gallery(draw: (view: MachineView) => string): SeedPicture[] {
  return MACHINE_VIEWS.map((view) => () => draw(view));
}

const NUMBER = String.raw`\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?`;
const UNIT = String.raw`mm\/min|m\/min|mm|kg|kW|HP|rpm|bar|L|V|μm|°`;
const SINGLE = new RegExp(String.raw`^(${NUMBER})\s*(${UNIT})?(?:\s+(.*))?$`);
const RANGE = new RegExp(String.raw`^(${NUMBER})\s*–\s*(${NUMBER})\s*(${UNIT})(?:\s+(.*))?$`);
const toNumber = (text: string) => Number(text.replaceAll(',', ''));
const remark = (text: string | undefined) => (text ?? '').trim().replace(/^\((.*)\)$/, '$1');

/**
 * A demo row typed the way staff would type it, so the demo shows typed specifications: `38 mm round` becomes 38, mm and the
 * remark "round"; a range such as `120 – 2000 rpm (8 steps)` keeps its top, which is what buyers
 * compare, with the bottom in the remark. Anything else (materials, model lists) stays text.
 */
function typedRow(key: string, value: string): SeedSpecification {
  const range = RANGE.exec(value);
  if (range) {
    const [, low = '', high = '', unit, rest] = range;
    const extra = remark(rest);
    return { key, value: `from ${low}${extra ? `, ${extra}` : ''}`, number: toNumber(high), unit: unit as SeedUnit };
  }
  const single = SINGLE.exec(value);
  // A bare number followed by words ("4 stations") is a count only when the words are bracketed.
  if (single && (single[2] !== undefined || single[3] === undefined || /^\(.*\)$/.test(single[3]))) {
    const [, number = '', unit, rest] = single;
    return { key, value: remark(rest), number: toNumber(number), unit: (unit as SeedUnit | undefined) ?? null };
  }
  return { key, value };
}

/** Machines' and parts' rows, typed where they read as a measurement. */
function specs(rows: Record<string, string>): SeedSpecification[] {
  return Object.entries(rows).map(([key, value]) => typedRow(key, value));
}

/** Services' rows stay text: durations and coverage are not measurements. */
function textSpecs(rows: Record<string, string>): SeedSpecification[] {
  return Object.entries(rows).map(([key, value]) => ({ key, value }));
}

const NP25: CapstanDesign = {
  body: '#35597f',
  accent: '#f97316',
  trim: '#5b6570',
  bar: 25,
  bedLength: 2300,
  turret: 'capstan',
  crossSlide: false,
};
const NP38: CapstanDesign = {
  body: '#2b4c9b',
  accent: '#f97316',
  trim: '#4b5563',
  bar: 38,
  bedLength: 2600,
  turret: 'capstan',
  crossSlide: true,
};
const NP50: CapstanDesign = {
  body: '#4d6b5f',
  accent: '#f59e0b',
  trim: '#3f4a52',
  bar: 50,
  bedLength: 2900,
  turret: 'capstan',
  crossSlide: true,
};
const NP65: CapstanDesign = {
  body: '#5b6472',
  accent: '#f97316',
  trim: '#374151',
  bar: 65,
  bedLength: 3200,
  turret: 'saddle',
  crossSlide: true,
};
const RETROFIT_DONOR: CapstanDesign = {
  body: '#6b7280',
  accent: '#f59e0b',
  trim: '#4b5563',
  bar: 32,
  bedLength: 2400,
  turret: 'capstan',
  crossSlide: false,
};
const CL160: CncDesign = {
  bed: 'flat',
  body: '#e8ebee',
  band: '#1e40af',
  accent: '#f97316',
  width: 2200,
  controller: 'fanuc',
  stations: 4,
  tailstock: true,
  toolPost: 'four-way',
};
const TC200: CncDesign = {
  bed: 'flat',
  body: '#eceff2',
  band: '#334155',
  accent: '#f97316',
  width: 2600,
  controller: 'fanuc',
  stations: 8,
  tailstock: true,
  toolPost: 'disc',
};
const SL250: CncDesign = {
  bed: 'slant',
  body: '#f1f3f5',
  band: '#1e40af',
  accent: '#f97316',
  width: 2800,
  controller: 'siemens',
  stations: 12,
  tailstock: true,
  toolPost: 'disc',
};
const SL400: CncDesign = {
  bed: 'slant',
  body: '#d9dde2',
  band: '#1f2937',
  accent: '#f97316',
  width: 3400,
  controller: 'fanuc',
  stations: 12,
  tailstock: true,
  toolPost: 'disc',
};

export const demoCatalogue: DemoCatalogue = {
  machines: [
    {
      name: 'NP-25 All-Geared Capstan Lathe',
      code: 'NP-25',
      category: 'capstan-lathe',
      description:
        'A compact all-geared capstan lathe for small turned components up to 25 mm bar, built for fast, repeatable second operations in auto-component and fastener shops. The six-station hexagonal turret and hardened bed ways keep sizes steady across long batches.',
      brand: OWN_MAKE,
      price: 1_540_000,
      originalPrice: 1_690_000,
      rating: 4.5,
      reviewCount: 86,
      features: [
        'All-geared headstock with 8 spindle speeds selected by lever',
        'Six-station hexagonal capstan turret with individual length stops',
        'Induction-hardened and ground bed ways',
        'Push-type collet chuck for quick bar changes',
        'Centralised one-shot lubrication',
      ],
      specifications: specs({
        'Bar Capacity': '25 mm round',
        'Spindle Bore': '32 mm',
        'Spindle Speed Range': '120 – 2000 rpm (8 steps)',
        'Main Motor Power': '3 HP (2.2 kW)',
        'Number of Turret Stations': '6',
        'Max Turning Length': '150 mm (capstan stroke)',
        'Swing over Bed': '320 mm',
        'Machine Weight': '1,150 kg',
      }),
      featured: false,
      pictures: gallery((view) => capstanLathe({ ...NP25, view })),
    },
    {
      name: 'NP-38 All-Geared Capstan Lathe',
      code: 'NP-38',
      category: 'capstan-lathe',
      description:
        'Our best-selling capstan lathe: 38 mm bar capacity, a rigid cross slide with front and rear tool posts, and a six-station turret for drilling, boring and threading in one set-up. Ideal for bushes, pins, unions and pump components in medium batches.',
      brand: OWN_MAKE,
      price: 1_890_000,
      originalPrice: null,
      rating: 4.7,
      reviewCount: 132,
      features: [
        'All-geared headstock with hardened and ground alloy-steel gears',
        'Cross slide with four-way front tool post and rear parting post',
        'Six-station capstan turret with adjustable drum stops',
        'Spindle mounted on precision taper roller bearings',
        'Coolant system with flexible nozzle and chip tray',
        'Electricals to IS standards with emergency stop',
      ],
      specifications: specs({
        'Bar Capacity': '38 mm round',
        'Spindle Bore': '45 mm',
        'Spindle Speed Range': '90 – 1800 rpm (8 steps)',
        'Main Motor Power': '5 HP (3.7 kW)',
        'Number of Turret Stations': '6',
        'Max Turning Length': '200 mm (capstan stroke)',
        'Swing over Bed': '380 mm',
        'Cross Slide Travel': '150 mm',
        'Machine Weight': '1,650 kg',
      }),
      featured: true,
      pictures: gallery((view) => capstanLathe({ ...NP38, view })),
    },
    {
      name: 'NP-50HD Heavy-Duty Capstan Lathe',
      code: 'NP-50HD',
      category: 'capstan-lathe',
      description:
        'A heavy-duty capstan lathe with a wide, deep-section bed and 50 mm bar capacity for forged and cast components that need heavy cuts. A 7.5 HP drive and large-diameter spindle bearings deliver steady torque at low speeds.',
      brand: OWN_MAKE,
      price: 2_475_000,
      originalPrice: 2_750_000,
      rating: 4.6,
      reviewCount: 58,
      features: [
        'Heavy ribbed bed casting in FG 260 grey cast iron',
        'Low-speed high-torque gearbox for forgings and castings',
        'Hydraulic collet closing as an option',
        'Six-station turret with hardened index plate',
        'Feed shaft drive to the cross slide with safety clutch',
      ],
      specifications: specs({
        'Bar Capacity': '50 mm round',
        'Spindle Bore': '58 mm',
        'Spindle Speed Range': '60 – 1250 rpm (12 steps)',
        'Main Motor Power': '7.5 HP (5.5 kW)',
        'Number of Turret Stations': '6',
        'Max Turning Length': '250 mm (capstan stroke)',
        'Swing over Bed': '450 mm',
        'Machine Weight': '2,300 kg',
      }),
      featured: false,
      pictures: gallery((view) => capstanLathe({ ...NP50, view })),
    },
    {
      name: 'NP-65T Saddle-Type Turret Lathe',
      code: 'NP-65T',
      category: 'turret-lathe',
      description:
        'A saddle-type turret lathe for larger work: the turret rides directly on the bed saddle for long turning strokes on 65 mm bar and chucked parts up to 300 mm. Suited to valve bodies, flanges and hydraulic fittings.',
      brand: OWN_MAKE,
      price: 3_150_000,
      originalPrice: 3_400_000,
      rating: 4.4,
      reviewCount: 23,
      features: [
        'Saddle-mounted hexagonal turret for long turning strokes',
        'Power feed to saddle and cross slide',
        'Three-spoke pilot wheel with rapid turret indexing',
        'Hardened and ground bed with replaceable wipers',
        'Heavy four-way tool post on the cross slide',
      ],
      specifications: specs({
        'Bar Capacity': '65 mm round',
        'Spindle Bore': '75 mm',
        'Spindle Speed Range': '45 – 1000 rpm (12 steps)',
        'Main Motor Power': '10 HP (7.5 kW)',
        'Number of Turret Stations': '6',
        'Max Turning Length': '450 mm',
        'Swing over Bed': '520 mm',
        'Chucking Capacity': '300 mm',
        'Machine Weight': '3,400 kg',
      }),
      featured: false,
      pictures: gallery((view) => capstanLathe({ ...NP65, view })),
    },
    {
      name: 'NP-CL160 CNC Lathe',
      code: 'NP-CL160',
      category: 'cnc-lathe',
      description:
        'An economical fully enclosed CNC lathe with a four-station electric tool post, made for shops taking their first step from capstan to CNC. Simple Fanuc programming and a small footprint make it easy to add to any line.',
      brand: OWN_MAKE,
      price: 1_980_000,
      originalPrice: null,
      rating: 4.3,
      reviewCount: 41,
      features: [
        'Fanuc 0i-TF control with 10.4" colour screen',
        'Four-station electric tool post with fast indexing',
        'AC servo motors on X and Z with precision ball screws',
        'Full sliding-door guarding with safety interlock',
        'Manual tailstock with live centre',
      ],
      specifications: specs({
        Controller: 'Fanuc 0i-TF',
        'Bar Capacity': '32 mm',
        'Spindle Bore': '42 mm',
        'Spindle Speed Range': '100 – 3500 rpm',
        'Main Motor Power': '5.5 kW (AC spindle)',
        'Number of Turret Stations': '4 (electric tool post)',
        'Max Turning Length': '300 mm',
        'Swing over Bed': '360 mm',
        'Machine Weight': '1,900 kg',
      }),
      featured: false,
      pictures: gallery((view) => cncLathe({ ...CL160, view })),
    },
    {
      name: 'NP-TC200 CNC Turning Centre',
      code: 'NP-TC200',
      category: 'cnc-lathe',
      description:
        'A flat-bed CNC turning centre with an eight-station bi-directional turret and hydraulic chuck, built for production turning of shafts, flanges and pump parts. Rapid traverses of 20 m/min and a rigid cast base keep cycle times short and finishes clean.',
      brand: OWN_MAKE,
      price: 2_790_000,
      originalPrice: 2_990_000,
      rating: 4.8,
      reviewCount: 74,
      features: [
        'Fanuc 0i-TF Plus control with manual guide i conversational programming',
        'Eight-station bi-directional servo turret',
        '8" hydraulic three-jaw chuck with foot switch',
        'Hinged-belt chip conveyor and 150-litre coolant tank',
        'Programmable tailstock and auto lubrication',
      ],
      specifications: specs({
        Controller: 'Fanuc 0i-TF Plus',
        'Bar Capacity': '45 mm',
        'Spindle Bore': '56 mm',
        'Spindle Speed Range': '50 – 4000 rpm',
        'Main Motor Power': '11 kW',
        'Number of Turret Stations': '8',
        'Max Turning Length': '400 mm',
        'Swing over Bed': '480 mm',
        'Rapid Traverse (X/Z)': '20 / 20 m/min',
        'Machine Weight': '3,200 kg',
      }),
      featured: true,
      pictures: gallery((view) => cncLathe({ ...TC200, view })),
    },
    {
      name: 'NP-SL250 Slant-Bed CNC Turning Centre',
      code: 'NP-SL250',
      category: 'cnc-lathe',
      description:
        'A 45° slant-bed turning centre with a twelve-station turret and Siemens 828D control for high-accuracy, high-volume work. The slant bed clears chips straight to the conveyor and keeps the thermal growth low through long shifts.',
      brand: OWN_MAKE,
      price: 3_850_000,
      originalPrice: 4_200_000,
      rating: 4.9,
      reviewCount: 37,
      features: [
        'One-piece 45° slant bed with linear motion guideways',
        'Twelve-station servo turret, 0.2 s adjacent index',
        'Siemens SINUMERIK 828D with ShopTurn graphical programming',
        'Cartridge-type spindle with oil-cooled headstock',
        'Programmable hydraulic tailstock',
        'Side-discharge chip conveyor with chip bin',
      ],
      specifications: specs({
        Controller: 'Siemens 828D',
        'Bar Capacity': '51 mm',
        'Spindle Bore': '62 mm',
        'Spindle Speed Range': '50 – 4500 rpm',
        'Main Motor Power': '15 kW',
        'Number of Turret Stations': '12',
        'Max Turning Length': '500 mm',
        'Swing over Bed': '560 mm',
        'Positioning Accuracy': '±0.005 mm',
        'Machine Weight': '4,100 kg',
      }),
      featured: true,
      pictures: gallery((view) => cncLathe({ ...SL250, view })),
    },
    {
      name: 'NP-SL400 Heavy-Duty Slant-Bed CNC',
      code: 'NP-SL400',
      category: 'cnc-lathe',
      description:
        'Our largest slant-bed CNC for heavy shafts and large flanges, with a 10" chuck, 80 mm bar capacity and a high-torque two-speed spindle. Each machine is configured to the customer’s parts, so it is priced on request.',
      brand: OWN_MAKE,
      price: null,
      originalPrice: null,
      rating: 4.6,
      reviewCount: 12,
      features: [
        'Heavy 45° slant bed with box guideways for interrupted cuts',
        'Two-speed gearbox spindle for high torque at low speed',
        'Twelve-station heavy-duty turret with VDI-50 tooling',
        'Fanuc 0i-TF Plus with 15" touch screen',
        'Hydraulic programmable tailstock with MT-5 quill',
      ],
      specifications: specs({
        Controller: 'Fanuc 0i-TF Plus',
        'Bar Capacity': '80 mm',
        'Spindle Bore': '92 mm',
        'Spindle Speed Range': '30 – 2500 rpm (2 ranges)',
        'Main Motor Power': '22 kW',
        'Number of Turret Stations': '12',
        'Max Turning Length': '1,000 mm',
        'Swing over Bed': '720 mm',
        'Machine Weight': '7,800 kg',
      }),
      featured: false,
      pictures: gallery((view) => cncLathe({ ...SL400, view })),
    },
  ],

  spareParts: [
    {
      name: 'Spring Collet 16 mm Round Bore',
      code: 'NP38-COL-16',
      fits: ['NP-25', 'NP-38'],
      description:
        'Hardened spring-steel push-type collet with three slots and a ground 16 mm bore for round bar. A direct replacement for the collets supplied with our NP-25 and NP-38 capstan lathes.',
      price: 2_350,
      specifications: specs({
        Material: 'EN-31 spring steel',
        'Bore Size': '16 mm round',
        Hardness: 'Head 58–60 HRC, body 45 HRC',
        'Compatible Models': 'NP-25, NP-38',
      }),
      featured: false,
      pictures: [() => collet({ bore: 16 })],
    },
    {
      name: 'Spring Collet 25 mm Round Bore',
      code: 'NP38-COL-25',
      fits: ['NP-25', 'NP-38'],
      description:
        'Three-slot push-type collet with a 25 mm ground bore for full-capacity work on the NP-25 and heavier bar on the NP-38. Ground on the taper for even grip and minimal run-out.',
      price: 3_150,
      specifications: specs({
        Material: 'EN-31 spring steel',
        'Bore Size': '25 mm round',
        'Run-out': '0.02 mm max.',
        'Compatible Models': 'NP-25, NP-38',
      }),
      featured: false,
      pictures: [() => collet({ bore: 25, tone: '#b9c1c8' }), () => collet({ bore: 25, tone: '#b9c1c8', yaw: 70 })],
    },
    {
      name: 'Hexagonal Bore Collet 19 mm A/F',
      code: 'NP38-COLH-19',
      fits: ['NP-25', 'NP-38', 'NP-50HD'],
      description:
        'Spring collet with a 19 mm across-flats hexagonal bore for machining nuts, unions and hex fittings from hex bar stock.',
      price: 4_200,
      specifications: specs({
        Material: 'EN-31 spring steel',
        'Bore Size': '19 mm A/F hexagon',
        Hardness: '58–60 HRC at the gripping head',
        'Compatible Models': 'NP-25, NP-38, NP-50HD',
      }),
      featured: false,
      pictures: [() => collet({ bore: 19, shape: 'hex', tone: '#c8ced4' })],
    },
    {
      name: 'Spring Collet Set 8–25 mm (5 pcs)',
      code: 'NP38-COLSET-5',
      fits: ['NP-25', 'NP-38'],
      description:
        'A set of five round-bore collets in 8, 12, 16, 20 and 25 mm, enough to cover most bar sizes used on a small capstan lathe.',
      price: 12_900,
      specifications: specs({
        'Sizes Included': '8, 12, 16, 20, 25 mm',
        Material: 'EN-31 spring steel',
        'Compatible Models': 'NP-25, NP-38',
      }),
      featured: true,
      pictures: [() => colletSet([8, 12, 16, 20, 25])],
    },
    {
      name: 'Lever-Operated Collet Chuck Assembly',
      code: 'NP50-CCH-01',
      fits: ['NP-38', 'NP-50HD'],
      description:
        'Complete collet chuck with closing sleeve and knurled nose cap that bolts to the spindle flange. Closing and opening take a single lever stroke, cutting bar-change time sharply.',
      price: 48_500,
      specifications: specs({
        'Collet Capacity': 'Up to 38 mm',
        Mounting: 'A2-5 spindle flange',
        'Body Material': 'Alloy steel, case hardened',
        'Compatible Models': 'NP-38, NP-50HD',
      }),
      featured: false,
      pictures: [() => colletChuck({ bore: 20, body: '#1e40af' })],
    },
    {
      name: '3-Jaw Self-Centring Chuck 200 mm',
      code: 'NP-CHK-200',
      fits: ['NP-38', 'NP-50HD', 'NP-65T'],
      description:
        'Scroll-type three-jaw chuck with hardened stepped jaws, supplied with a chuck key and a set of reversible outside jaws.',
      price: 18_900,
      specifications: specs({
        Diameter: '200 mm',
        'Through Bore': '55 mm',
        'Max Speed': '3000 rpm',
        'Compatible Models': 'NP-38, NP-50HD, NP-65T',
      }),
      featured: true,
      pictures: [() => threeJawChuck({ diameter: 200, body: '#a9b2bb' })],
    },
    {
      name: 'Hydraulic Power Chuck 8" (3-Jaw)',
      code: 'TC-PCH-08',
      fits: ['NP-TC200', 'NP-SL250'],
      description:
        'Through-hole hydraulic power chuck with serrated master jaws for CNC turning centres. Gives consistent clamping force shift after shift.',
      price: 92_000,
      specifications: specs({
        Diameter: '210 mm (8")',
        'Through Bore': '52 mm',
        'Max Speed': '4500 rpm',
        'Jaw Stroke': '5.5 mm on diameter',
        'Compatible Models': 'NP-TC200, NP-SL250',
      }),
      featured: false,
      pictures: [() => powerChuck({ diameter: 210 })],
    },
    {
      name: 'Hydraulic Rotary Chuck Cylinder',
      code: 'TC-RCY-01',
      fits: ['NP-TC200', 'NP-SL250', 'NP-SL400'],
      description:
        'Through-hole rotary cylinder that actuates the power chuck via the draw tube, with built-in check valves that hold the grip if pressure is lost.',
      price: 78_500,
      specifications: specs({
        'Piston Area': '123 cm²',
        'Max Pressure': '40 bar',
        'Max Speed': '5000 rpm',
        'Through Hole': '46 mm',
        'Compatible Models': 'NP-TC200, NP-SL250, NP-SL400',
      }),
      featured: false,
      pictures: [() => rotaryCylinder({ body: '#1f2937' })],
    },
    {
      name: 'Capstan Turret Boring Tool Holder',
      code: 'NP-TH-BOR',
      fits: ['NP-25', 'NP-38', 'NP-50HD'],
      description:
        'Round-shank turret holder with a cross-clamped boring bar for internal turning on the capstan turret. Two screws lock the bar at any overhang.',
      price: 6_800,
      specifications: specs({
        'Shank Diameter': '40 mm',
        'Bar Capacity': '20 mm',
        Material: 'EN-24, hardened and ground',
        'Compatible Models': 'NP-25, NP-38, NP-50HD',
      }),
      featured: false,
      pictures: [() => toolHolder('boring')],
    },
    {
      name: 'Knee Tool Holder for Capstan Turret',
      code: 'NP-TH-KNEE',
      fits: ['NP-38', 'NP-50HD', 'NP-65T'],
      description:
        'Knee-type holder that carries a turning tool below the turret face, so the turret can turn a diameter while a drill or centre works on the axis.',
      price: 7_400,
      specifications: specs({
        'Shank Diameter': '40 mm',
        'Tool Bit Size': '16 × 16 mm',
        Material: 'EN-24, hardened',
        'Compatible Models': 'NP-38, NP-50HD, NP-65T',
      }),
      featured: false,
      pictures: [() => toolHolder('knee')],
    },
    {
      name: 'Turret Drill Holder with Drill Chuck',
      code: 'NP-TH-DRL',
      fits: ['NP-25', 'NP-38'],
      description:
        'Round-shank holder with a keyless 13 mm drill chuck for centring and drilling from the capstan turret.',
      price: 5_900,
      specifications: specs({
        'Shank Diameter': '40 mm',
        'Drill Capacity': '1 – 13 mm',
        'Compatible Models': 'NP-25, NP-38',
      }),
      featured: false,
      pictures: [() => toolHolder('drill')],
    },
    {
      name: 'VDI-30 Axial Tool Holder',
      code: 'TC-VDI30-AX',
      fits: ['NP-TC200', 'NP-SL250'],
      description:
        'DIN 69880 VDI-30 axial holder for boring bars and drills on CNC turrets, with a serrated shank for fast, repeatable location.',
      price: 9_800,
      specifications: specs({
        Standard: 'DIN 69880 (VDI 30)',
        'Bore Diameter': '32 mm',
        Coolant: 'Through-tool',
        'Compatible Models': 'NP-TC200, NP-SL250',
      }),
      featured: false,
      pictures: [() => toolHolder('vdi')],
    },
    {
      name: 'Four-Way Turret Tool Post',
      code: 'NP-TP-4W',
      fits: ['NP-38', 'NP-50HD', 'NP-65T'],
      description:
        'Indexing four-way tool post for the cross slide, holding four tools ready with a single clamping lever and positive 90° location.',
      price: 14_500,
      specifications: specs({
        'Tool Size': 'Up to 20 × 20 mm',
        Indexing: '4 × 90°, hardened locating pin',
        'Compatible Models': 'NP-38, NP-50HD, NP-65T',
      }),
      featured: false,
      pictures: [() => fourWayToolPost({ body: '#5b6570' })],
    },
    {
      name: 'Spindle Bearing Set – Angular Contact Matched Pair',
      code: 'TC-BRG-ACP',
      fits: ['NP-TC200', 'NP-SL250'],
      description:
        'Precision P4-class angular contact ball bearings supplied as a matched duplex pair for the front spindle bearing position. Replace in pairs to keep preload and accuracy.',
      price: 24_800,
      specifications: specs({
        'Bearing Type': '7012 ACD/P4A, DB arrangement',
        'Size (Bore × OD × Width)': '60 × 95 × 18 mm (each)',
        'Precision Class': 'P4',
        'Compatible Models': 'NP-TC200, NP-SL250',
      }),
      featured: true,
      pictures: [() => bearing({ outer: 100, bore: 60, width: 18, stacked: true, balls: 18 })],
    },
    {
      name: 'Deep Groove Ball Bearing 6210',
      code: 'BRG-6210',
      fits: ['NP-25', 'NP-38'],
      description:
        'General-purpose deep groove ball bearing used on gearbox and feed shafts. Available open or with rubber seals on both sides (6210-2RS).',
      price: 1_150,
      specifications: specs({
        'Size (Bore × OD × Width)': '50 × 90 × 20 mm',
        'Dynamic Load Rating': '37.1 kN',
        Variants: 'Open, 2RS sealed',
      }),
      featured: false,
      pictures: [
        () => bearing({ outer: 90, bore: 50, width: 20, balls: 10 }),
        () => bearing({ outer: 90, bore: 50, width: 20, shield: true }),
      ],
    },
    {
      name: 'Taper Roller Bearing 32012',
      code: 'BRG-32012',
      fits: ['NP-38', 'NP-50HD'],
      description:
        'Taper roller bearing (cone and cup) for the rear spindle position of capstan lathes; carries the heavy thrust of turret drilling.',
      price: 3_600,
      specifications: specs({
        'Size (Bore × OD × Width)': '60 × 95 × 23 mm',
        'Compatible Models': 'NP-38, NP-50HD',
        'Dynamic Load Rating': '89 kN',
      }),
      featured: false,
      pictures: [() => taperRollerBearing({ outer: 95, bore: 60, width: 23 })],
    },
    {
      name: 'V-Belt Set B-Section (Set of 3)',
      code: 'NP-VB-B3',
      fits: ['NP-25', 'NP-38'],
      description:
        'Matched set of three B-section V-belts for the main motor drive. Always change the full set so all three belts share the load.',
      price: 1_650,
      specifications: specs({
        Section: 'B (17 mm)',
        Length: 'B-62 (1575 mm pitch length)',
        Quantity: '3 belts, length-matched',
        'Compatible Models': 'NP-25, NP-38',
      }),
      featured: false,
      pictures: [() => vBeltDrive({ belts: 3 })],
    },
    {
      name: 'Main Motor Pulley 3-Groove',
      code: 'NP-PUL-3G',
      fits: ['NP-38', 'NP-50HD'],
      description: 'Cast-iron three-groove B-section pulley for the main motor shaft, dynamically balanced and keyed.',
      price: 4_800,
      specifications: specs({
        'Pitch Diameter': '160 mm',
        Grooves: '3 × B-section',
        Bore: '38 mm with 10 mm keyway',
        Material: 'FG 260 cast iron',
      }),
      featured: false,
      pictures: [() => motorPulley({ grooves: 3 })],
    },
    {
      name: 'Headstock Gear Set (Hardened & Ground)',
      code: 'NP-GR-HS',
      fits: ['NP-38', 'NP-50HD'],
      description:
        'Sliding gear cluster for the all-geared headstock, hobbed, case-hardened and profile-ground for quiet running at high speeds.',
      price: 42_000,
      specifications: specs({
        Material: '20MnCr5, case carburised',
        Hardness: '58–60 HRC',
        Teeth: '40 / 32 / 24, module 2.5',
        'Compatible Models': 'NP-38, NP-50HD',
      }),
      featured: true,
      pictures: [() => gearCluster([40, 32, 24]), () => gearCluster([40, 32, 24], '#b4bcc4', 75)],
    },
    {
      name: 'Spindle Drive Gear Pair',
      code: 'NP-GR-SD',
      fits: ['NP-50HD', 'NP-65T'],
      description:
        'Matched pinion and gear for the final spindle drive, supplied as a pair and run in together at our works.',
      price: 18_500,
      specifications: specs({
        Module: '5',
        Teeth: '36 and 20',
        Material: 'EN-353, case hardened',
        'Compatible Models': 'NP-50HD, NP-65T',
      }),
      featured: false,
      pictures: [() => gearPair({ teeth: [36, 20], module: 5 })],
    },
    {
      name: 'Feed Gearbox Change Gear Set',
      code: 'NP-GR-FB',
      fits: ['NP-65T'],
      description:
        'Set of four change gears for the feed gearbox, giving the standard range of feeds and metric threads.',
      price: 16_500,
      specifications: specs({
        'Gears Included': '24, 30, 36 and 45 teeth',
        Module: '2',
        Material: 'EN-8, hardened teeth',
      }),
      featured: false,
      pictures: [
        () =>
          gearSpread([
            [30, 75],
            [45, 110],
            [24, 60],
            [36, 90],
          ]),
      ],
    },
    {
      name: 'Worm and Worm Wheel Set',
      code: 'NP-WRM-01',
      fits: ['NP-50HD', 'NP-65T'],
      description: 'Hardened steel worm with a phosphor-bronze worm wheel for the apron feed drive.',
      price: 12_800,
      specifications: specs({
        Ratio: '40 : 1',
        'Worm Material': 'EN-36, case hardened and ground',
        'Wheel Material': 'Phosphor bronze PB2',
        'Compatible Models': 'NP-50HD, NP-65T',
      }),
      featured: false,
      pictures: [() => wormSet()],
    },
    {
      name: 'Lead Screw with Bronze Nut',
      code: 'NP65-LS-01',
      fits: ['NP-65T'],
      description:
        'Acme-thread lead screw with a matching phosphor-bronze half nut for the saddle thread-cutting drive.',
      price: 14_500,
      specifications: specs({
        Thread: 'Tr 36 × 6 (Acme)',
        Length: '1,800 mm',
        Material: 'EN-8, thread rolled',
        'Compatible Models': 'NP-65T',
      }),
      featured: false,
      pictures: [() => leadScrew({ length: 900, nut: 'bronze' })],
    },
    {
      name: 'Ball Screw Assembly for CNC Retrofit',
      code: 'RTF-BS-01',
      fits: ['NP-25', 'NP-38', 'NP-50HD'],
      description:
        'Ground ball screw with preloaded flanged nut and end-support blocks, sized for converting capstan lathes to CNC.',
      price: null,
      specifications: specs({
        'Diameter × Lead': '32 × 10 mm',
        Accuracy: 'C5 ground',
        'Nut Type': 'Flanged, double nut preloaded',
        Length: 'Cut to suit machine',
      }),
      featured: false,
      pictures: [() => leadScrew({ length: 800, nut: 'ball' })],
    },
    {
      name: 'Feed Shaft (Keyed)',
      code: 'NP-FS-01',
      fits: ['NP-38', 'NP-50HD'],
      description:
        'Ground keyed feed shaft that drives the apron and cross-slide feeds, supplied with its bronze bush and gear.',
      price: 8_900,
      specifications: specs({
        Diameter: '25 mm',
        Length: '1,500 mm',
        Keyway: '8 mm full length',
        'Compatible Models': 'NP-38, NP-50HD',
      }),
      featured: false,
      pictures: [() => feedShaft({ length: 900 })],
    },
    {
      name: 'Multi-Plate Clutch Plate Set',
      code: 'NP-CLU-MP',
      fits: ['NP-38', 'NP-50HD', 'NP-65T'],
      description:
        'Sintered bronze friction plates with hardened steel inner plates for the headstock forward/reverse clutch.',
      price: 6_800,
      specifications: specs({
        'Plates in Set': '5 friction + 4 steel',
        'Outer Diameter': '180 mm',
        'Friction Material': 'Sintered bronze',
        'Compatible Models': 'NP-38, NP-50HD, NP-65T',
      }),
      featured: false,
      pictures: [() => clutchPack({ plates: 9 })],
    },
    {
      name: 'Coolant Pump 0.1 kW (Immersion Type)',
      code: 'CP-01-IMM',
      fits: ['NP-25', 'NP-38', 'NP-50HD'],
      description:
        'Vertical immersion coolant pump that mounts on the tank lid; quiet, self-priming and rated for continuous duty.',
      price: 7_200,
      specifications: specs({
        Power: '0.1 kW, 415 V, 3-phase',
        Flow: '25 litres/min',
        'Immersion Depth': '180 mm',
        'Compatible Models': 'All capstan lathes',
      }),
      featured: false,
      pictures: [() => coolantPump({ motor: '#1e40af' })],
    },
    {
      name: 'Carbide Turning Inserts CNMG 120408 (Pack of 10)',
      code: 'INS-CNMG-120408',
      fits: ['NP-CL160', 'NP-TC200', 'NP-SL250', 'NP-SL400'],
      description: 'Double-sided 80° rhombic inserts with a TiN-coated medium chip breaker for general steel turning.',
      price: 3_400,
      specifications: specs({
        'Insert Geometry': 'CNMG 120408',
        Grade: 'P25, TiN/TiCN coated',
        'Pack Quantity': '10',
      }),
      featured: false,
      pictures: [() => carbideInserts({ shape: 'C', coat: 'gold' })],
    },
    {
      name: 'Carbide Turning Inserts TNMG 160404 (Pack of 10)',
      code: 'INS-TNMG-160404',
      fits: ['NP-CL160', 'NP-TC200'],
      description:
        'Triangular inserts with a fine chip breaker and black PVD coating, suited to finishing stainless steel.',
      price: 3_100,
      specifications: specs({
        'Insert Geometry': 'TNMG 160404',
        Grade: 'M20, PVD coated',
        'Pack Quantity': '10',
      }),
      featured: false,
      pictures: [() => carbideInserts({ shape: 'T', coat: 'black' })],
    },
    {
      name: 'Indexable Boring Bar S25T-SCLCR 09',
      code: 'BB-S25T-SCLCR09',
      fits: ['NP-TC200', 'NP-SL250', 'NP-SL400'],
      description: 'Steel-shank boring bar with through-coolant for CCMT 09 inserts, for bores from 32 mm.',
      price: 5_600,
      specifications: specs({
        'Shank Diameter': '25 mm',
        'Min. Bore': '32 mm',
        Insert: 'CCMT 09T304',
      }),
      featured: false,
      pictures: [() => boringBar({ length: 300, diameter: 32 })],
    },
    {
      name: 'Tailstock Quill Assembly',
      code: 'TC-TSQ-01',
      fits: ['NP-TC200', 'NP-SL250'],
      description: 'Hardened and ground tailstock quill with MT-4 taper bore and keyway, supplied with a dead centre.',
      price: 16_800,
      specifications: specs({
        'Quill Diameter': '70 mm',
        Taper: 'MT-4',
        Stroke: '120 mm',
        'Compatible Models': 'NP-TC200, NP-SL250',
      }),
      featured: false,
      pictures: [() => tailstockQuill()],
    },
    {
      name: 'Live Revolving Centre MT-4',
      code: 'LC-MT4',
      fits: ['NP-TC200', 'NP-SL250'],
      description: 'Heavy-duty live centre with sealed bearings for high-speed CNC turning between centres.',
      price: 7_900,
      specifications: specs({
        Taper: 'MT-4',
        'Max Speed': '5000 rpm',
        'Run-out': '0.005 mm',
      }),
      featured: false,
      pictures: [() => liveCentre()],
    },
    {
      name: 'Bar Feeder Guide Tube',
      code: 'BF-GT-01',
      fits: ['NP-38', 'NP-50HD'],
      description:
        'Steel guide tube with flared entry and supporting stands that keeps long bar steady and quiet as it feeds into the spindle.',
      price: null,
      specifications: specs({
        'Tube Bore': 'To suit bar, 20 – 65 mm',
        Length: '1.5 m standard, longer on request',
        'Stand Height': 'Adjustable to spindle centre height',
      }),
      featured: false,
      pictures: [() => barFeederTube({ length: 1400, stand: '#1e40af' })],
    },
    {
      name: 'Roller Lever Limit Switch (IP67)',
      code: 'LS-RL-IP67',
      fits: ['NP-CL160', 'NP-TC200', 'NP-SL250', 'NP-SL400'],
      description:
        'Die-cast limit switch with an adjustable roller lever for saddle and turret stops; also available in plunger and roller-plunger heads.',
      price: 1_250,
      specifications: specs({
        Contacts: '1 NO + 1 NC, snap action',
        Rating: '10 A, 240 V AC',
        'Ingress Protection': 'IP67',
        'Head Types': 'Roller lever, plunger, roller plunger',
      }),
      featured: false,
      pictures: [
        () => limitSwitch({ heads: ['roller-lever'], colour: '#1e40af' }),
        () => limitSwitch({ heads: ['roller-lever', 'plunger', 'roller-plunger'], colour: '#f97316' }),
      ],
    },
    {
      name: 'Capstan Pilot Wheel (4-Spoke)',
      code: 'NP-PW-4S',
      fits: ['NP-25', 'NP-38', 'NP-50HD'],
      description:
        'Four-spoke star pilot wheel with moulded knobs for the capstan slide, replacing worn or broken wheels.',
      price: 3_900,
      specifications: specs({
        'Spoke Reach': '240 mm',
        'Hub Bore': '25 mm keyed',
        'Compatible Models': 'NP-25, NP-38, NP-50HD',
      }),
      featured: false,
      pictures: [() => starWheel({ spokes: 4, knob: '#f97316' })],
    },
    {
      name: 'Flexible Coolant Nozzle Pipe',
      code: 'CN-FLEX-01',
      fits: ['NP-25', 'NP-38', 'NP-50HD', 'NP-65T'],
      description: 'Modular ball-jointed coolant hose with a round nozzle that stays exactly where it is set.',
      price: 650,
      specifications: specs({
        Size: '1/4"',
        Length: '300 mm with nozzle and base',
        Material: 'Acetal copolymer',
      }),
      featured: false,
      pictures: [() => coolantNozzle({ colours: ['#f97316', '#2563eb'] })],
    },
    {
      name: 'Anti-Vibration Levelling Pads (Set of 4)',
      code: 'LP-AV-4',
      fits: ['NP-SL250', 'NP-SL400'],
      description: 'Rubber-damped levelling mounts with M16 studs for installing lathes without grouting.',
      price: 2_800,
      specifications: specs({
        'Load per Pad': '1,500 kg',
        'Stud Size': 'M16 × 150 mm',
        'Pad Diameter': '140 mm',
      }),
      featured: false,
      pictures: [() => levellingPads({ count: 4 })],
    },
    {
      name: 'Soft Jaws Set for 8" Power Chuck',
      code: 'TC-SJ-08',
      fits: ['NP-TC200', 'NP-SL250'],
      description:
        'Set of three machinable soft jaws with 1.5 × 60° serrations, bored to suit each job for accurate second operations.',
      price: 4_200,
      specifications: specs({
        Serration: '1.5 mm × 60°',
        Material: 'Mild steel EN-8, unhardened',
        'Compatible Models': 'NP-TC200, NP-SL250',
      }),
      featured: false,
      pictures: [() => softJaws({ material: '#c9ced3' })],
    },
    {
      name: 'Main Spindle (Hardened & Ground)',
      code: 'NP-SPN-01',
      fits: ['NP-38', 'NP-50HD'],
      description:
        'Replacement main spindle with bearings fitted, ground between centres and balanced. Priced on request after checking the machine serial number.',
      price: null,
      specifications: specs({
        Material: 'EN-24, hardened and ground',
        'Spindle Nose': 'A2-6',
        'Run-out': '0.003 mm at nose',
        'Compatible Models': 'NP-38, NP-50HD',
      }),
      featured: false,
      pictures: [() => spindleShaft()],
    },
  ],

  services: [
    {
      name: 'Installation & Commissioning',
      code: 'SVC-INS-01',
      description:
        'Our engineers unload, level and align your new machine, connect power and coolant, and run trial parts with your operators before handing over. Every installation ends with a signed geometry and accuracy report.',
      specification: textSpecs({
        Duration: '2 – 4 working days per machine',
        Coverage: 'Levelling, alignment, power-up, trial run and handover',
        'Geometry Report': 'As per IS 6040 / ISO 13041',
      }),
      featured: true,
      pictures: [() => installationCnc(TC200), () => installationCapstan(NP38)],
    },
    {
      name: 'Annual Maintenance Contract (AMC)',
      code: 'SVC-AMC-01',
      description:
        'Planned preventive maintenance with quarterly visits, priority breakdown support and discounted spares, so your machines stay accurate and available. Contracts cost ₹28,000 to ₹85,000 a year per machine depending on type and age.',
      specification: textSpecs({
        'Annual Fee': '₹28,000 – ₹85,000 per machine',
        'Preventive Visits': '4 per year (quarterly)',
        'Response Time': 'Within 24 hours in Coimbatore, 48 hours elsewhere in South India',
        Coverage: 'Labour, lubrication, alignment check, electrical inspection',
      }),
      featured: true,
      pictures: [() => maintenanceContract()],
    },
    {
      name: 'CNC Retrofit of Capstan Lathes',
      code: 'SVC-RTF-01',
      description:
        'We convert sound old capstan and turret lathes into CNC machines with servo drives, ball screws, an electric turret and a modern control. You keep a proven casting and gain CNC accuracy at a fraction of the cost of a new machine.',
      specification: textSpecs({
        'Controller Options': 'Fanuc 0i-TF, Siemens 808D or 828D',
        'Typical Duration': '3 – 5 weeks',
        Warranty: '12 months on the retrofit kit',
      }),
      featured: false,
      pictures: [() => retrofit(RETROFIT_DONOR), () => retrofitPanel()],
    },
    {
      name: 'Operator Training',
      code: 'SVC-TRN-01',
      description:
        'Hands-on training for operators and setters, from capstan tooling and setting to CNC programming, offsets and daily maintenance. Courses run for 3 to 10 days at our Coimbatore training centre or on your shop floor.',
      specification: textSpecs({
        Duration: '3 – 10 days',
        'Batch Size': 'Up to 6 trainees',
        Languages: 'Tamil, English, Hindi',
        Certificate: 'Issued on completion',
      }),
      featured: false,
      pictures: [() => training('classroom'), () => training('shopfloor')],
    },
    {
      name: 'Custom Machining & Job Work',
      code: 'SVC-JOB-01',
      description:
        'Precision turning and CNC job work on our own capstan and CNC lines: shafts, flanges, bushes and fittings made to your drawing, from prototypes to production batches.',
      specification: textSpecs({
        Capacity: 'Turning up to Ø400 mm × 1,000 mm',
        Materials: 'Mild steel, alloy steel, stainless steel, brass, aluminium',
        'Batch Size': 'Prototype to 50,000 pieces',
        Inspection: 'First-article and in-process reports',
      }),
      featured: false,
      pictures: [() => customParts(), () => turningInAction()],
    },
    {
      name: 'Breakdown Repair & Spares Support',
      code: 'SVC-REP-01',
      description:
        'Fast on-site repair for breakdowns on any Kovai Precision machine, backed by a stock of genuine spares shipped across India.',
      specification: textSpecs({
        'Response Time': 'Same day in Coimbatore, 48 hours in South India',
        'Spares Warranty': '12 months',
      }),
      featured: false,
      pictures: [() => breakdownSupport()],
    },
  ],
};
