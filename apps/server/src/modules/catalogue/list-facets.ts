import {
  convertSpecNumber,
  inRange,
  SPEC_FACET_MAX,
  SPEC_FACET_MIN_ITEMS,
  specKeySlug,
  type SpecFacet,
  type SpecRange,
  type SpecUnit,
} from '@capstan/shared';

/** A specification row that carries a number (the only rows a range can filter). */
export interface TypedSpec {
  key: string;
  number: number;
  unit: SpecUnit | null;
}

interface SpecKey {
  slug: string;
  /** The spelling most items use. */
  key: string;
  /** The unit most rows use; the others are converted to it, or left out when they cannot be. */
  unit: SpecUnit | null;
  /** Items with a number for this key in `unit`. */
  items: number;
}

// Conversions such as HP → kW give long fractions; six decimals keep equal values equal.
const round6 = (value: number) => Math.round(value * 1e6) / 1e6;
export const floor3 = (value: number) => Math.floor(value * 1000 + 1e-9) / 1000;
export const ceil3 = (value: number) => Math.ceil(value * 1000 - 1e-9) / 1000;

/** The value counted most often; ties go to the first counted. */
export function mostCommon<V>(counts: Map<V, number>): V {
  let best: V | undefined;
  let bestCount = -1;
  // Ties go to the first seen, which is the first item in name order: stable across requests.
  for (const [value, count] of counts) {
    if (count > bestCount) {
      best = value;
      bestCount = count;
    }
  }
  return best as V;
}

/** Rows per spelling and per unit of each key: what picks a key's spelling and unit. */
interface KeyCounts {
  spellings: Map<string, number>;
  units: Map<SpecUnit | null, number>;
}

/** A specification key's slug, made once per spelling: thousands of rows share a handful of keys. */
const slugs = new Map<string, string>();
function slugOf(key: string): string {
  let slug = slugs.get(key);
  if (slug === undefined) {
    slug = specKeySlug(key);
    // Bounded: staff type the keys, and a pathological catalogue must not grow this forever.
    if (slugs.size < 10_000) slugs.set(key, slug);
  }
  return slug;
}

/** Adds (`by` 1) or takes away (-1) the rows of `specs` in `counts`. */
function countRows(counts: Map<string, KeyCounts>, specs: readonly TypedSpec[], by: 1 | -1): void {
  for (const spec of specs) {
    const slug = slugOf(spec.key);
    if (slug === '' || !Number.isFinite(spec.number)) continue;
    let key = counts.get(slug);
    if (key === undefined) {
      key = { spellings: new Map(), units: new Map() };
      counts.set(slug, key);
    }
    key.spellings.set(spec.key, (key.spellings.get(spec.key) ?? 0) + by);
    key.units.set(spec.unit, (key.units.get(spec.unit) ?? 0) + by);
  }
}

/** Whether the largest count is shared: then mostCommon() picks by the order the rows were counted in. */
function tied<V>(counts: Map<V, number>): boolean {
  let best = -1;
  let bestTimes = 0;
  for (const count of counts.values()) {
    if (count > best) {
      best = count;
      bestTimes = 1;
    } else if (count === best) bestTimes += 1;
  }
  return bestTimes > 1;
}

/** Each of an item's keys read in the key's unit: its first row that converts; undefined when none. */
function ownValues(specs: readonly TypedSpec[], unitOf: ReadonlyMap<string, SpecUnit | null>) {
  const own = new Map<string, number>();
  for (const spec of specs) {
    const slug = slugOf(spec.key);
    if (!unitOf.has(slug) || own.has(slug)) continue;
    const value = convertTo(spec, unitOf.get(slug) ?? null);
    if (value !== null) own.set(slug, value);
  }
  return own.size > 0 ? own : undefined;
}

/** Where each item of a patched list comes from: its position in the list patched, or its rows when new. */
export type PatchedLayout = readonly (number | readonly TypedSpec[])[];

