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

function increment<V>(counts: Map<V, number>, value: V) {
  counts.set(value, (counts.get(value) ?? 0) + 1);
}

/**
 * Each item's typed specifications, one number per key in that key's one unit, for range filters
 * and their facets (decision 035). Built once per list index, i.e. per catalogue revision. Items
 * are known by their position in the list the values were made from.
 */
export class SpecValues {
  private readonly values: (Map<string, number> | undefined)[] = [];
  /** Every key with numbers, most items first. */
  readonly keys: readonly SpecKey[];
  private readonly keyBySlug: Map<string, SpecKey>;

  constructor(specLists: readonly (readonly TypedSpec[])[]) {
    const list = specLists;
    // Thousands of rows share a handful of keys: slug each spelling once.
    const slugs = new Map<string, string>();
    const slugOf = (key: string) => {
      let slug = slugs.get(key);
      if (slug === undefined) {
        slug = specKeySlug(key);
        slugs.set(key, slug);
      }
      return slug;
    };
    const spellings = new Map<string, Map<string, number>>();
    const units = new Map<string, Map<SpecUnit | null, number>>();
    for (const specs of list) {
      for (const spec of specs) {
        const slug = slugOf(spec.key);
        if (slug === '' || !Number.isFinite(spec.number)) continue;
        increment(spellings.get(slug) ?? spellings.set(slug, new Map()).get(slug)!, spec.key);
        increment(units.get(slug) ?? units.set(slug, new Map()).get(slug)!, spec.unit);
      }
    }
    const unitOf = new Map([...units].map(([slug, counts]) => [slug, mostCommon(counts)]));

    const itemsPerKey = new Map<string, number>();
    for (const specs of list) {
      const own = new Map<string, number>();
      for (const spec of specs) {
        const slug = slugOf(spec.key);
        if (!unitOf.has(slug) || own.has(slug)) continue;
        const unit = unitOf.get(slug) ?? null;
        const value = convertTo(spec, unit);
        if (value === null) continue;
        own.set(slug, value);
        increment(itemsPerKey, slug);
      }
      this.values.push(own.size > 0 ? own : undefined);
    }
    this.keys = [...itemsPerKey]
      .map(([slug, items]) => ({ slug, key: mostCommon(spellings.get(slug)!), unit: unitOf.get(slug) ?? null, items }))
      .sort((a, b) => b.items - a.items || (a.slug < b.slug ? -1 : 1));
    this.keyBySlug = new Map(this.keys.map((key) => [key.slug, key]));
  }

  /** True when the item at `position` lies inside every range (one without the specification does not). */
  /**
   * The unit each of `slugs` is read in (none: no item has a number for it), as one string: while
   * it is the same, whether an item passes a range on those keys depends on its own rows alone.
   */
  unitsOf(slugs: readonly string[]): string {
    return JSON.stringify(
      slugs.map((slug) => (this.keyBySlug.has(slug) ? (this.keyBySlug.get(slug)!.unit ?? '') : null)),
    );
  }

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
