/**
 * Typed specifications (decision 031): a specification row may carry a number and a unit from this
 * fixed list besides its text. A closed list, so that rows from different items can be compared,
 * converted and filtered; free-text units would make "mm", "MM" and "mm." three units.
 */
export const SPEC_UNITS = [
  'mm',
  'inch',
  'rpm',
  'kW',
  'HP',
  'kg',
  'N·m',
  'bar',
  'L',
  'V',
  'mm/min',
  'm/min',
  'μm',
  '°',
  'steps',
] as const;
export type SpecUnit = (typeof SPEC_UNITS)[number];

export function isSpecUnit(value: unknown): value is SpecUnit {
  return typeof value === 'string' && (SPEC_UNITS as readonly string[]).includes(value);
}

/** What a specification row needs to be printed (the shared row type is a superset). */
export interface SpecificationValue {
  value: string;
  number?: number | null;
  unit?: SpecUnit | null;
}

const indianNumber = new Intl.NumberFormat('en-IN', { maximumFractionDigits: 3 });

/** A number as Indian readers write it: 1,00,000 and at most 3 decimals. */
export function formatSpecNumber(value: number): string {
  return indianNumber.format(value);
}

/**
 * The printed value of a row: `38 mm`, `1,500 rpm (max)`, `45°`; the text alone for the
 * free-text rows that predate units. The SPEC §3 key-to-value maps carry this, so clients that
 * only know text still show the unit.
 */
export function formatSpecification(row: SpecificationValue): string {
  const text = row.value.trim();
  if (row.number === null || row.number === undefined || !Number.isFinite(row.number)) return text;
  const unit = row.unit ? (row.unit === '°' ? row.unit : ` ${row.unit}`) : '';
  const printed = `${formatSpecNumber(row.number)}${unit}`;
  return text === '' || remarkRepeatsNumber(text, row.number, row.unit) ? printed : `${printed} (${text})`;
}

/**
 * Whether a typed row's text only says its number again (`600 mm`, `600mm`, `1,500`, `600` beside
 * 600 mm): a row written as text before units existed and then given its number. Such text is no
 * remark, so the value is printed and edited once, as the number with its unit.
 */
export function remarkRepeatsNumber(text: string, number: number, unit: SpecUnit | null | undefined): boolean {
  const compact = text.replace(/\s+/g, '').replaceAll(',', '').toLowerCase();
  const unitText = (unit ?? '').toLowerCase();
  const numberText = unitText !== '' && compact.endsWith(unitText) ? compact.slice(0, -unitText.length) : compact;
  return /^[-+]?(\d+\.?\d*|\.\d+)$/.test(numberText) && Number(numberText) === number;
}

/** Units that measure the same quantity; rows in one family can be shown in one unit. */
export type SpecUnitFamily =
  'length' | 'power' | 'feed' | Exclude<SpecUnit, 'mm' | 'inch' | 'kW' | 'HP' | 'mm/min' | 'm/min'>;

export function specUnitFamily(unit: SpecUnit): SpecUnitFamily {
  switch (unit) {
    case 'mm':
    case 'inch':
      return 'length';
    case 'kW':
    case 'HP':
      return 'power';
    case 'mm/min':
    case 'm/min':
      return 'feed';
    default:
      return unit;
  }
}

// Each convertible unit as a multiple of its family's base unit (mm, kW, mm/min).
// HP is the mechanical horsepower (745.699872 W), the one Indian motor plates use beside kW.
const TO_BASE: Partial<Record<SpecUnit, number>> = {
  mm: 1,
  inch: 25.4,
  kW: 1,
  HP: 0.745699872,
  'mm/min': 1,
  'm/min': 1000,
};

/**
 * How a number in `from` becomes one in `to`: multiplied, then divided (in that order, so that a
 * database doing the same arithmetic gets the same number); null when the two units measure
 * different things.
 */
export function specConversion(from: SpecUnit, to: SpecUnit): { multiply: number; divide: number } | null {
  if (from === to) return { multiply: 1, divide: 1 };
  if (specUnitFamily(from) !== specUnitFamily(to)) return null;
  const fromFactor = TO_BASE[from];
  const toFactor = TO_BASE[to];
  if (fromFactor === undefined || toFactor === undefined) return null;
  return { multiply: fromFactor, divide: toFactor };
}

/** What a number in `unit` is multiplied by to be in its family's base unit (mm, kW, mm/min); 1 for the rest. */
export function specBaseFactor(unit: SpecUnit | null): number {
  return unit === null ? 1 : (TO_BASE[unit] ?? 1);
}

/** `value` in `from` expressed in `to`; null when the two units measure different things. */
export function convertSpecNumber(value: number, from: SpecUnit, to: SpecUnit): number | null {
  if (!Number.isFinite(value)) return null;
  if (from === to) return value;
  const conversion = specConversion(from, to);
  return conversion === null ? null : (value * conversion.multiply) / conversion.divide;
}