/**
 * Each item's typed specifications, one number per key in that key's one unit, for range filters
 * and their facets (decision 035). Built once per list index, i.e. per catalogue revision, or moved
 * forward from the previous index's by the items a patch changed (patched()). Items are known by
 * their position in the list the values were made from.
 */
export class SpecValues {
  /** Every key with numbers, most items first. */
  readonly keys: readonly SpecKey[];
  private readonly keyBySlug: Map<string, SpecKey>;

  private constructor(
    private readonly counts: Map<string, KeyCounts>,
    private readonly unitOf: ReadonlyMap<string, SpecUnit | null>,
    private readonly values: readonly (Map<string, number> | undefined)[],
    /** Items with a number for each key in its unit. */
    private readonly itemsPerKey: Map<string, number>,
  ) {
    this.keys = [...itemsPerKey]
      .filter(([, items]) => items > 0)
      .map(([slug, items]) => ({
        slug,
        key: mostCommon(counts.get(slug)!.spellings),
        unit: unitOf.get(slug) ?? null,
        items,
      }))
      .sort((a, b) => b.items - a.items || (a.slug < b.slug ? -1 : 1));
    this.keyBySlug = new Map(this.keys.map((key) => [key.slug, key]));
  }

  /** The values of the items whose specifications are `specLists`, by position. */
  static of(specLists: readonly (readonly TypedSpec[])[]): SpecValues {
    const counts = new Map<string, KeyCounts>();
    for (const specs of specLists) countRows(counts, specs, 1);
    const unitOf = new Map([...counts].map(([slug, key]) => [slug, mostCommon(key.units)]));
    const itemsPerKey = new Map<string, number>();
    const values = specLists.map((specs) => {
      const own = ownValues(specs, unitOf);
      for (const slug of own?.keys() ?? []) itemsPerKey.set(slug, (itemsPerKey.get(slug) ?? 0) + 1);
      return own;
    });
    return new SpecValues(counts, unitOf, values, itemsPerKey);
  }

  /**
   * These values moved to a patched list: `removed` are the specifications of the items the patch
   * took out, at their positions here; `layout` says where each item of the new list comes from.
   * Unchanged items keep their values, which costs a pass over the list instead of reading every
   * item's rows again (tens of milliseconds at 25,000 parts, on every save). Null when the patch
   * changes a key's unit, or leaves a key's unit or spelling to a tie that only the order of a
   * whole read decides: the caller reads the list whole (of()).
   */
  patched(
    removed: readonly number[],
    removedSpecs: readonly (readonly TypedSpec[])[],
    layout: PatchedLayout,
  ): SpecValues | null {
    const added = layout.filter((item) => typeof item !== 'number');
    // The keys whose counts the patch moves; the others keep their spelling and unit as they are.
    const touched = new Set([...removedSpecs, ...added].flatMap((specs) => specs.map((spec) => slugOf(spec.key))));
    const counts = new Map(this.counts);
    for (const slug of touched) {
      const key = this.counts.get(slug);
      if (key !== undefined) counts.set(slug, { spellings: new Map(key.spellings), units: new Map(key.units) });
    }
    for (const specs of removedSpecs) countRows(counts, specs, -1);
    for (const specs of added) countRows(counts, specs, 1);
    for (const slug of touched) {
      const key = counts.get(slug);
      if (key === undefined) continue;
      for (const [spelling, count] of key.spellings) if (count === 0) key.spellings.delete(spelling);
      for (const [unit, count] of key.units) if (count === 0) key.units.delete(unit);
      if (key.units.size === 0) {
        counts.delete(slug);
        if (this.unitOf.has(slug)) return null;
        continue;
      }
      if (tied(key.units) || tied(key.spellings)) return null;
      if (!this.unitOf.has(slug) || mostCommon(key.units) !== this.unitOf.get(slug)) return null;
    }
    const itemsPerKey = new Map(this.itemsPerKey);
    for (const position of removed)
      for (const slug of this.values[position]?.keys() ?? []) itemsPerKey.set(slug, itemsPerKey.get(slug)! - 1);
    const values = layout.map((item) => {
      if (typeof item === 'number') return this.values[item];
      const own = ownValues(item, this.unitOf);
      for (const slug of own?.keys() ?? []) itemsPerKey.set(slug, (itemsPerKey.get(slug) ?? 0) + 1);
      return own;
    });
    return new SpecValues(counts, this.unitOf, values, itemsPerKey);
  }

  /**
   * The unit each of `slugs` is read in (none: no item has a number for it), as one string: while
   * it is the same, whether an item passes a range on those keys depends on its own rows alone.
   */
  unitsOf(slugs: readonly string[]): string {
    return JSON.stringify(
      slugs.map((slug) => (this.keyBySlug.has(slug) ? (this.keyBySlug.get(slug)!.unit ?? '') : null)),
    );
  }

  /** True when the item at `position` lies inside every range (one without the specification does not). */
  passes(position: number, filters: readonly SpecRange[]): boolean {
    if (filters.length === 0) return true;
    const own = this.values[position];
    return filters.every((filter) => {
      const value = own?.get(filter.slug);
      return value !== undefined && inRange(value, filter);
    });
  }

  /**
   * The facets for the items at `positions` (the tab's items matching the search and category):
   * the most common keys, and any key being filtered. Each facet counts the entries that pass
   * every other filter, so a visitor sees how far widening this one range would reach.
   */
  facets(positions: readonly number[], filters: readonly SpecRange[]): SpecFacet[] {
    const shown = this.keys
      .filter((key) => key.items >= SPEC_FACET_MIN_ITEMS)
      .slice(0, SPEC_FACET_MAX)
      .map((key) => key.slug);
    for (const filter of filters)
      if (this.keyBySlug.has(filter.slug) && !shown.includes(filter.slug)) shown.push(filter.slug);

    const stats = shown.map((slug) => ({ slug, count: 0, min: Infinity, max: -Infinity }));
    for (const position of positions) {
      const own = this.values[position];
      if (own === undefined) continue;
      // The one filter it fails, if exactly one: it still counts for that facet.
      let failed: string | null = null;
      let failures = 0;
      for (const filter of filters) {
        const value = own.get(filter.slug);
        if (value === undefined || !inRange(value, filter)) {
          failures += 1;
          failed = filter.slug;
          if (failures > 1) break;
        }
      }
      if (failures > 1) continue;
      for (const stat of stats) {
        if (failures === 1 && stat.slug !== failed) continue;
        const value = own.get(stat.slug);
        if (value === undefined) continue;
        stat.count += 1;
        if (value < stat.min) stat.min = value;
        if (value > stat.max) stat.max = value;
      }
    }
    return stats.map((stat) => {
      const slug = stat.slug;
      const key = this.keyBySlug.get(slug)!;
      const selected = filters.find((filter) => filter.slug === slug);
      return {
        slug,
        key: key.key,
        unit: key.unit,
        min: stat.count === 0 ? 0 : floor3(stat.min),
        max: stat.count === 0 ? 0 : ceil3(stat.max),
        count: stat.count,
        selected: selected ? { min: selected.min, max: selected.max } : null,
      };
    });
  }
}

function convertTo(spec: TypedSpec, unit: SpecUnit | null): number | null {
  if (spec.unit === unit) return round6(spec.number);
  if (spec.unit === null || unit === null) return null;
  const converted = convertSpecNumber(spec.number, spec.unit, unit);
  return converted === null ? null : round6(converted);
}

/** An item's rows for `slugs`, in its order, as one string: equal strings pass the same ranges on those keys. */
export function rowsOf(specs: readonly TypedSpec[], slugs: readonly string[]): string {
  return JSON.stringify(
    specs.flatMap((spec) => {
      const slug = specKeySlug(spec.key);
      return slugs.includes(slug) ? [[slug, spec.number, spec.unit]] : [];
    }),
  );
}
